/**
 * How a posted document is named and found once it has left: its class (invoice, bill, journal)
 * and kind label, its status label, the system's name, the seller-signed sum of its lines, and the
 * link that opens it in the accounting system (decision 0020). Pure: the Postings list and document
 * read these, the server and the web never spell them out themselves.
 */
import type { AccountingSystem } from '../mapping/model';
import { forEachLine } from './document-lines';
import type { DocumentKind } from './model';

/** What a bookkeeper calls a document, whatever the system: the Postings list's kind filter. */
export const DOCUMENT_CLASSES = ['invoice', 'bill', 'journal'] as const;
export type DocumentClass = (typeof DOCUMENT_CLASSES)[number];

const KINDS: Record<DocumentKind, { documentClass: DocumentClass; label: string }> = {
  'xero-invoice': { documentClass: 'invoice', label: 'Invoice' },
  'xero-bill': { documentClass: 'bill', label: 'Bill' },
  'sage-sales-invoice': { documentClass: 'invoice', label: 'Sales invoice' },
  'sage-purchase-invoice': { documentClass: 'bill', label: 'Purchase invoice' },
  'qbo-journal-entry': { documentClass: 'journal', label: 'Journal entry' },
  'netsuite-journal-entry': { documentClass: 'journal', label: 'Journal entry' },
  'manual-journal': { documentClass: 'journal', label: 'Ledger journal' },
};

export const DOCUMENT_CLASS_LABELS: Record<DocumentClass, string> = { invoice: 'Invoice', bill: 'Bill', journal: 'Journal' };

export function isDocumentKind(kind: string): kind is DocumentKind {
  return Object.hasOwn(KINDS, kind);
}

/** The class of a stored kind; a kind this version does not know (a later one) reads as a journal. */
export function documentClassOf(kind: string): DocumentClass {
  return isDocumentKind(kind) ? KINDS[kind].documentClass : 'journal';
}

export function documentKindLabel(kind: string): string {
  return isDocumentKind(kind) ? KINDS[kind].label : kind;
}

/** Every kind of a class, for a filter on the stored kind column. */
export function documentKindsOf(documentClass: DocumentClass): DocumentKind[] {
  return (Object.keys(KINDS) as DocumentKind[]).filter((k) => KINDS[k].documentClass === documentClass);
}

/** A stored document's state: SENDING (the call is out or will be retried), POSTED, REVERSED (replaced), FAILED. */
export const POSTED_DOCUMENT_STATUSES = ['SENDING', 'POSTED', 'REVERSED', 'FAILED'] as const;
export type PostedDocumentStatus = (typeof POSTED_DOCUMENT_STATUSES)[number];

const STATUS_LABELS: Record<PostedDocumentStatus, string> = { SENDING: 'Sending', POSTED: 'Posted', REVERSED: 'Reversed', FAILED: 'Failed' };

export function postedDocumentStatusLabel(status: PostedDocumentStatus): string {
  return STATUS_LABELS[status];
}

export const ACCOUNTING_SYSTEM_LABELS: Record<AccountingSystem, string> = {
  XERO: 'Xero',
  QBO: 'QuickBooks Online',
  SAGE: 'Sage Accounting',
  NETSUITE: 'NetSuite',
  MANUAL: 'Built-in ledger',
};

/** The name the product shows for an account's accounting system (NONE: none chosen yet); one name per system everywhere. */
export function accountingSystemLabel(system: string): string {
  if (system === 'NONE') return 'No accounting system';
  return Object.hasOwn(ACCOUNTING_SYSTEM_LABELS, system) ? ACCOUNTING_SYSTEM_LABELS[system as AccountingSystem] : system;
}

/**
 * The document's lines read from the seller's side (a credit adds, a debit takes away), the
 * clearing line left out: what the document books to the clearing account, so it equals the
 * document's total to the unit (buildPostings makes the clearing line of exactly that).
 */
export function documentLinesTotal(doc: { readonly lines: readonly { role: string; side: 'debit' | 'credit'; amount: bigint }[] }): bigint {
  let total = 0n;
  forEachLine(doc, (line) => {
    if (line.role === 'clearing') return;
    total += line.side === 'credit' ? line.amount : -line.amount;
  });
  return total;
}

export interface RemoteDocumentLinkInput {
  system: string;
  kind: string;
  remoteId: string | null;
  /** A link the adapter returned when it posted (RemoteDocumentRef.url): it wins. */
  storedUrl: string | null;
  /** NetSuite's account id (the connection's settings): its web app lives on a host of its own. */
  netsuiteAccountId?: string | null;
}

/**
 * The page of the document in the accounting system's web app, or null when the system has none we
 * can name: the built-in ledger (it lives in this app), Sage (we know no web address built from its
 * API id), a NetSuite connection without its account id, or a document not yet posted. Xero's links
 * without the organisation's short code open in the organisation the user last used in Xero.
 */
export function remoteDocumentLink(input: RemoteDocumentLinkInput): string | null {
  if (input.storedUrl) return input.storedUrl;
  const id = input.remoteId;
  if (!id) return null;
  const q = encodeURIComponent(id);
  switch (input.system) {
    case 'XERO':
      if (input.kind === 'xero-invoice') return `https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=${q}`;
      if (input.kind === 'xero-bill') return `https://go.xero.com/AccountsPayable/View.aspx?InvoiceID=${q}`;
      return `https://go.xero.com/Journal/View.aspx?invoiceID=${q}`;
    case 'QBO':
      return `https://app.qbo.intuit.com/app/journal?txnId=${q}`;
    case 'NETSUITE': {
      const account = (input.netsuiteAccountId ?? '').trim().toLowerCase().replace(/_/g, '-');
      if (!/^[a-z0-9-]+$/.test(account)) return null;
      return `https://${account}.app.netsuite.com/app/accounting/transactions/journal.nl?id=${q}`;
    }
    default:
      return null;
  }
}
