/**
 * QuickBooks Online's AccountingPort over its v3 API (element names of Finance.xsd), always at
 * minorversion 75 (1–74 are retired). A journal entry is created with `requestid`: QBO answers a
 * repeated requestid with the entry it already made.
 */
import { AccountingError, periodLockOf, type AccountingPort, type AccountingReferenceData, type PeriodLock, type PostingDocument, type RemoteDocumentRef } from '@ledgerport/core/posting';
import type { AccountKind, LedgerAccount } from '@ledgerport/core/mapping';
import { boundedKey } from '../shared/bounded-key';
import { decimal } from '../shared/json-decimal';
import type { PortContext } from '../shared/system-definition';
import { createVendorHttp, type VendorHttp } from '../shared/vendor-http';
import { describeQboError } from './qbo-errors';

export const QBO_MINOR_VERSION = '75';

interface QboAccount {
  Id: string;
  Name?: string;
  AcctNum?: string;
  AccountType?: string;
  Classification?: string;
  Active?: boolean;
  CurrencyRef?: { value?: string };
}

const KIND: Record<string, AccountKind> = { Asset: 'asset', Liability: 'liability', Equity: 'equity', Revenue: 'income', Expense: 'expense' };

const toLedgerAccount = (a: QboAccount): LedgerAccount => {
  const kind = KIND[a.Classification ?? ''] ?? 'asset';
  const name = a.AcctNum ? `${a.AcctNum} ${a.Name ?? ''}`.trim() : (a.Name ?? a.Id);
  return { code: a.Id, name, kind, path: `${kind}:${a.Name ?? a.Id}` };
};

async function query<T>(http: VendorHttp, company: string, entity: string, select: string): Promise<T[]> {
  const url = `${company}/query?query=${encodeURIComponent(select)}&minorversion=${QBO_MINOR_VERSION}`;
  const res = await http.send({ method: 'GET', url, isRepeatable: true });
  return ((res.body as { QueryResponse?: Record<string, T[]> }).QueryResponse?.[entity] ?? []);
}

export function toQboJournalEntry(document: PostingDocument, classIdOf: (name: string) => string | undefined) {
  return {
    DocNumber: document.number.slice(0, 21),
    TxnDate: document.date,
    PrivateNote: document.description.slice(0, 4000),
    CurrencyRef: { value: document.currency },
    Line: document.lines.map((l) => {
      const classOption = l.tracking[0]?.option;
      const classId = classOption ? classIdOf(classOption) : undefined;
      return {
        Amount: decimal(l.amount),
        Description: (l.description || l.account.name).slice(0, 4000),
        DetailType: 'JournalEntryLineDetail',
        JournalEntryLineDetail: {
          PostingType: l.side === 'debit' ? 'Debit' : 'Credit',
          AccountRef: { value: l.account.code },
          ...(classId ? { ClassRef: { value: classId } } : {}),
          ...(l.taxRateCode && l.taxRateCode !== 'NONE' && l.taxRateCode !== 'NON' ? { TaxCodeRef: { value: l.taxRateCode } } : {}),
        },
      };
    }),
  };
}

/** The QBO port with the backend playground's read: one query as QBO answers it. */
export interface QboPort extends AccountingPort {
  /** GET /v3/company/{realmId}/query: QBO's whole answer ({ QueryResponse, time }); a Fault in a 200 is thrown. */
  runQuery(select: string): Promise<Record<string, unknown>>;
}

export const isQboPort = (port: AccountingPort): port is QboPort => port.system === 'QBO' && 'runQuery' in port;

