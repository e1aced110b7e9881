/**
 * QuickBooks Desktop IIF (accounting.md §6.1): tab-separated TRNS / SPL... / ENDTRNS blocks, one per
 * document, GENERAL JOURNAL type, amounts signed (debit positive) and summing to zero per block.
 * Account names must match the company's chart exactly, so the chart's names are written.
 */
import type { PostingDocument } from '../posting/model';
import { csvCellText, csvNumber, type CsvCell } from './csv-row';
import { amountText, formatDate, forEachPostedLine, signedAmount, type ExportFile } from './model';

const COLUMNS = ['TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'CLASS', 'AMOUNT', 'DOCNUM', 'MEMO'];
// IIF has no quoting: a tab or line break inside a field would shift columns, a quote confuses QuickBooks.
// Spreadsheets open .iif files too, so text that would start a formula is escaped as in our CSVs.
const field = (cell: CsvCell) => csvCellText(typeof cell === 'string' ? cell.replace(/[\t\r\n"]+/g, ' ') : cell);

export function writeIif(documents: readonly PostingDocument[]): ExportFile[] {
  const rows: string[] = [`!TRNS\t${COLUMNS.join('\t')}`, `!SPL\t${COLUMNS.join('\t')}`, '!ENDTRNS'];
  for (const d of documents) {
    forEachPostedLine(d, (l, i) => {
      const cells: CsvCell[] = ['GENERAL JOURNAL', formatDate(d.date, 'mm/dd/yyyy'), l.account.name, '', l.tracking[0]?.option ?? '', csvNumber(amountText(signedAmount(l), d.currency)), d.number, `${d.description}: ${l.description}`];
      rows.push(`${i === 0 ? 'TRNS' : 'SPL'}\t${cells.map(field).join('\t')}`);
    });
    rows.push('ENDTRNS');
  }
  return [{ name: 'journal.iif', content: `${rows.join('\r\n')}\r\n` }];
}
