/**
 * Core's balanced documents in Xero's shapes. An invoice (ACCREC) or bill (ACCPAY) is the journal
 * without its clearing line, read from the seller's side: on an invoice a credit is a positive
 * amount, on a bill a debit is. A manual journal's LineAmount is positive for debits.
 */
import type { DocumentLine, PostingDocument, PostOptions } from '@ledgerport/core/posting';
import { channelContactName } from '../shared/channel-name';
import { decimal } from '../shared/json-decimal';
import type { ConnectionSettings } from '../shared/system-definition';

const NO_TAX = new Set(['', 'NONE']);

function tracking(line: DocumentLine) {
  return line.tracking.slice(0, 2).map((t) => ({ Name: t.name, Option: t.option }));
}

function description(line: DocumentLine): string {
  return line.description.trim() || line.account.name || line.account.code;
}

export function lineAmountTypesOf(document: PostingDocument, settings: ConnectionSettings): 'Exclusive' | 'Inclusive' | 'NoTax' {
  const hasTax = document.lines.some((l) => !NO_TAX.has(l.taxRateCode));
  const chosen = settings.lineAmountTypes ?? 'auto';
  if (chosen === 'auto') return hasTax ? 'Exclusive' : 'NoTax';
  return chosen;
}

export function toXeroInvoice(document: PostingDocument, options: PostOptions, settings: ConnectionSettings) {
  const isBill = document.kind === 'xero-bill';
  const isApproved = options.status === 'approved';
  return {
    Type: isBill ? 'ACCPAY' : 'ACCREC',
    Contact: { Name: channelContactName(document.channel) },
    Date: document.date,
    DueDate: document.date,
    InvoiceNumber: document.number,
    Reference: document.description.slice(0, 255),
    LineAmountTypes: lineAmountTypesOf(document, settings),
    Status: isApproved ? 'AUTHORISED' : 'DRAFT',
    CurrencyCode: document.currency,
    LineItems: document.lines
      .filter((l) => l.role !== 'clearing')
      .map((l) => {
        const sellerSide = (l.side === 'credit') !== isBill;
        return {
          Description: description(l),
          Quantity: decimal(10000n),
          UnitAmount: decimal(sellerSide ? l.amount : -l.amount),
          AccountCode: l.account.code,
          ...(NO_TAX.has(l.taxRateCode) ? { TaxType: 'NONE' } : { TaxType: l.taxRateCode }),
          ...(l.tracking.length > 0 ? { Tracking: tracking(l) } : {}),
        };
      }),
  };
}

export function toXeroManualJournal(document: PostingDocument, options: PostOptions) {
  return {
    Narration: `${document.number} ${document.description}`.slice(0, 4000),
    Date: document.date,
    Status: options.status === 'approved' ? 'POSTED' : 'DRAFT',
    LineAmountTypes: 'NoTax',
    JournalLines: document.lines.map((l) => ({
      Description: description(l),
      LineAmount: decimal(l.side === 'debit' ? l.amount : -l.amount),
      AccountCode: l.account.code,
      ...(NO_TAX.has(l.taxRateCode) ? {} : { TaxType: l.taxRateCode }),
      ...(l.tracking.length > 0 ? { Tracking: tracking(l) } : {}),
    })),
  };
}
