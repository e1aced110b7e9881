/**
 * Sage Business Cloud Accounting v3.1 played from the shapes in reference/accounting.md: list bodies
 * `{ $total, $page, $next, $back, $items_per_page, $items }`, errors `[{ $severity, $dataCode,
 * $message, $source }]`, X-Business on every call, required fields of sales/purchase invoices and
 * journals checked, `search` filtering by reference.
 */
import crypto from 'node:crypto';
import { createFakeOAuth, type FakeOAuth } from './fake-oauth';
import { json, type CreatedDocument, type FakeRequest, type FakeResponse, type SandboxAccount } from './fake-types';

export const SAGE_FAKE_BUSINESS = { id: 'b1e6a1c5f0a34c1b9a7e2d3c4b5a6978', name: 'Local Sage Business Ltd' };

const LEDGERS = [
  { id: 'la-1200', displayed_as: 'Bank Current Account (1200)', nominal_code: 1200, name: 'Bank Current Account', ledger_account_type: { id: 'BANK' } },
  { id: 'la-4000', displayed_as: 'Sales - Amazon (4000)', nominal_code: 4000, name: 'Sales - Amazon', ledger_account_type: { id: 'SALES' } },
  { id: 'la-7500', displayed_as: 'Amazon Seller Fees (7500)', nominal_code: 7500, name: 'Amazon Seller Fees', ledger_account_type: { id: 'OVERHEADS' } },
  { id: 'la-1210', displayed_as: 'Amazon Clearing (1210)', nominal_code: 1210, name: 'Amazon Clearing', ledger_account_type: { id: 'CURRENT_ASSETS' } },
  { id: 'la-1001', displayed_as: 'Stock (1001)', nominal_code: 1001, name: 'Stock', ledger_account_type: { id: 'CURRENT_ASSETS' } },
  { id: 'la-5000', displayed_as: 'Cost of sales - goods (5000)', nominal_code: 5000, name: 'Cost of sales - goods', ledger_account_type: { id: 'DIRECT_EXPENSES' } },
];
const TAX_RATES = [
  { id: 'GB_STANDARD', displayed_as: 'Standard 20.00%', name: 'Standard' },
  { id: 'GB_NO_TAX', displayed_as: 'No Tax', name: 'No Tax' },
];
const BANKS = [{ id: 'ba-1', displayed_as: 'Bank Current Account (1200)', ledger_account: { id: 'la-1200' } }];

const errors = (status: number, list: { message: string; source?: string; code?: string }[]): FakeResponse =>
  json(status, list.map((e) => ({ $severity: 'error', $dataCode: e.code ?? 'RecordInvalid', $message: e.message, $source: e.source ?? '' })));

const page = <T>(items: T[]) => json(200, { $total: items.length, $page: 1, $next: null, $back: null, $itemsPerPage: 200, $items: items });

const RESOURCES: Record<string, { key: string; type: string; required: string[]; lines: string; lineRequired: string[] }> = {
  sales_invoices: { key: 'sales_invoice', type: 'sales_invoice', required: ['contact_id', 'date', 'invoice_lines'], lines: 'invoice_lines', lineRequired: ['description', 'ledger_account_id', 'quantity', 'unit_price'] },
  purchase_invoices: { key: 'purchase_invoice', type: 'purchase_invoice', required: ['contact_id', 'date', 'due_date', 'invoice_lines'], lines: 'invoice_lines', lineRequired: ['description', 'ledger_account_id', 'quantity', 'unit_price'] },
  journals: { key: 'journal', type: 'journal', required: ['date', 'reference', 'journal_lines'], lines: 'journal_lines', lineRequired: ['ledger_account_id', 'debit', 'credit'] },
};

export interface SageFake {
  oauth: FakeOAuth;
  handle(req: FakeRequest): Promise<FakeResponse>;
  violations: string[];
  documents: CreatedDocument[];
  /** Sets the financial settings' year_end_lockdown_date ('YYYY-MM-DD'; null: nothing locked). */
  setLockdownDate(date: string | null): void;
}

const SAGE_TYPE: Record<SandboxAccount['kind'], string> = { asset: 'CURRENT_ASSETS', liability: 'CURRENT_LIABILITY', equity: 'EQUITY', income: 'SALES', expense: 'OVERHEADS' };

