/**
 * Reading infrastructure shared by every channel file parser: streaming byte decoding, a delimited row
 * reader, header-by-name columns, and date / number helpers. All of it streams: nothing here keeps
 * more than the current chunk and one incomplete record.
 *
 * How a parser uses it (see channels/amazon/parse-amazon-v2.ts for a complete one):
 *
 * ```ts
 * import type { ParseSink, ReportInput, ReportParser } from '../../settlements/parser';
 * import { firstLine, headerMatchRatio, mapColumns, fieldOf, readDelimited, parseDateTime,
 *   sniffDateOrder, sniffDecimalSeparator, type ColumnMap } from '../shared';
 * import { parseDecimalUnits } from '../../money/money';
 *
 * const COLUMNS = { id: ['Payout ID', 'Auszahlungs-ID'], amount: ['Amount', 'Betrag'], date: ['Date'] } as const;
 *
 * export const shopifyPayoutsParser: ReportParser = {
 *   format: 'shopify-payouts', channel: 'SHOPIFY', label: 'Shopify payouts export',
 *   detect: (head) => headerMatchRatio(firstLine(head), ['Payout ID', 'Amount', 'Date']),
 *   async parse(input: ReportInput, sink: ParseSink) {
 *     let columns: ColumnMap<keyof typeof COLUMNS> | undefined;
 *     const summary = await readDelimited(input.chunks, {
 *       // delimiter: ',',             // omit to sniff tab / comma / semicolon from the header line
 *       onRow(fields, row) {           // row = 1-based line number as a person counts it
 *         if (!columns) {
 *           columns = mapColumns(fields, COLUMNS);
 *           if (columns.missing.includes('amount')) {
 *             sink.problem({ file: input.fileName, row, column: null, message: 'This file has no Amount column...' });
 *             return false;            // stop reading: not our report
 *           }
 *           return;
 *         }
 *         const amountText = fieldOf(fields, columns.index.amount);
 *         const amount = parseDecimalUnits(amountText, '.');       // bigint units (scale 4) or undefined
 *         const postedAt = parseDateTime(fieldOf(fields, columns.index.date), { order: 'mdy' }); // epoch ms UTC
 *         if (amount === undefined) sink.problem({ file: input.fileName, row, column: 'Amount', message: `...` }, id);
 *         ...
 *       },
 *       onProblem: (row, message) => sink.problem({ file: input.fileName, row, column: null, message }),
 *     });
 *     if (!summary.isLastRowTerminated) { ... the last row may be cut short: check its column count ... }
 *   },
 * };
 * ```
 *
 * Locale sniffing: when the order of `nn/nn/yyyy` dates or the decimal separator is not known up front,
 * buffer the first rows (a few hundred), call sniffDateOrder / sniffDecimalSeparator on their values,
 * fall back to the marketplace's convention when the sample does not tell, then replay the buffer.
 * Decoding alone: decodeText(chunks) yields { text, encoding } (UTF-8 with or without BOM, UTF-16 with
 * BOM, Windows-1252 fallback for invalid UTF-8); decodeHead(bytes) does the same for detect().
 *
 * Hot paths (a 1M-line report): give readDelimited an `onLine(text, start, end, row, delimiter)` too
 * and unquoted lines arrive unsplit (quoted records still reach onRow as fields). Then scanFields
 * finds where each field starts (into a reused Int32Array), and the field values are read in place:
 * parsePlainDecimalUnits / parsePlainCount / PlainDateTimeReader for the plain forms (undefined for
 * anything else: split the line and take the normal path, so both always agree), FieldMemo and
 * LastSlice to recognise a value repeated from the previous row without slicing it. See
 * channels/amazon/amazon-settlement-reader.ts (onLine) and parse-amazon-v2.ts (readDetailLine).
 */
export * from './decode-text';
export * from './row-reader';
export * from './read-delimited';
export * from './column-map';
export * from './parse-date-time';
export * from './sniff-decimal-separator';
export * from './scan-fields';
export * from './plain-date-time-reader';
