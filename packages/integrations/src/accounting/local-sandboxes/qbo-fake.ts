/**
 * QuickBooks Online played from its XSD field names: every JSON body is checked with checkQboJson
 * (violations recorded and answered with a ValidationFault), minorversion must be 75 or later, a
 * journal entry must balance and name accounts of the company, and a repeated requestid answers the
 * entry it already created. Faults are the documented shapes (Fault.Error[{Message, Detail, code}]).
 */
import { createFakeOAuth, type FakeOAuth } from './fake-oauth';
import { json, type CreatedDocument, type FakeRequest, type FakeResponse, type SandboxAccount } from './fake-types';
import { answerQboQuery } from './qbo-fake-query';
import { checkQboJson, readQboXsd, type QboSchema } from './qbo-xsd';

export const QBO_FAKE_REALM = '9341453012345678';

export const QBO_FAKE_ACCOUNTS = [
  { Id: '35', Name: 'Checking', AccountType: 'Bank', Classification: 'Asset', Active: true, CurrencyRef: { value: 'USD' } },
  { Id: '79', Name: 'Amazon Sales', AcctNum: '4010', AccountType: 'Income', Classification: 'Revenue', Active: true, CurrencyRef: { value: 'USD' } },
  { Id: '80', Name: 'Amazon Seller Fees', AcctNum: '6010', AccountType: 'Expense', Classification: 'Expense', Active: true, CurrencyRef: { value: 'USD' } },
  { Id: '81', Name: 'Amazon FBA Fees', AcctNum: '6020', AccountType: 'Expense', Classification: 'Expense', Active: true, CurrencyRef: { value: 'USD' } },
  { Id: '90', Name: 'Amazon Clearing', AcctNum: '1210', AccountType: 'Other Current Asset', Classification: 'Asset', Active: true, CurrencyRef: { value: 'USD' } },
  { Id: '91', Name: 'Sales Tax Payable', AcctNum: '2200', AccountType: 'Other Current Liability', Classification: 'Liability', Active: true, CurrencyRef: { value: 'USD' } },
  // What Amazon holds back from a payout: a seller's chart keeps it apart from the clearing account.
  { Id: '92', Name: 'Amazon Reserved Balances', AcctNum: '1300', AccountType: 'Other Current Asset', Classification: 'Asset', Active: true, CurrencyRef: { value: 'USD' } },
];
const TAX_CODES = [
  { Id: 'TAX', Name: 'TAX', Active: true },
  { Id: 'NON', Name: 'NON', Active: true },
];
const CLASSES = [
  { Id: '5000000000000001', Name: 'Amazon.com', FullyQualifiedName: 'Amazon.com' },
  { Id: '5000000000000002', Name: 'Amazon.ca', FullyQualifiedName: 'Amazon.ca' },
];

const fault = (status: number, code: string, Message: string, Detail: string, element?: string): FakeResponse =>
  json(status, { Fault: { Error: [{ Message, Detail, code, ...(element ? { element } : {}) }], type: 'ValidationFault' }, time: new Date().toISOString() });

export interface QboFake {
  oauth: FakeOAuth;
  handle(req: FakeRequest): Promise<FakeResponse>;
  violations: string[];
  documents: CreatedDocument[];
  requests: { method: string; path: string; query: string; body: unknown }[];
  /** Sets the company's closing date (Preferences.AccountingInfoPrefs.BookCloseDate, 'YYYY-MM-DD'; null: books not closed). */
  setBookCloseDate(date: string | null): void;
}

const QBO_TYPE: Record<SandboxAccount['kind'], [string, string]> = {
  asset: ['Other Current Asset', 'Asset'],
  liability: ['Other Current Liability', 'Liability'],
  equity: ['Equity', 'Equity'],
  income: ['Income', 'Revenue'],
  expense: ['Expense', 'Expense'],
};

