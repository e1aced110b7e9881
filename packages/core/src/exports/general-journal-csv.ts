/** A general-journal CSV any bookkeeper (or spreadsheet) can read: one row per line, debit and credit columns. */
import type { PostingDocument } from '../posting/model';
import { csvNumber, csvRow } from './csv-row';
import { amountText, forEachPostedLine, type ExportFile } from './model';

const HEADER = ['Journal No.', 'Date', 'Document Type', 'Journal Description', 'Account Code', 'Account Name', 'Description', 'Debit', 'Credit', 'Currency', 'Tax Rate', 'Tracking', 'Settlement', 'Mapping Version', 'Source Lines'];

export function writeGeneralJournalCsv(documents: readonly PostingDocument[]): ExportFile[] {
  let out = csvRow(HEADER);
  for (const d of documents) {
    forEachPostedLine(d, (l) => {
      const amount = csvNumber(amountText(l.amount, d.currency));
      out += csvRow([
        d.number,
        d.date,
        d.kind,
        d.description,
        l.account.code,
        l.account.name,
        l.description,
        l.side === 'debit' ? amount : '',
        l.side === 'credit' ? amount : '',
        d.currency,
        l.taxRateCode,
        l.tracking.map((t) => `${t.name}=${t.option}`).join('; '),
        d.settlementId,
        d.mappingVersion,
        csvNumber(String(l.sources.lineCount)),
      ]);
    });
  }
  return [{ name: 'general-journal.csv', content: out }];
}
