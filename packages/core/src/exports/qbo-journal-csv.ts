/**
 * QuickBooks Online journal-entry import (accounting.md §6.2): rows with the same Journal No. form
 * one entry; US dates; account by name (account numbers switched off); Class column when tracked.
 */
import type { PostingDocument } from '../posting/model';
import { someLine } from '../posting/document-lines';
import { csvNumber, csvRow } from './csv-row';
import { amountText, formatDate, limit, forEachPostedLine, type ExportFile } from './model';

export function writeQboJournalCsv(documents: readonly PostingDocument[]): ExportFile[] {
  const hasClass = documents.some((d) => someLine(d, (l) => l.tracking.length > 0));
  let out = csvRow(['Journal No.', 'Journal Date', 'Account Name', 'Description', 'Debits', 'Credits', 'Name', ...(hasClass ? ['Class'] : [])]);
  for (const d of documents) {
    forEachPostedLine(d, (l) => {
      const amount = csvNumber(amountText(l.amount, d.currency));
      out += csvRow([
        limit(d.number, 21),
        formatDate(d.date, 'mm/dd/yyyy'),
        l.account.name,
        limit(`${l.description} (${d.description})`, 4000),
        l.side === 'debit' ? amount : '',
        l.side === 'credit' ? amount : '',
        '',
        ...(hasClass ? [l.tracking[0]?.option ?? ''] : []),
      ]);
    });
  }
  return [{ name: 'qbo-journal-entries.csv', content: out }];
}