export function createQboFake(options: { clientId: string; clientSecret: string; xsdDir?: string; extraAccounts?: readonly SandboxAccount[] }): QboFake {
  const accounts = [
    ...QBO_FAKE_ACCOUNTS,
    ...(options.extraAccounts ?? [])
      .filter((a) => !QBO_FAKE_ACCOUNTS.some((q) => q.Id === a.code))
      .map((a) => ({ Id: a.code, Name: a.name, AccountType: QBO_TYPE[a.kind][0], Classification: QBO_TYPE[a.kind][1], Active: true, CurrencyRef: { value: 'USD' } })),
  ];
  const oauth = createFakeOAuth({
    name: 'QuickBooks',
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    clientAuth: 'basic',
    requiresPkce: false,
    accessTokenTtlSeconds: 3600,
    extraTokenFields: { x_refresh_token_expires_in: 8_726_400 },
    redirectExtras: { realmId: QBO_FAKE_REALM },
  });
  const schema: QboSchema = readQboXsd(options.xsdDir);
  const violations: string[] = [];
  const documents: CreatedDocument[] = [];
  const requests: QboFake['requests'] = [];
  const byRequestId = new Map<string, FakeResponse>();
  let nextId = 1000;
  let bookCloseDate: string | null = null;

  const createJournalEntry = (body: Record<string, unknown>): FakeResponse => {
    const problems = checkQboJson(schema, 'JournalEntry', body);
    if (problems.length > 0) {
      violations.push(...problems);
      return fault(400, '2010', 'Request has invalid or unsupported property', problems.join('; '));
    }
    if (bookCloseDate !== null && typeof body.TxnDate === 'string' && body.TxnDate <= bookCloseDate) {
      return fault(400, '6210', 'Account Period Closed, Cannot Update Through Services API', `The account period has closed and the books are closed through ${bookCloseDate}: TxnDate ${body.TxnDate} cannot be used.`, 'TxnDate');
    }
    const lines = body.Line as { Amount: number; JournalEntryLineDetail?: { PostingType: string; AccountRef: { value: string } } }[];
    let balance = 0;
    for (const line of lines) {
      const d = line.JournalEntryLineDetail;
      if (!d) return fault(400, '2020', 'Required param missing, need to supply the required value for the API', 'Required parameter Line.JournalEntryLineDetail is missing in the request', 'Line.JournalEntryLineDetail');
      if (!accounts.some((a) => a.Id === d.AccountRef.value)) {
        return fault(400, '2500', 'Invalid Reference Id', `Invalid Reference Id : Accounts element id ${d.AccountRef.value} not found`, 'Line.JournalEntryLineDetail.AccountRef');
      }
      balance += (d.PostingType === 'Debit' ? 1 : -1) * Math.round(line.Amount * 100);
    }
    if (balance !== 0) return fault(400, '6000', 'A business validation error has occurred while processing your request', 'Business Validation Error: You must balance the debits and credits of a journal entry.');
    // checkQboJson has made sure DocNumber (an xsd string) is a plain value, never an object.
    const docNumber = body.DocNumber;
    const docNumberText = typeof docNumber === 'string' || typeof docNumber === 'number' || typeof docNumber === 'boolean' ? String(docNumber) : undefined;
    if (typeof docNumber === 'string' && docNumber && documents.some((d) => d.number === docNumber && d.status !== 'Deleted')) {
      return fault(400, '6140', 'Duplicate Document Number Error', `Duplicate Document Number Error : You must specify a different number. This number has already been used. DocNumber=${docNumber}`);
    }
    const id = String(nextId++);
    const entry = { ...body, Id: id, SyncToken: '0', domain: 'QBO', sparse: false, MetaData: { CreateTime: new Date().toISOString() } };
    documents.push({ system: 'QBO', type: 'JournalEntry', id, number: docNumberText ?? id, status: 'Created', body: entry });
    return json(200, { JournalEntry: entry, time: new Date().toISOString() });
  };

  /** Every call is answered synchronously; `handle` hands the answer (or the throw) back as a promise. */
  const route = (req: FakeRequest): FakeResponse => {
    if (req.path === '/oauth2/authorize') return oauth.authorizePage(req);
    if (req.path === '/oauth2/decide') return oauth.decide(req);
    if (req.path === '/oauth2/v1/tokens/bearer') return oauth.token(req);
    const auth = oauth.check(req.headers.authorization);
    if (auth !== 'valid') {
      return json(401, { fault: { error: [{ message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401', detail: auth === 'expired' ? 'Token expired' : 'Token invalid', code: '3200' }], type: 'AUTHENTICATION' } });
    }
    const m = /^\/v3\/company\/([^/]+)\/(\w+)(?:\/([^/]+))?$/.exec(req.path);
    if (!m) return fault(404, '610', 'Object Not Found', `No resource at ${req.path}`);
    const [, realm, resource, id] = m;
    requests.push({ method: req.method, path: req.path, query: req.query.toString(), body: req.body });
    const minor = Number.parseInt(req.query.get('minorversion') ?? '0', 10);
    if (!(minor >= 75)) {
      violations.push(`${req.method} ${req.path}: minorversion ${req.query.get('minorversion')} (75 or later required)`);
      return fault(400, '5020', 'Minor version not supported', 'Minor versions 1 to 74 are no longer supported; send minorversion=75 or later.');
    }
    if (realm !== QBO_FAKE_REALM) return fault(403, '3100', 'ApplicationAuthorizationFailed', `The token does not grant access to company ${realm}`);
    if (resource === 'companyinfo') return json(200, { CompanyInfo: { Id: '1', CompanyName: 'Sandbox Company_US_1 (Local QuickBooks)', Country: 'US' } });
    if (resource === 'preferences' && req.method === 'GET') {
      return json(200, { Preferences: { Id: '1', SyncToken: '0', AccountingInfoPrefs: { FirstMonthOfFiscalYear: 'January', ...(bookCloseDate ? { BookCloseDate: bookCloseDate } : {}) } }, time: new Date().toISOString() });
    }
    if (resource === 'query' && req.method === 'GET') {
      const journalEntries = documents.filter((d) => d.status !== 'Deleted').map((d) => d.body as Record<string, unknown>);
      return answerQboQuery(req.query.get('query') ?? '', { Account: accounts, TaxCode: TAX_CODES, Class: CLASSES, JournalEntry: journalEntries });
    }
    if (resource === 'journalentry' && req.method === 'GET' && id) {
      const doc = documents.find((d) => d.id === id && d.status !== 'Deleted');
      return doc ? json(200, { JournalEntry: doc.body }) : fault(400, '610', 'Object Not Found', 'Object Not Found : Something you\'re trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.');
    }
    if (resource === 'journalentry' && req.method === 'POST' && req.query.get('operation') === 'delete') {
      const body = req.body as { Id?: string; SyncToken?: string };
      const doc = documents.find((d) => d.id === body.Id && d.status !== 'Deleted');
      if (!doc) return fault(400, '610', 'Object Not Found', 'Object Not Found');
      if (body.SyncToken !== (doc.body as { SyncToken: string }).SyncToken) return fault(400, '5010', 'Stale Object Error', 'Stale Object Error : You and another user were working on the same thing.');
      doc.status = 'Deleted';
      return json(200, { JournalEntry: { Id: doc.id, status: 'Deleted', domain: 'QBO' } });
    }
    if (resource === 'journalentry' && req.method === 'POST') {
      const requestId = req.query.get('requestid');
      if (requestId && requestId.length > 50) violations.push(`requestid longer than 50 characters: ${requestId}`);
      if (requestId && byRequestId.has(requestId)) return byRequestId.get(requestId)!;
      const answer = createJournalEntry((req.body ?? {}) as Record<string, unknown>);
      if (requestId) byRequestId.set(requestId, answer);
      return answer;
    }
    return fault(400, '2010', 'Request has invalid or unsupported property', `${req.method} ${resource} is not played by the local QuickBooks`);
  };

  return {
    oauth,
    violations,
    documents,
    requests,
    setBookCloseDate: (date) => {
      bookCloseDate = date;
    },
    handle: (req) => new Promise((resolve) => resolve(route(req))),
  };
}