export function createSageFake(options: { clientId: string; clientSecret: string; extraAccounts?: readonly SandboxAccount[] }): SageFake {
  const ledgers: { id: string; displayed_as: string; nominal_code: number; name: string; ledger_account_type: { id: string } }[] = [
    ...LEDGERS,
    ...(options.extraAccounts ?? [])
      .filter((a) => !LEDGERS.some((l) => l.id === a.code))
      .map((a) => ({ id: a.code, displayed_as: a.name, nominal_code: Number.parseInt(a.code, 10) || 0, name: a.name, ledger_account_type: { id: SAGE_TYPE[a.kind] } })),
  ];
  const oauth = createFakeOAuth({
    name: 'Sage',
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    clientAuth: 'post',
    requiresPkce: false,
    accessTokenTtlSeconds: 300,
    extraTokenFields: { refresh_token_expires_in: 2_678_400 },
  });
  const violations: string[] = [];
  const documents: CreatedDocument[] = [];
  const contacts: { id: string; name: string }[] = [];
  let lockdownDate: string | null = null;

  const create = (resource: string, body: Record<string, Record<string, unknown>>): FakeResponse => {
    const r = RESOURCES[resource]!;
    const doc = body[r.key];
    if (!doc) return errors(422, [{ message: `The request body must contain ${r.key}`, source: r.key }]);
    const missing = r.required.filter((f) => doc[f] === undefined || doc[f] === '');
    const lines = (doc[r.lines] ?? []) as Record<string, unknown>[];
    lines.forEach((l, i) => r.lineRequired.forEach((f) => l[f] === undefined && missing.push(`${r.lines}[${i}].${f}`)));
    if (missing.length > 0) {
      violations.push(...missing.map((m) => `${resource}: ${m} is required`));
      return errors(422, missing.map((m) => ({ message: `${m} is required`, source: m, code: 'RecordInvalid' })));
    }
    if (lockdownDate !== null && typeof doc.date === 'string' && doc.date <= lockdownDate) {
      return errors(422, [{ message: `The date ${doc.date} is on or before the lockdown date ${lockdownDate}`, source: 'date', code: 'RecordInvalid' }]);
    }
    for (const l of lines) {
      if (!ledgers.some((a) => a.id === l.ledger_account_id)) return errors(422, [{ message: `Ledger account ${String(l.ledger_account_id)} was not found`, source: 'ledger_account_id', code: 'RecordNotFound' }]);
    }
    if (resource === 'journals') {
      const net = lines.reduce((s, l) => s + Math.round(Number(l.debit) * 100) - Math.round(Number(l.credit) * 100), 0);
      if (net !== 0) return errors(422, [{ message: 'The debits and credits of a journal must balance', source: 'journal_lines' }]);
    }
    const id = crypto.randomBytes(16).toString('hex');
    const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
    const reference = text(doc.reference) ?? text(doc.vendor_reference) ?? '';
    const stored = { ...doc, id, displayed_as: reference || id, status: { id: 'UNPAID' } };
    documents.push({ system: 'SAGE', type: r.type, id, number: reference, status: 'UNPAID', body: stored });
    return json(201, stored);
  };

  /** Every call is answered synchronously; `handle` hands the answer (or the throw) back as a promise. */
  const route = (req: FakeRequest): FakeResponse => {
    if (req.path === '/oauth2/auth/central') return oauth.authorizePage(req);
    if (req.path === '/oauth2/auth/decide') return oauth.decide(req);
    if (req.path === '/token') return oauth.token(req);
    const auth = oauth.check(req.headers.authorization);
    if (auth !== 'valid') return errors(401, [{ message: auth === 'expired' ? 'The access token has expired' : 'Invalid access token', code: 'Unauthorized' }]);
    const m = /^\/v3\.1\/(\w+)(?:\/([^/]+))?$/.exec(req.path);
    if (!m) return errors(404, [{ message: `No route ${req.path}`, code: 'NotFound' }]);
    const [, resource, id] = m;
    if (resource === 'businesses') return page([{ id: SAGE_FAKE_BUSINESS.id, name: SAGE_FAKE_BUSINESS.name, displayed_as: SAGE_FAKE_BUSINESS.name }]);
    if (req.headers['x-business'] !== SAGE_FAKE_BUSINESS.id) {
      violations.push(`${req.method} ${req.path}: X-Business missing or wrong (${req.headers['x-business'] ?? 'none'})`);
      return errors(403, [{ message: 'You do not have access to this business', code: 'Forbidden', source: 'X-Business' }]);
    }
    const search = req.query.get('search');
    if (req.method === 'GET' && resource === 'ledger_accounts') return page(ledgers);
    if (req.method === 'GET' && resource === 'financial_settings') {
      return json(200, { path: '/financial_settings', year_end_date: '2026-12-31', year_end_lockdown_date: lockdownDate, accounting_type: 'accrual', accounts_start_date: '2024-01-01', base_currency: { id: 'GBP', displayed_as: 'Pound Sterling (GBP)' }, multi_currency_enabled: false });
    }
    if (req.method === 'GET' && resource === 'tax_rates') return page(TAX_RATES);
    if (req.method === 'GET' && resource === 'bank_accounts') return page(BANKS);
    if (req.method === 'GET' && resource === 'contacts') return page(contacts.filter((c) => !search || c.name.toLowerCase().includes(search.toLowerCase())));
    if (req.method === 'POST' && resource === 'contacts') {
      const c = (req.body as { contact?: { name?: string } }).contact;
      if (!c?.name) return errors(422, [{ message: 'name is required', source: 'name' }]);
      const contact = { id: crypto.randomBytes(8).toString('hex'), name: c.name };
      contacts.push(contact);
      return json(201, contact);
    }
    if (resource && RESOURCES[resource]) {
      const type = RESOURCES[resource].type;
      if (req.method === 'GET' && !id) {
        const list = documents.filter((d) => d.type === type && d.status !== 'DELETED' && (!search || d.number.includes(search))).map((d) => d.body);
        return page(list);
      }
      if (req.method === 'POST' && !id) return create(resource, (req.body ?? {}) as Record<string, Record<string, unknown>>);
      if (req.method === 'DELETE' && id) {
        const doc = documents.find((d) => d.id === id && d.status !== 'DELETED');
        if (!doc) return errors(404, [{ message: 'Record not found', code: 'RecordNotFound' }]);
        doc.status = 'DELETED';
        return { status: 204 };
      }
    }
    return errors(404, [{ message: `${req.method} ${req.path} is not played by the local Sage`, code: 'NotFound' }]);
  };

  return {
    oauth,
    violations,
    documents,
    setLockdownDate: (date) => {
      lockdownDate = date;
    },
    handle: (req) => new Promise((resolve) => resolve(route(req))),
  };
}
