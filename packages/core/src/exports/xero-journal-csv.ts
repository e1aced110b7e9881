/**
 * Xero manual-journal import (accounting.md §6.3): rows with the same Narration and Date form one
 * journal, Amount is debit positive / credit negative, TaxRate is the tax rate's name, at most 300
 * lines per file (so large exports come as several files, each journal whole).
 */
import type { PostingDocument } from '../posting/model';
import { csvNumber, csvRow } from './csv-row';
import { amountText, chunkDocuments, fileNames, formatDate, forEachPostedLine, postedLineCount, signedAmount, taxRateName, type ExportFile, type ExportOptions } from './model';

export const XERO_JOURNAL_LINES_PER_FILE = 300;
const HEADER = ['*Narration', '*Date', 'Description', '*AccountCode', '*TaxRate', '*Amount', 'TrackingName1', 'TrackingOption1', 'TrackingName2', 'TrackingOption2'];

export function writeXeroJournalCsv(documents: readonly PostingDocument[], options: ExportOptions = {}): ExportFile[] {
  const files = chunkDocuments(
    documents,
    (d) => postedLineCount(d),
    XERO_JOURNAL_LINES_PER_FILE,
    (d) => `Journal ${d.number} has ${postedLineCount(d)} lines, more than the ${XERO_JOURNAL_LINES_PER_FILE} a Xero import file takes; group by type instead of SKU.`,
  );
  const names = fileNames('xero-manual-journals', 'csv', files.length);
  return files.map((docs, i) => {
    let out = csvRow(HEADER);
    for (const d of docs) {
      // The narration must differ between journals of the same date, so it carries the number.
      const narration = `${d.description} [${d.number}]`;
      forEachPostedLine(d, (l) => {
        const t = l.tracking;
        out += csvRow([
          narration,
          formatDate(d.date, options.dateFormat ?? 'dd/mm/yyyy'),
          l.description,
          l.account.code,
          taxRateName(l.taxRateCode, options),
          csvNumber(amountText(signedAmount(l), d.currency)),
          t[0]?.name ?? '',
          t[0]?.option ?? '',
          t[1]?.name ?? '',
          t[1]?.option ?? '',
        ]);
      });
    }
    return { name: names[i]!, content: out };
  });
}
