/**
 * NetSuite REST played from the shapes in reference/accounting.md: SuiteQL (POST query/v1/suiteql with
 * Prefer: transient), journal entries upserted by PUT record/v1/journalentry/eid:<externalId> (204 with
 * Location), read by eid or id, deleted by id; errors `{ type, title, status, o:errorDetails }`.
 * Subsidiaries, departments, classes (SuiteQL table `classification`) and locations answer in SuiteQL's
 * shape (string values, `fullname` with the hierarchy joined by " : "); a journal entry whose body or
 * line refers to one that does not exist is refused the way NetSuite refuses an unknown account.
 */
import { createFakeOAuth, type FakeOAuth } from './fake-oauth';
import { json, type CreatedDocument, type FakeRequest, type FakeResponse, type SandboxAccount } from './fake-types';
import { answerSuiteQl } from './netsuite-fake-suiteql';

const ACCOUNTS = [
  { id: '1', acctnumber: '1000', accountsearchdisplayname: 'Checking', accttype: 'Bank', isinactive: 'F' },
  { id: '54', acctnumber: '4010', accountsearchdisplayname: 'Amazon Sales', accttype: 'Income', isinactive: 'F' },
  { id: '67', acctnumber: '6010', accountsearchdisplayname: 'Amazon Seller Fees', accttype: 'Expense', isinactive: 'F' },
  { id: '120', acctnumber: '1210', accountsearchdisplayname: 'Amazon Clearing', accttype: 'OthCurrAsset', isinactive: 'F' },
];
const row = (id: string, name: string, fullname = name) => ({ id, name, fullname });
/** Subsidiary 3 is an elimination subsidiary: NetSuite posts nothing to it, so reads filter it out. */
export const NETSUITE_FAKE_SUBSIDIARIES = [
  { ...row('1', 'Honeycomb Holdings Inc.'), country: 'US', currency: '1', iselimination: 'F', isinactive: 'F' },
  { ...row('2', 'Honeycomb UK Ltd', 'Honeycomb Holdings Inc. : Honeycomb UK Ltd'), country: 'GB', currency: '2', iselimination: 'F', isinactive: 'F' },
  { ...row('3', 'Elimination US', 'Honeycomb Holdings Inc. : Elimination US'), country: 'US', currency: '1', iselimination: 'T', isinactive: 'F' },
  { ...row('4', 'Old Trading Co', 'Honeycomb Holdings Inc. : Old Trading Co'), country: 'US', currency: '1', iselimination: 'F', isinactive: 'T' },
];
export const NETSUITE_FAKE_DEPARTMENTS = [{ ...row('1', 'Sales'), isinactive: 'F' }, { ...row('2', 'E-commerce', 'Sales : E-commerce'), isinactive: 'F' }, { ...row('3', 'Closed Dept'), isinactive: 'T' }];
export const NETSUITE_FAKE_CLASSES = [{ ...row('1', 'Amazon US'), isinactive: 'F' }, { ...row('2', 'Online Marketplaces'), isinactive: 'F' }];
export const NETSUITE_FAKE_LOCATIONS = [{ ...row('1', 'Main Warehouse'), isinactive: 'F' }, { ...row('6', 'Amazon FBA', 'Main Warehouse : Amazon FBA'), isinactive: 'F' }];

/**
 * Accounting periods 2024 to 2027 as SuiteQL's accountingperiod rows: months, with their quarters and
 * years (isquarter / isyear), each closed ('T') or open. Dates kept as days; SuiteQL shows them in the
 * user's date format (M/D/YYYY here) unless asked with TO_CHAR.
 */
