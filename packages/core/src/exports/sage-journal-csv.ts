/**
 * Sage Accounting journal import (accounting.md §6.5): rows with the same Reference form one journal
 * (a new one starts when the Reference changes), the ledger account by number, Reference <= 75 and
 * Description / Details <= 200 characters, files under 0.5 MB. Sage lets columns be reordered but
 * not renamed, so only the columns used are written, under the template's headings.
 */
import type { PostingDocument } from '../posting/model';
import { csvNumber, csvRow } from './csv-row';
import { amountText, chunkDocuments, fileNames, formatDate, limit, forEachPostedLine, type ExportFile, type ExportOptions } from './model';

export const SAGE_MAX_FILE_BYTES = 500_000;
const HEADER = csvRow(['Reference', 'Date', 'Description', 'Ledger Account Number', 'Details', 'Analysis Type 1', 'Debit', 'Credit']);

function rowsOf(d: PostingDocument, options: ExportOptions): string {
  let out = '';
  forEachPostedLine(d, (l) => {
    const amount = csvNumber(amountText(l.amount, d.currency));
    out += csvRow([
      limit(d.number, 75),
      formatDate(d.date, options.dateFormat ?? 'dd/mm/yyyy'),
      limit(d.description, 200),
      l.account.code,
      limit(l.description, 200),
      l.tracking[0]?.option ?? '',
      l.side === 'debit' ? amount : '',
      l.side === 'credit' ? amount : '',
    ]);
  });
  return out;
}

export function writeSageJournalCsv(documents: readonly PostingDocument[], options: ExportOptions = {}): ExportFile[] {
  const blocks = documents.map((d) => ({ d, text: rowsOf(d, options) }));
  const bytes = (s: string) => new TextEncoder().encode(s).length;
  const files = chunkDocuments(blocks, (b) => bytes(b.text), SAGE_MAX_FILE_BYTES - bytes(HEADER), (b) => `Journal ${b.d.number} is larger than the 0.5 MB a Sage import file takes; group by type instead of SKU.`);
  const names = fileNames('sage-journals', 'csv', files.length);
  return files.map((blocksOfFile, i) => ({ name: names[i]!, content: HEADER + blocksOfFile.map((b) => b.text).join('') }));
}