export function createQboPort(context: PortContext): QboPort {
  const company = `${context.endpoints.apiBaseUrl.replace(/\/$/, '')}/v3/company/${encodeURIComponent(context.remoteId)}`;
  const http = createVendorHttp({ systemName: 'QuickBooks Online', describeError: describeQboError, ...context });
  let classes: Map<string, string> | undefined;
  // The company's closing date: Preferences.AccountingInfoPrefs.BookCloseDate (Finance.xsd), absent when the books are not closed.
  const fetchPeriodLock = async (): Promise<PeriodLock | null> => {
    const res = await http.send({ method: 'GET', url: `${company}/preferences?minorversion=${QBO_MINOR_VERSION}`, isRepeatable: true });
    const prefs = (res.body as { Preferences?: { AccountingInfoPrefs?: { BookCloseDate?: string } } }).Preferences;
    return periodLockOf([{ source: 'BookCloseDate', closedThrough: prefs?.AccountingInfoPrefs?.BookCloseDate }]);
  };

  return {
    system: 'QBO',
    async runQuery(select) {
      const url = `${company}/query?query=${encodeURIComponent(select)}&minorversion=${QBO_MINOR_VERSION}`;
      const res = await http.send({ method: 'GET', url, isRepeatable: true });
      const body = (res.body && typeof res.body === 'object' ? res.body : {}) as Record<string, unknown>;
      // QBO can answer a query with 200 and a Fault instead of a QueryResponse.
      if (body.Fault) throw new AccountingError(describeQboError(400, body));
      return body;
    },
    async fetchReferenceData(): Promise<AccountingReferenceData> {
      const accounts = await query<QboAccount>(http, company, 'Account', 'select * from Account where Active = true maxresults 1000');
      const taxCodes = await query<{ Id: string; Name?: string; Active?: boolean }>(http, company, 'TaxCode', 'select * from TaxCode maxresults 1000');
      const classList = await query<{ Id: string; Name?: string; FullyQualifiedName?: string }>(http, company, 'Class', 'select * from Class maxresults 1000');
      return {
        accounts: accounts.filter((a) => a.AccountType !== 'Bank').map(toLedgerAccount),
        bankAccounts: accounts.filter((a) => a.AccountType === 'Bank').map(toLedgerAccount),
        taxRates: taxCodes.filter((t) => t.Active !== false).map((t) => ({ code: t.Id, name: t.Name ?? t.Id })),
        trackingCategories: classList.length > 0 ? [{ name: 'Class', options: classList.map((c) => c.FullyQualifiedName ?? c.Name ?? c.Id) }] : [],
        currencies: [...new Set(accounts.map((a) => a.CurrencyRef?.value).filter((c): c is string => !!c))],
        periodLock: await fetchPeriodLock(),
      };
    },
    fetchPeriodLock,

    async postDocument(document, options): Promise<RemoteDocumentRef> {
      if (document.kind !== 'qbo-journal-entry' && document.kind !== 'manual-journal') {
        throw new AccountingError({ kind: 'validation', message: `QuickBooks Online cannot take a document of kind ${document.kind}; choose QuickBooks mappings for this account.` });
      }
      if (document.lines.some((l) => l.tracking.length > 0) && !classes) {
        const list = await query<{ Id: string; Name?: string; FullyQualifiedName?: string }>(http, company, 'Class', 'select * from Class maxresults 1000');
        classes = new Map(list.flatMap((c) => [[c.FullyQualifiedName ?? c.Name ?? c.Id, c.Id] as const, [c.Name ?? c.Id, c.Id] as const]));
      }
      const requestId = boundedKey(options.idempotencyKey, 50);
      const res = await http.send({
        method: 'POST',
        url: `${company}/journalentry?requestid=${encodeURIComponent(requestId)}&minorversion=${QBO_MINOR_VERSION}`,
        body: toQboJournalEntry(document, (name) => classes?.get(name)),
        isRepeatable: true,
      });
      const entry = (res.body as { JournalEntry?: { Id?: string; DocNumber?: string } }).JournalEntry;
      if (!entry?.Id) throw new AccountingError({ kind: 'unavailable', message: `QuickBooks did not return the journal entry it created for ${document.number}.`, detail: JSON.stringify(res.body) });
      return { remoteId: entry.Id, remoteNumber: entry.DocNumber ?? document.number, remoteType: 'JournalEntry', isReplay: false };
    },

    async rollbackDocument(ref) {
      // QBO has no draft journal entries: rolling back deletes the entry (it needs the current SyncToken).
      const got = await http.send({ method: 'GET', url: `${company}/journalentry/${encodeURIComponent(ref.remoteId)}?minorversion=${QBO_MINOR_VERSION}`, isRepeatable: true });
      const entry = (got.body as { JournalEntry?: { Id: string; SyncToken: string } }).JournalEntry;
      if (!entry) return;
      await http.send({
        method: 'POST',
        url: `${company}/journalentry?operation=delete&minorversion=${QBO_MINOR_VERSION}`,
        body: { Id: entry.Id, SyncToken: entry.SyncToken },
        isRepeatable: true,
      });
    },
  };
}