function accountingPeriods(): { id: string; periodname: string; startdate: string; enddate: string; closed: string; isyear: string; isquarter: string; isadjust: string }[] {
  const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
  const rows: ReturnType<typeof accountingPeriods> = [];
  let id = 1;
  for (let y = 2024; y <= 2027; y++) {
    rows.push({ id: String(id++), periodname: `FY ${y}`, startdate: day(y, 0, 1), enddate: day(y, 11, 31), closed: 'F', isyear: 'T', isquarter: 'F', isadjust: 'F' });
    for (let q = 0; q < 4; q++) rows.push({ id: String(id++), periodname: `Q${q + 1} ${y}`, startdate: day(y, q * 3, 1), enddate: day(y, q * 3 + 3, 0), closed: 'F', isyear: 'F', isquarter: 'T', isadjust: 'F' });
    for (let m = 0; m < 12; m++) {
      const name = new Date(Date.UTC(y, m, 1)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
      rows.push({ id: String(id++), periodname: `${name} ${y}`, startdate: day(y, m, 1), enddate: day(y, m + 1, 0), closed: 'F', isyear: 'F', isquarter: 'F', isadjust: 'F' });
    }
  }
  return rows;
}

/** A day as a SuiteQL date column shows it by default (M/D/YYYY). */
const userDate = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}/${day.slice(0, 4)}`;

type SegmentRow = { id: string; isinactive: string; iselimination?: string };
const REFS: { field: 'subsidiary' | 'department' | 'class' | 'location'; rows: SegmentRow[]; onLines: boolean }[] = [
  { field: 'subsidiary', rows: NETSUITE_FAKE_SUBSIDIARIES.filter((s) => s.iselimination === 'F'), onLines: false },
  { field: 'department', rows: NETSUITE_FAKE_DEPARTMENTS, onLines: true },
  { field: 'class', rows: NETSUITE_FAKE_CLASSES, onLines: true },
  { field: 'location', rows: NETSUITE_FAKE_LOCATIONS, onLines: true },
];
type RefHolder = Partial<Record<'subsidiary' | 'department' | 'class' | 'location', { id?: string }>>;
/** The first reference of a body or its lines to a record that does not exist (or is inactive), with its path. */
function unknownRef(body: RefHolder, lines: RefHolder[]): { path: string; id: string; field: string } | undefined {
  for (const { field, rows, onLines } of REFS) {
    const known = (ref: { id?: string } | undefined) => ref === undefined || rows.some((r) => r.id === ref.id && r.isinactive === 'F');
    if (!known(body[field])) return { path: field, id: body[field]?.id ?? '', field };
    if (!onLines) continue;
    for (const [i, l] of lines.entries()) if (!known(l[field])) return { path: `line.items[${i}].${field}`, id: l[field]?.id ?? '', field };
  }
  return undefined;
}

const error = (status: number, title: string, detail: string, code: string, path?: string): FakeResponse =>
  json(status, { type: 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.1', title, status, 'o:errorDetails': [{ detail, 'o:errorCode': code, ...(path ? { 'o:errorPath': path } : {}) }] });

export interface NetSuiteFake {
  oauth: FakeOAuth;
  handle(req: FakeRequest): Promise<FakeResponse>;
  violations: string[];
  documents: CreatedDocument[];
  /** Closes every accounting period (month, quarter, year) ending on or before `date` and opens the rest; null opens all. */
  closePeriodsThrough(date: string | null): void;
}

const NETSUITE_TYPE: Record<SandboxAccount['kind'], string> = { asset: 'OthCurrAsset', liability: 'OthCurrLiab', equity: 'Equity', income: 'Income', expense: 'Expense' };

export function createNetSuiteFake(options: { clientId: string; clientSecret: string; extraAccounts?: readonly SandboxAccount[] }): NetSuiteFake {
  const accounts: Record<string, unknown>[] = [
    ...ACCOUNTS,
    ...(options.extraAccounts ?? [])
      .filter((a) => !ACCOUNTS.some((n) => n.id === a.code))
      .map((a) => ({ id: a.code, acctnumber: a.code, accountsearchdisplayname: a.name, accttype: NETSUITE_TYPE[a.kind], isinactive: 'F' })),
  ];
  const oauth = createFakeOAuth({ name: 'NetSuite', clientId: options.clientId, clientSecret: options.clientSecret, clientAuth: 'basic', requiresPkce: true, accessTokenTtlSeconds: 3600 });
  const violations: string[] = [];
  const documents: CreatedDocument[] = [];
  let nextId = 5000;
  const periods = accountingPeriods();
  /** The closed period a day falls in, if any (months only: quarters and years close with their months). */
  const closedPeriodOf = (day: string) => periods.find((p) => p.isyear === 'F' && p.isquarter === 'F' && p.closed === 'T' && p.startdate <= day && day <= p.enddate);

  /** Every call is answered synchronously; `handle` hands the answer (or the throw) back as a promise. */
  const route = (req: FakeRequest): FakeResponse => {
    if (req.path === '/app/login/oauth2/authorize.nl') return oauth.authorizePage(req);
    if (req.path === '/app/login/oauth2/decide') return oauth.decide(req);
    if (req.path === '/services/rest/auth/oauth2/v1/token') return oauth.token(req);
    if (oauth.check(req.headers.authorization) !== 'valid') return error(401, 'Unauthorized', 'Invalid login attempt.', 'INVALID_LOGIN');
    const tables = (): Record<string, Record<string, unknown>[]> => ({
      account: accounts,
      subsidiary: NETSUITE_FAKE_SUBSIDIARIES,
      department: NETSUITE_FAKE_DEPARTMENTS,
      classification: NETSUITE_FAKE_CLASSES,
      location: NETSUITE_FAKE_LOCATIONS,
      currency: [{ id: '1', symbol: 'USD', name: 'US Dollar' }],
      accountingperiod: periods.map((p) => ({ ...p, startdate: userDate(p.startdate), enddate: userDate(p.enddate), __days: { startdate: p.startdate, enddate: p.enddate } })),
      journalentry: documents.filter((d) => d.status !== 'deleted').map((d) => {
        const b = d.body as { id: string; tranId?: string; tranDate?: string; memo?: string; externalId?: string };
        return { id: b.id, tranid: b.tranId, trandate: b.tranDate, memo: b.memo, externalid: b.externalId };
      }),
    });
    if (req.path === '/services/rest/query/v1/suiteql' && req.method === 'POST') {
      if (req.headers.prefer !== 'transient') violations.push('suiteql without Prefer: transient');
      return answerSuiteQl(String((req.body as { q?: string })?.q ?? ''), req.query, tables());
    }
    const record = /^\/services\/rest\/record\/v1\/(\w+)\/(\d+)$/.exec(req.path);
    if (record && req.method === 'GET' && record[1] !== 'journalentry') {
      const rows = tables()[record[1]!.toLowerCase()];
      if (!rows) return error(404, 'Not Found', `Record type '${record[1]}' does not exist.`, 'INVALID_RCRD_TYPE');
      const row = rows.find((r) => r.id === record[2]);
      return row ? json(200, { links: [{ rel: 'self', href: req.path }], ...row }) : error(404, 'Not Found', 'The record instance does not exist. Provide a valid record instance ID.', 'NONEXISTENT_ID');
    }
    const m = /^\/services\/rest\/record\/v1\/journalentry\/(eid:)?([^/]+)$/.exec(req.path);
    if (!m) return error(404, 'Not Found', `No record type at ${req.path}`, 'NONEXISTENT_ID');
    const [, eid, key] = m;
    const ref = decodeURIComponent(key!);
    const doc = documents.find((d) => d.status !== 'deleted' && (eid ? (d.body as { externalId?: string }).externalId === ref : d.id === ref));
    if (req.method === 'GET') return doc ? json(200, doc.body) : error(404, 'Not Found', `The record instance does not exist. Provide a valid record instance ID.`, 'NONEXISTENT_ID');
    if (req.method === 'DELETE') {
      if (!doc) return error(404, 'Not Found', 'The record instance does not exist.', 'NONEXISTENT_ID');
      doc.status = 'deleted';
      return { status: 204 };
    }
    if (req.method === 'PUT' && eid) {
      const body = (req.body ?? {}) as { line?: { items?: { account?: { id?: string }; debit?: number; credit?: number }[] }; tranDate?: string };
      const items = body.line?.items ?? [];
      if (items.length < 2) return error(400, 'Bad Request', 'A journal entry needs at least one debit and one credit line.', 'USER_ERROR', 'line');
      for (const [i, l] of items.entries()) {
        if (!accounts.some((a) => a.id === l.account?.id)) return error(400, 'Bad Request', `Invalid account reference key ${l.account?.id ?? ''}.`, 'INVALID_KEY_OR_REF', `line.items[${i}].account`);
      }
      const closed = typeof body.tranDate === 'string' ? closedPeriodOf(body.tranDate) : undefined;
      if (closed) return error(400, 'Bad Request', `The accounting period ${closed.periodname} is closed: a transaction dated ${String(body.tranDate)} cannot be posted in it.`, 'USER_ERROR', 'tranDate');
      const bad = unknownRef(req.body ?? {}, items as unknown as RefHolder[]);
      if (bad) return error(400, 'Bad Request', `Invalid ${bad.field} reference key ${bad.id}.`, 'INVALID_KEY_OR_REF', bad.path);
      const net = items.reduce((s, l) => s + Math.round((l.debit ?? 0) * 100) - Math.round((l.credit ?? 0) * 100), 0);
      if (net !== 0) return error(400, 'Bad Request', 'The total of debit lines must equal the total of credit lines.', 'USER_ERROR', 'line');
      const id = doc?.id ?? String(nextId++);
      const stored = { ...body, id, externalId: ref };
      if (doc) doc.body = stored;
      else documents.push({ system: 'NETSUITE', type: 'journalEntry', id, number: String((body as { tranId?: string }).tranId ?? id), status: 'created', body: stored });
      return { status: 204, headers: { location: `/services/rest/record/v1/journalentry/${id}` } };
    }
    return error(405, 'Method Not Allowed', `${req.method} is not supported here.`, 'INVALID_REQUEST');
  };

  return {
    oauth,
    violations,
    documents,
    closePeriodsThrough: (date) => {
      for (const p of periods) p.closed = date !== null && p.enddate <= date ? 'T' : 'F';
    },
    handle: (req) => new Promise((resolve) => resolve(route(req))),
  };
}
