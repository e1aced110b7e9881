/**
 * Xero played from its official OpenAPI document: openapi-backend routes and validates every request
 * (path, query, headers, JSON body, with the overlay), and answers from the spec's examples; creates
 * are kept so tests can count remote documents, and an Idempotency-Key replays the first answer.
 * Every request that breaks the spec is recorded in `violations` and answered 400.
 */
import crypto from 'node:crypto';
import { OpenAPIBackend, type Context } from 'openapi-backend';
import addFormats from 'ajv-formats';
import { createFakeOAuth, type FakeOAuth } from './fake-oauth';
import { json, type CreatedDocument, type FakeRequest, type FakeResponse, type SandboxAccount } from './fake-types';
import { loadXeroSpec } from './xero-spec';

export const XERO_FAKE_TENANT = { tenantId: '5d1c3f6e-2b7e-4f3a-9c1d-7a1e0c2b3d4e', tenantName: 'Demo Company (Local Xero)' };

/** Accounts added to the spec's example chart so a settlement can be mapped (same shape as the examples). */
const EXTRA_ACCOUNTS = [
  { AccountID: '3a1f0e52-7c59-4d0f-9e59-000000000201', Code: '201', Name: 'Amazon Sales', Type: 'REVENUE', TaxType: 'NONE', Status: 'ACTIVE', Class: 'REVENUE' },
  { AccountID: '3a1f0e52-7c59-4d0f-9e59-000000000404', Code: '404', Name: 'Amazon Seller Fees', Type: 'EXPENSE', TaxType: 'NONE', Status: 'ACTIVE', Class: 'EXPENSE' },
  { AccountID: '3a1f0e52-7c59-4d0f-9e59-000000000405', Code: '405', Name: 'Amazon FBA Fees', Type: 'EXPENSE', TaxType: 'NONE', Status: 'ACTIVE', Class: 'EXPENSE' },
  { AccountID: '3a1f0e52-7c59-4d0f-9e59-000000000610', Code: '610', Name: 'Amazon Clearing', Type: 'CURRENT', TaxType: 'NONE', Status: 'ACTIVE', Class: 'ASSET' },
  { AccountID: '3a1f0e52-7c59-4d0f-9e59-000000000820', Code: '820', Name: 'Sales Tax Payable', Type: 'CURRLIAB', TaxType: 'NONE', Status: 'ACTIVE', Class: 'LIABILITY' },
  // Xero's standard chart: where the cost of goods sold journal goes.
  { AccountID: '3a1f0e52-7c59-4d0f-9e59-000000000630', Code: '630', Name: 'Inventory', Type: 'INVENTORY', TaxType: 'NONE', Status: 'ACTIVE', Class: 'ASSET' },
  { AccountID: '3a1f0e52-7c59-4d0f-9e59-000000000310', Code: '310', Name: 'Cost of Goods Sold', Type: 'DIRECTCOSTS', TaxType: 'NONE', Status: 'ACTIVE', Class: 'EXPENSE' },
];

export interface XeroFake {
  oauth: FakeOAuth;
  handle(req: FakeRequest): Promise<FakeResponse>;
  violations: string[];
  documents: CreatedDocument[];
  /** Every API request as received (method, path, body), for contract assertions. */
  requests: { method: string; path: string; headers: Record<string, string>; body: unknown }[];
  /** Sets the Organisation's lock dates ('YYYY-MM-DD'; null clears one), as Settings > Advanced > Lock dates does. */
  setLockDates(dates: { PeriodLockDate?: string | null; EndOfYearLockDate?: string | null }): void;
}

/** A day as Xero's JSON writes dates (x-is-msdate): `/Date(ms+0000)/`. */
const msDate = (day: string) => `/Date(${Date.parse(`${day}T00:00:00Z`)}+0000)/`;

const XERO_TYPE: Record<SandboxAccount['kind'], [string, string]> = {
  asset: ['CURRENT', 'ASSET'],
  liability: ['CURRLIAB', 'LIABILITY'],
  equity: ['EQUITY', 'EQUITY'],
  income: ['REVENUE', 'REVENUE'],
  expense: ['EXPENSE', 'EXPENSE'],
};

