/**
 * Saves what a report page shows as a CSV file (the download button of each Shopify report). Cells go
 * through core's csvRow: text that would start a spreadsheet formula is escaped, amounts are written
 * as the exact decimal strings the server sent.
 */
import { csvNumber, csvRow, type CsvCell } from '@ledgerport/core/exports';
import { saveBlob } from '../../ui/download-file';

export const amountCell = (value: string): CsvCell => csvNumber(value);

export function saveCsv(fileName: string, header: readonly string[], rows: readonly (readonly CsvCell[])[]): void {
  const text = [csvRow(header), ...rows.map((r) => csvRow(r))].join('');
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
