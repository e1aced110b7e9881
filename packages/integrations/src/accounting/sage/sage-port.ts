/**
 * Sage Business Cloud Accounting v3.1. Every call carries X-Business. Sage has no idempotency key, so
 * a document's reference is looked up before it is created: a send repeated after a crash finds the
 * first one and creates nothing.
 */
import { AccountingError, periodLockOf, type AccountingPort, type AccountingReferenceData, type PeriodLock, type PostingDocument, type RemoteDocumentRef } from '@ledgerport/core/posting';
import type { AccountKind, LedgerAccount } from '@ledgerport/core/mapping';
import { channelContactName } from '../shared/channel-name';
import { decimal } from '../shared/json-decimal';
import type { PortContext } from '../shared/system-definition';
import { createVendorHttp } from '../shared/vendor-http';
import { describeSageError } from './sage-errors';

interface SageList<T> {
  $items?: T[];
  $next?: string | null;
}

interface SageLedgerAccount {
  id: string;
  displayed_as?: string;
  nominal_code?: number | string;
  name?: string;
  ledger_account_type?: { id?: string };
}

const KIND: Record<string, AccountKind> = {
  SALES: 'income', OTHER_INCOME: 'income', EXPENSES: 'expense', DIRECT_EXPENSES: 'expense', OVERHEADS: 'expense', DEPRECIATION: 'expense',
  BANK: 'asset', CURRENT_ASSETS: 'asset', FIXED_ASSETS: 'asset', FUTURE_ASSETS: 'asset',
  CURRENT_LIABILITY: 'liability', FUTURE_LIABILITY: 'liability', LIABILITY: 'liability', EQUITY: 'equity',
};

const RESOURCE = {
  'sage-sales-invoice': { path: 'sales_invoices', key: 'sales_invoice', type: 'sales_invoice', contactType: 'CUSTOMER' },
  'sage-purchase-invoice': { path: 'purchase_invoices', key: 'purchase_invoice', type: 'purchase_invoice', contactType: 'VENDOR' },
  'manual-journal': { path: 'journals', key: 'journal', type: 'journal', contactType: null },
} as const;

const NO_TAX = new Set(['', 'NONE']);