export async function createXeroFake(options: { clientId: string; clientSecret: string; specPath?: string; extraAccounts?: readonly SandboxAccount[] }): Promise<XeroFake> {
  const extra = [
    ...EXTRA_ACCOUNTS,
    ...(options.extraAccounts ?? [])
      .filter((a) => !EXTRA_ACCOUNTS.some((x) => x.Code === a.code))
      .map((a, i) => ({ AccountID: `5a4d0b7e-0000-4000-8000-${String(i).padStart(12, '0')}`, Code: a.code, Name: a.name, Type: XERO_TYPE[a.kind][0], TaxType: 'NONE', Status: 'ACTIVE', Class: XERO_TYPE[a.kind][1] })),
  ];
  const oauth = createFakeOAuth({ name: 'Xero', clientId: options.clientId, clientSecret: options.clientSecret, clientAuth: 'basic', requiresPkce: true, accessTokenTtlSeconds: 1800 });
  const violations: string[] = [];
  const documents: CreatedDocument[] = [];
  const requests: XeroFake['requests'] = [];
  const replays = new Map<string, FakeResponse>();
  // No lock until a test or the demo sets one (the spec's example organisation has 2018 ones).
  const lockDates: { PeriodLockDate: string | null; EndOfYearLockDate: string | null } = { PeriodLockDate: null, EndOfYearLockDate: null };
  /** Xero refuses a document dated on or before a lock date that binds the connection (the later of the two here). */
  const lockedBy = (date: unknown): string | undefined => {
    const lock = [lockDates.PeriodLockDate, lockDates.EndOfYearLockDate].filter((d): d is string => d !== null).sort().at(-1);
    return lock !== undefined && typeof date === 'string' && date.slice(0, 10) <= lock ? lock : undefined;
  };
  const fail = (status: number, message: string): FakeResponse => {
    violations.push(message);
    return json(status, { ErrorNumber: 14, Type: 'PostDataInvalidException', Message: message });
  };
  /** Path parameters and headers as openapi-backend parses them (strings; headers as FakeRequest sends them). */
  type XeroContext = Context<unknown, Record<string, string>, unknown, Record<string, string | undefined>>;
  const example = (c: Context, id: string) => c.api.mockResponseForOperation(id).mock as Record<string, unknown>;

  const create = (c: Context, listName: 'Invoices' | 'ManualJournals'): FakeResponse => {
    const items = (c.request.requestBody as Record<string, Record<string, unknown>[]>)[listName]!;
    const created = items.map((item) => {
      const isInvoice = listName === 'Invoices';
      const id = crypto.randomUUID();
      const lines = (isInvoice ? item.LineItems : item.JournalLines) as { UnitAmount?: number; Quantity?: number; LineAmount?: number }[];
      const lock = lockedBy(item.Date);
      if (lock) return { error: `The document date ${String(item.Date)} is on or before the lock date ${lock}; the period is locked.` };
      const stored = { ...item, [isInvoice ? 'InvoiceID' : 'ManualJournalID']: id, Status: typeof item.Status === 'string' ? item.Status : 'DRAFT', HasErrors: false };
      if (isInvoice) {
        const total = lines.reduce((sum, l) => sum + Math.round((l.UnitAmount ?? 0) * (l.Quantity ?? 1) * 100), 0);
        if (total < 0) return { error: 'Invoice total must not be negative. Send a negative settlement as a bill (ACCPAY).' };
        stored.InvoiceNumber = item.InvoiceNumber ?? `INV-${String(documents.length + 1).padStart(4, '0')}`;
      } else {
        const sum = lines.reduce((s, l) => s + Math.round((l.LineAmount ?? 0) * 100), 0);
        if (sum !== 0) return { error: 'The total debits must equal the total credits.' };
      }
      documents.push({ system: 'XERO', type: isInvoice ? String(item.Type) : 'ManualJournal', id, number: String(stored.InvoiceNumber ?? item.Narration), status: stored.Status, body: item });
      return { stored };
    });
    const errors = created.flatMap((c) => (c.error ? [c.error] : []));
    if (errors.length > 0) {
      return json(400, { ErrorNumber: 10, Type: 'ValidationException', Message: 'A validation exception occurred', Elements: [{ ValidationErrors: errors.map((Message) => ({ Message })) }] });
    }
    return json(200, { ...example(c, listName === 'Invoices' ? 'createInvoices' : 'createManualJournals'), [listName]: created.map((c) => c.stored) });
  };

  const find = (id: string) => documents.find((d) => d.id === id);
  const api = new OpenAPIBackend({
    definition: loadXeroSpec(options.specPath) as never,
    apiRoot: '/api.xro/2.0',
    quick: true,
    ajvOpts: { allErrors: true, unicodeRegExp: false, strict: false },
    customizeAjv: (ajv) => {
      addFormats(ajv);
      return ajv;
    },
    handlers: {
      notFound: (c: Context) => fail(404, `${c.request.method.toUpperCase()} ${c.request.path}: not in the Xero spec`),
      validationFail: (c: Context) => fail(400, `${c.operation.operationId}: ${(c.validation.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ')}`),
      getAccounts: (c: Context) => {
        const ex = example(c, 'getAccounts') as { Accounts: unknown[] };
        return json(200, { ...ex, Accounts: [...ex.Accounts, ...extra] });
      },
      getTaxRates: (c: Context) => json(200, example(c, 'getTaxRates')),
      getOrganisations: (c: Context) => {
        const ex = example(c, 'getOrganisations') as { Organisations: Record<string, unknown>[] };
        const organisations = ex.Organisations.map(({ PeriodLockDate: _p, EndOfYearLockDate: _e, ...org }) => ({
          ...org,
          Name: XERO_FAKE_TENANT.tenantName,
          ...(lockDates.PeriodLockDate ? { PeriodLockDate: msDate(lockDates.PeriodLockDate) } : {}),
          ...(lockDates.EndOfYearLockDate ? { EndOfYearLockDate: msDate(lockDates.EndOfYearLockDate) } : {}),
        }));
        return json(200, { ...ex, Organisations: organisations });
      },
      getTrackingCategories: (c: Context) => json(200, example(c, 'getTrackingCategories')),
      getCurrencies: (c: Context) => json(200, example(c, 'getCurrencies')),
      createInvoices: (c: Context) => create(c, 'Invoices'),
      createManualJournals: (c: Context) => create(c, 'ManualJournals'),
      getInvoice: (c: XeroContext) => {
        const doc = find(c.request.params.InvoiceID ?? '');
        return doc ? json(200, { Invoices: [{ ...(doc.body as object), InvoiceID: doc.id, Status: doc.status }] }) : json(404, { Title: 'Not Found', Status: 404 });
      },
      getManualJournal: (c: XeroContext) => {
        const doc = find(c.request.params.ManualJournalID ?? '');
        return doc ? json(200, { ManualJournals: [{ ...(doc.body as object), ManualJournalID: doc.id, Status: doc.status }] }) : json(404, { Title: 'Not Found', Status: 404 });
      },
      updateInvoice: (c: XeroContext) => {
        const doc = find(c.request.params.InvoiceID ?? '');
        const next = (c.request.requestBody as { Invoices: { Status?: string }[] }).Invoices[0]?.Status;
        if (!doc) return json(404, { Title: 'Not Found', Status: 404 });
        if (next) doc.status = next;
        return json(200, { Invoices: [{ ...(doc.body as object), InvoiceID: doc.id, Status: doc.status }] });
      },
      updateManualJournal: (c: XeroContext) => {
        const doc = find(c.request.params.ManualJournalID ?? '');
        const next = (c.request.requestBody as { ManualJournals: { Status?: string }[] }).ManualJournals[0]?.Status;
        if (!doc) return json(404, { Title: 'Not Found', Status: 404 });
        if (next) doc.status = next;
        return json(200, { ManualJournals: [{ ...(doc.body as object), ManualJournalID: doc.id, Status: doc.status }] });
      },
      unauthorizedHandler: (c: Context) => fail(401, `${c.operation.operationId}: no OAuth2 bearer token`),
      notImplemented: (c: Context) => fail(501, `${c.operation.operationId}: not played by the local Xero`),
    },
  });
  api.registerSecurityHandler('OAuth2', (c: XeroContext) => /^Bearer \S+$/.test(c.request.headers.authorization ?? ''));
  await api.init();

  return {
    oauth,
    violations,
    documents,
    requests,
    setLockDates(dates) {
      if (dates.PeriodLockDate !== undefined) lockDates.PeriodLockDate = dates.PeriodLockDate;
      if (dates.EndOfYearLockDate !== undefined) lockDates.EndOfYearLockDate = dates.EndOfYearLockDate;
    },
    async handle(req) {
      if (req.path === '/identity/connect/authorize') return oauth.authorizePage(req);
      if (req.path === '/identity/connect/decide') return oauth.decide(req);
      if (req.path === '/identity/connect/token') return oauth.token(req);
      const auth = oauth.check(req.headers.authorization);
      if (auth !== 'valid') {
        return json(401, { Type: null, Title: 'Unauthorized', Status: 401, Detail: auth === 'expired' ? 'TokenExpired: token expired' : 'AuthenticationUnsuccessful' });
      }
      if (req.path === '/connections') return json(200, [{ id: crypto.randomUUID(), tenantId: XERO_FAKE_TENANT.tenantId, tenantType: 'ORGANISATION', tenantName: XERO_FAKE_TENANT.tenantName }]);
      requests.push({ method: req.method, path: req.path, headers: req.headers, body: req.body });
      const key = req.headers['idempotency-key'];
      const replayKey = key ? `${req.method} ${req.path} ${key}` : undefined;
      if (replayKey && replays.has(replayKey)) return replays.get(replayKey)!;
      const answer = (await api.handleRequest({ method: req.method, path: req.path, query: req.query.toString(), headers: req.headers, body: req.body as never })) as FakeResponse;
      if (replayKey && answer.status < 500) replays.set(replayKey, answer);
      return answer;
    },
  };
}
