/**
 * NetSuite REST played from the shapes in reference/accounting.md: SuiteQL (POST query/v1/suiteql with
 * Prefer: transient), journal entries upserted by PUT record/v1/journalentry/eid:<externalId> (204 with
 * Location), read by eid or id, deleted by id; errors `{ type, title, status, o:errorDetails }`.
 */
import { createFakeOAuth, type FakeOAuth } from './fake-oauth';
import { json, type CreatedDocument, type FakeRequest, type FakeResponse } from './fake-types';
import { answerSuiteQl } from './netsuite-fake-suiteql';

const ACCOUNTS = [
  { id: '1', acctnumber: '1000', accountsearchdisplayname: 'Checking', accttype: 'Bank', isinactive: 'F' },
  { id: '54', acctnumber: '4010', accountsearchdisplayname: 'Amazon Sales', accttype: 'Income', isinactive: 'F' },
  { id: '67', acctnumber: '6010', accountsearchdisplayname: 'Amazon Seller Fees', accttype: 'Expense', isinactive: 'F' },
  { id: '120', acctnumber: '1210', accountsearchdisplayname: 'Amazon Clearing', accttype: 'OthCurrAsset', isinactive: 'F' },
];
const SUBSIDIARIES = [
  { id: '1', name: 'Acme Outdoor Inc.', country: 'US', currency: '1', isinactive: 'F' },
  { id: '2', name: 'Acme Outdoor Canada', country: 'CA', currency: '3', isinactive: 'F' },
];

const error = (status: number, title: string, detail: string, code: string, path?: string): FakeResponse =>
  json(status, { type: 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.1', title, status, 'o:errorDetails': [{ detail, 'o:errorCode': code, ...(path ? { 'o:errorPath': path } : {}) }] });

export interface NetSuiteFake {
  oauth: FakeOAuth;
  handle(req: FakeRequest): Promise<FakeResponse>;
  violations: string[];
  documents: CreatedDocument[];
}

export function createNetSuiteFake(options: { clientId: string; clientSecret: string }): NetSuiteFake {
  const oauth = createFakeOAuth({ name: 'NetSuite', clientId: options.clientId, clientSecret: options.clientSecret, clientAuth: 'basic', requiresPkce: true, accessTokenTtlSeconds: 3600 });
  const violations: string[] = [];
  const documents: CreatedDocument[] = [];
  let nextId = 5000;

  /** Every call is answered synchronously; `handle` hands the answer (or the throw) back as a promise. */
  const route = (req: FakeRequest): FakeResponse => {
    if (req.path === '/app/login/oauth2/authorize.nl') return oauth.authorizePage(req);
    if (req.path === '/app/login/oauth2/decide') return oauth.decide(req);
    if (req.path === '/services/rest/auth/oauth2/v1/token') return oauth.token(req);
    if (oauth.check(req.headers.authorization) !== 'valid') return error(401, 'Unauthorized', 'Invalid login attempt.', 'INVALID_LOGIN');
    const tables = (): Record<string, Record<string, unknown>[]> => ({
      account: ACCOUNTS,
      subsidiary: SUBSIDIARIES,
      classification: [{ id: '1', name: 'Amazon US', isinactive: 'F' }],
      currency: [{ id: '1', symbol: 'USD', name: 'US Dollar' }],
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
        if (!ACCOUNTS.some((a) => a.id === l.account?.id)) return error(400, 'Bad Request', `Invalid account reference key ${l.account?.id ?? ''}.`, 'INVALID_KEY_OR_REF', `line.items[${i}].account`);
      }
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
    handle: (req) => new Promise((resolve) => resolve(route(req))),
  };
}
