/**
 * Xero's AccountingPort over its Accounting API 2.0 (xero_accounting.yaml). Every call names the
 * tenant (xero-tenant-id); creates go by PUT with an Idempotency-Key, so a retried send returns the
 * document Xero already made instead of a second one.
 */
import { AccountingError, periodLockOf, type AccountingPort, type AccountingReferenceData, type PeriodLock, type RemoteDocumentRef } from '@ledgerport/core/posting';
import type { AccountKind, LedgerAccount } from '@ledgerport/core/mapping';
import { boundedKey } from '../shared/bounded-key';
import type { PortContext } from '../shared/system-definition';
import { createVendorHttp } from '../shared/vendor-http';
import { describeXeroError } from './xero-errors';
import { toXeroInvoice, toXeroManualJournal } from './xero-documents';

interface XeroAccount {
  AccountID?: string;
  Code?: string;
  Name?: string;
  Type?: string;
  Class?: string;
  Status?: string;
}

const KIND_OF_CLASS: Record<string, AccountKind> = { ASSET: 'asset', LIABILITY: 'liability', EQUITY: 'equity', REVENUE: 'income', EXPENSE: 'expense' };
// Class is read-only and often absent from list answers; the account Type implies it.
const KIND_OF_TYPE: Record<string, AccountKind> = {
  BANK: 'asset', CURRENT: 'asset', FIXED: 'asset', INVENTORY: 'asset', NONCURRENT: 'asset', PREPAYMENT: 'asset',
  CURRLIAB: 'liability', LIABILITY: 'liability', TERMLIAB: 'liability', PAYGLIABILITY: 'liability', SUPERANNUATIONLIABILITY: 'liability', WAGESPAYABLELIABILITY: 'liability',
  EQUITY: 'equity', REVENUE: 'income', SALES: 'income', OTHERINCOME: 'income',
  EXPENSE: 'expense', DIRECTCOSTS: 'expense', OVERHEADS: 'expense', DEPRECIATN: 'expense', SUPERANNUATIONEXPENSE: 'expense', WAGESEXPENSE: 'expense',
};

/** A Xero date (`/Date(1546214400000+0000)/`, x-is-msdate) as the day it names, or null. */
export function xeroDay(value: string | undefined): string | null {
  const ms = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/.exec(value ?? '')?.[1];
  if (ms !== undefined) return new Date(Number(ms)).toISOString().slice(0, 10);
  // The JSON of some SDKs and the 'Accept: application/json' answer also carry ISO dates.
  return /^\d{4}-\d{2}-\d{2}/.test(value ?? '') ? value!.slice(0, 10) : null;
}

function toLedgerAccount(a: XeroAccount): LedgerAccount {
  // Bank accounts often have no Code; Xero accepts AccountID in its place on lines.
  const code = a.Code || a.AccountID || '';
  const kind = KIND_OF_CLASS[a.Class ?? ''] ?? KIND_OF_TYPE[a.Type ?? ''] ?? 'asset';
  return { code, name: a.Name ?? code, kind, path: `${kind}:${a.Name ?? code}` };
}

