/**
 * The port through which documents leave for an accounting system. Core declares it; each system's
 * adapter lives in @ledgerport/integrations (Xero, QBO, Sage, NetSuite) or the server (MANUAL, the
 * built-in ledger). The server's posting service is the only caller: it stores the idempotency key
 * before calling `postDocument`, and records the returned reference after it.
 */
import type { AccountingSystem, LedgerAccount, TaxRate } from '../mapping/model';
import type { PostingDocument } from './model';
import type { PeriodLock } from './period-lock';

/** What the remote system says it created (or already had, for a replayed idempotency key). */
export interface RemoteDocumentRef {
  /** Xero InvoiceID / ManualJournalID, QBO JournalEntry Id, Sage id, NetSuite internalId, ledger journal id. */
  remoteId: string;
  /** The number a bookkeeper sees (InvoiceNumber, DocNumber, reference). */
  remoteNumber: string;
  /** The remote object type, e.g. 'Invoice', 'ManualJournal', 'JournalEntry', 'sales_invoice'. */
  remoteType: string;
  /** True when the remote system recognised the key or reference and created nothing new. */
  isReplay: boolean;
  /** A link that opens the document in the system, when it has one. */
  url?: string;
}

/** How an adapter reports a failure: the service turns it into a message kept on the settlement. */
export interface AccountingFailure {
  /** 'validation' (the document was refused: fixing mappings helps), 'auth' (reconnect), 'rate-limit',
   *  'unavailable' (timeouts, 5xx: retry helps), 'not-found', 'conflict'. */
  kind: 'validation' | 'auth' | 'rate-limit' | 'unavailable' | 'not-found' | 'conflict';
  /** A sentence a bookkeeper understands, naming the document and field where the system did. */
  message: string;
  /** The system's own words and codes, kept for support. */
  detail?: string;
  /** Seconds to wait before a retry, from Retry-After or the system's limits. */
  retryAfterSeconds?: number;
}

export class AccountingError extends Error {
  constructor(readonly failure: AccountingFailure) {
    super(failure.message);
    this.name = 'AccountingError';
  }
}

export interface AccountingReferenceData {
  accounts: LedgerAccount[];
  taxRates: TaxRate[];
  /** Xero tracking categories / QBO classes with their options. */
  trackingCategories: { name: string; options: string[] }[];
  /** Bank accounts (for the clearing / deposit account choice). */
  bankAccounts: LedgerAccount[];
  currencies: string[];
  /** The system's closed books (its lock date, or the end of its last closed period), null when none is set. */
  periodLock: PeriodLock | null;
}

export interface PostOptions {
  /** Stable across retries: the same key never creates a second remote document. */
  idempotencyKey: string;
  /** Xero invoices: DRAFT or AUTHORISED (account setting). */
  status?: 'draft' | 'approved';
}

export interface AccountingPort {
  readonly system: Exclude<AccountingSystem, 'MANUAL'> | 'MANUAL';
  fetchReferenceData(): Promise<AccountingReferenceData>;
  /** Only the lock of the reference data, read again before each send (one call where the system allows). */
  fetchPeriodLock(): Promise<PeriodLock | null>;
  postDocument(document: PostingDocument, options: PostOptions): Promise<RemoteDocumentRef>;
  /** Undo a posted document as the system allows: delete a draft, void an approved one. */
  rollbackDocument(ref: RemoteDocumentRef): Promise<void>;
}