export function createSagePort(context: PortContext): AccountingPort {
  const base = context.endpoints.apiBaseUrl.replace(/\/$/, '');
  const http = createVendorHttp({ systemName: 'Sage', describeError: describeSageError, ...context });
  const headers = { 'X-Business': context.remoteId };
  const list = async <T>(path: string): Promise<T[]> => {
    const items: T[] = [];
    let url: string | null = `${base}${path}${path.includes('?') ? '&' : '?'}items_per_page=200`;
    while (url) {
      const body = (await http.send({ method: 'GET', url, headers, isRepeatable: true })).body as SageList<T>;
      items.push(...(body.$items ?? []));
      url = body.$next ? new URL(body.$next, `${base}/`).toString() : null;
    }
    return items;
  };

  const contactIdFor = async (document: PostingDocument, contactType: 'CUSTOMER' | 'VENDOR'): Promise<string> => {
    const name = channelContactName(document.channel);
    const found = (await list<{ id: string; name?: string }>(`/contacts?search=${encodeURIComponent(name)}`)).find((c) => c.name === name);
    if (found) return found.id;
    const res = await http.send({ method: 'POST', url: `${base}/contacts`, headers, body: { contact: { name, contact_type_ids: [contactType] } }, isRepeatable: false });
    return (res.body as { id: string }).id;
  };

  const toBody = async (document: PostingDocument, kind: keyof typeof RESOURCE) => {
    if (kind === 'manual-journal') {
      return {
        date: document.date,
        reference: document.number,
        description: document.description.slice(0, 200),
        journal_lines: document.lines.map((l) => ({
          ledger_account_id: l.account.code,
          debit: decimal(l.side === 'debit' ? l.amount : 0n),
          credit: decimal(l.side === 'credit' ? l.amount : 0n),
          details: (l.description || l.account.name).slice(0, 200),
        })),
      };
    }
    const isPurchase = kind === 'sage-purchase-invoice';
    const lines = document.lines
      .filter((l) => l.role !== 'clearing')
      .map((l) => ({
        description: (l.description || l.account.name).slice(0, 200),
        ledger_account_id: l.account.code,
        quantity: decimal(10000n),
        unit_price: decimal((l.side === 'credit') !== isPurchase ? l.amount : -l.amount),
        ...(NO_TAX.has(l.taxRateCode) ? {} : { tax_rate_id: l.taxRateCode }),
        tax_amount: decimal(0n),
      }));
    return {
      contact_id: await contactIdFor(document, RESOURCE[kind].contactType),
      date: document.date,
      due_date: document.date,
      ...(isPurchase ? { vendor_reference: document.number } : { reference: document.number }),
      notes: document.description.slice(0, 2000),
      currency_id: document.currency,
      invoice_lines: lines,
    };
  };

  // Financial settings: year_end_lockdown_date, the day through which the business's transactions are locked.
  const fetchPeriodLock = async (): Promise<PeriodLock | null> => {
    const body = (await http.send({ method: 'GET', url: `${base}/financial_settings`, headers, isRepeatable: true })).body as { year_end_lockdown_date?: string | null } | undefined;
    return periodLockOf([{ source: 'year_end_lockdown_date', closedThrough: body?.year_end_lockdown_date }]);
  };

  return {
    system: 'SAGE',
    fetchPeriodLock,
    async fetchReferenceData(): Promise<AccountingReferenceData> {
      const accounts = await list<SageLedgerAccount>('/ledger_accounts?attributes=name,nominal_code,ledger_account_type,displayed_as');
      const taxRates = await list<{ id: string; displayed_as?: string; name?: string }>('/tax_rates');
      const banks = await list<{ id: string; displayed_as?: string; ledger_account?: { id?: string } }>('/bank_accounts');
      const toLedger = (a: SageLedgerAccount): LedgerAccount => {
        const kind = KIND[a.ledger_account_type?.id ?? ''] ?? 'asset';
        return { code: a.id, name: a.displayed_as ?? `${a.nominal_code ?? ''} ${a.name ?? ''}`.trim(), kind, path: `${kind}:${a.name ?? a.id}` };
      };
      const bankLedgers = new Set(banks.map((b) => b.ledger_account?.id));
      return {
        accounts: accounts.filter((a) => !bankLedgers.has(a.id)).map(toLedger),
        bankAccounts: accounts.filter((a) => bankLedgers.has(a.id)).map(toLedger),
        taxRates: taxRates.map((t) => ({ code: t.id, name: t.displayed_as ?? t.name ?? t.id })),
        trackingCategories: [],
        currencies: [],
        periodLock: await fetchPeriodLock(),
      };
    },

    async postDocument(document, options): Promise<RemoteDocumentRef> {
      void options;
      const kind = document.kind as keyof typeof RESOURCE;
      const resource = RESOURCE[kind];
      if (!resource) throw new AccountingError({ kind: 'validation', message: `Sage cannot take a document of kind ${document.kind}; choose Sage mappings for this account.` });
      // The lookup before the create is Sage's idempotency: the reference is the document number.
      const existing = (await list<{ id: string; reference?: string; vendor_reference?: string; displayed_as?: string }>(`/${resource.path}?search=${encodeURIComponent(document.number)}`)).find(
        (d) => d.reference === document.number || d.vendor_reference === document.number,
      );
      if (existing) return { remoteId: existing.id, remoteNumber: existing.displayed_as ?? document.number, remoteType: resource.type, isReplay: true };
      const res = await http.send({ method: 'POST', url: `${base}/${resource.path}`, headers, body: { [resource.key]: await toBody(document, kind) }, isRepeatable: false });
      const created = res.body as { id?: string; displayed_as?: string };
      if (!created.id) throw new AccountingError({ kind: 'unavailable', message: `Sage did not return the document it created for ${document.number}.`, detail: JSON.stringify(res.body) });
      return { remoteId: created.id, remoteNumber: created.displayed_as ?? document.number, remoteType: resource.type, isReplay: false };
    },

    async rollbackDocument(ref) {
      const path = ref.remoteType === 'sales_invoice' ? 'sales_invoices' : ref.remoteType === 'purchase_invoice' ? 'purchase_invoices' : 'journals';
      // Sage deletes unposted documents and voids posted invoices when given a reason.
      const body = path === 'journals' ? undefined : { void_reason: 'Rolled back from Ledgerport' };
      await http.send({ method: 'DELETE', url: `${base}/${path}/${encodeURIComponent(ref.remoteId)}`, headers, body, isRepeatable: true });
    },
  };
}