export function createXeroPort(context: PortContext): AccountingPort {
  const base = context.endpoints.apiBaseUrl.replace(/\/$/, '');
  const http = createVendorHttp({ systemName: 'Xero', describeError: describeXeroError, ...context });
  const headers = { 'xero-tenant-id': context.remoteId };
  const get = async <T>(path: string): Promise<T> => (await http.send({ method: 'GET', url: `${base}${path}`, headers, isRepeatable: true })).body as T;
  // The Organisation's PeriodLockDate and EndOfYearLockDate ("Shown if set. See lock dates").
  const fetchPeriodLock = async (): Promise<PeriodLock | null> => {
    const { Organisations = [] } = await get<{ Organisations?: { PeriodLockDate?: string; EndOfYearLockDate?: string }[] }>('/Organisation');
    const org = Organisations[0];
    return periodLockOf([
      { source: 'PeriodLockDate', closedThrough: xeroDay(org?.PeriodLockDate) },
      { source: 'EndOfYearLockDate', closedThrough: xeroDay(org?.EndOfYearLockDate) },
    ]);
  };

  return {
    system: 'XERO',
    async fetchReferenceData(): Promise<AccountingReferenceData> {
      const { Accounts = [] } = await get<{ Accounts?: XeroAccount[] }>('/Accounts');
      const { TaxRates = [] } = await get<{ TaxRates?: { Name?: string; TaxType?: string; Status?: string }[] }>('/TaxRates');
      const { TrackingCategories = [] } = await get<{ TrackingCategories?: { Name?: string; Status?: string; Options?: { Name?: string; Status?: string }[] }[] }>('/TrackingCategories');
      const { Currencies = [] } = await get<{ Currencies?: { Code?: string }[] }>('/Currencies');
      const active = Accounts.filter((a) => a.Status !== 'ARCHIVED' && a.Status !== 'DELETED');
      return {
        accounts: active.filter((a) => a.Type !== 'BANK').map(toLedgerAccount),
        bankAccounts: active.filter((a) => a.Type === 'BANK').map(toLedgerAccount),
        taxRates: TaxRates.filter((t) => t.Status !== 'DELETED' && t.TaxType).map((t) => ({ code: t.TaxType!, name: t.Name ?? t.TaxType! })),
        trackingCategories: TrackingCategories.filter((c) => c.Status !== 'ARCHIVED').map((c) => ({
          name: c.Name ?? '',
          options: (c.Options ?? []).filter((o) => o.Status !== 'ARCHIVED').map((o) => o.Name ?? ''),
        })),
        currencies: Currencies.map((c) => c.Code ?? '').filter(Boolean),
        periodLock: await fetchPeriodLock(),
      };
    },
    fetchPeriodLock,

    async postDocument(document, options): Promise<RemoteDocumentRef> {
      const key = { 'Idempotency-Key': boundedKey(options.idempotencyKey, 128) };
      if (document.kind === 'xero-invoice' || document.kind === 'xero-bill') {
        const res = await http.send({
          method: 'PUT',
          url: `${base}/Invoices?summarizeErrors=true`,
          headers: { ...headers, ...key },
          body: { Invoices: [toXeroInvoice(document, options, context.settings)] },
          isRepeatable: true,
        });
        const invoice = (res.body as { Invoices?: { InvoiceID?: string; InvoiceNumber?: string }[] }).Invoices?.[0];
        if (!invoice?.InvoiceID) throw new AccountingError({ kind: 'unavailable', message: `Xero did not return the invoice it created for ${document.number}.`, detail: JSON.stringify(res.body) });
        return { remoteId: invoice.InvoiceID, remoteNumber: invoice.InvoiceNumber ?? document.number, remoteType: 'Invoice', isReplay: false };
      }
      if (document.kind === 'manual-journal') {
        const res = await http.send({
          method: 'PUT',
          url: `${base}/ManualJournals?summarizeErrors=true`,
          headers: { ...headers, ...key },
          body: { ManualJournals: [toXeroManualJournal(document, options)] },
          isRepeatable: true,
        });
        const journal = (res.body as { ManualJournals?: { ManualJournalID?: string }[] }).ManualJournals?.[0];
        if (!journal?.ManualJournalID) throw new AccountingError({ kind: 'unavailable', message: `Xero did not return the manual journal it created for ${document.number}.`, detail: JSON.stringify(res.body) });
        return { remoteId: journal.ManualJournalID, remoteNumber: document.number, remoteType: 'ManualJournal', isReplay: false };
      }
      throw new AccountingError({ kind: 'validation', message: `Xero cannot take a document of kind ${document.kind}; choose Xero mappings for this account.` });
    },

    async rollbackDocument(ref) {
      if (ref.remoteType === 'Invoice') {
        const { Invoices = [] } = await get<{ Invoices?: { Status?: string }[] }>(`/Invoices/${encodeURIComponent(ref.remoteId)}`);
        const status = Invoices[0]?.Status;
        if (status === 'DELETED' || status === 'VOIDED') return;
        // Drafts and submitted invoices can be deleted; approved ones only voided.
        const next = status === 'DRAFT' || status === 'SUBMITTED' ? 'DELETED' : 'VOIDED';
        await http.send({ method: 'POST', url: `${base}/Invoices/${encodeURIComponent(ref.remoteId)}`, headers, body: { Invoices: [{ InvoiceID: ref.remoteId, Status: next }] }, isRepeatable: true });
        return;
      }
      const { ManualJournals = [] } = await get<{ ManualJournals?: { Status?: string; Narration?: string }[] }>(`/ManualJournals/${encodeURIComponent(ref.remoteId)}`);
      const journal = ManualJournals[0];
      if (!journal || journal.Status === 'DELETED' || journal.Status === 'VOIDED') return;
      const next = journal.Status === 'DRAFT' ? 'DELETED' : 'VOIDED';
      await http.send({ method: 'POST', url: `${base}/ManualJournals/${encodeURIComponent(ref.remoteId)}`, headers, body: { ManualJournals: [{ Narration: journal.Narration ?? ref.remoteNumber, Status: next }] }, isRepeatable: true });
    },
  };
}
