/**
 * File exports a bookkeeper imports by hand (accounting.md §6). Each writer takes posted documents
 * and returns the files to write; targets with a size limit get several files, each whole (a
 * document is never cut across files). Zero-amount lines are left out: several targets reject them.
 */
import type { TaxRate } from '../mapping/model';
import { formatUnits } from '../money/money';
import { getMinorDigits } from '../money/currencies';
import type { DocumentLine, PostingDocument } from '../posting/model';
import { forEachLine, someLine } from '../posting/document-lines';

export const EXPORT_FORMATS = ['csv', 'iif', 'qbo-csv', 'xero-journal-csv', 'xero-invoice-csv', 'sage-csv', 'hledger', 'beancount', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportFile {
  name: string;
  content: string;
}

export interface ExportOptions {
  /** Tax rates of the chart, to print names where an import wants the name (Xero). */
  taxRates?: readonly TaxRate[];
  /** Regional day/month order for Xero and Sage imports. Default 'dd/mm/yyyy'. */
  dateFormat?: 'dd/mm/yyyy' | 'mm/dd/yyyy';
}

/** A document that no target file can hold (e.g. more lines than the import allows). */
export class ExportLimitError extends Error {
  override name = 'ExportLimitError';
}

/** A line with an amount: the lines an export writes (a zero line posts nothing). */
export const isPostedLine = (l: DocumentLine): boolean => l.amount !== 0n;

/**
 * Calls `visit` with each line of the document that has an amount, and its index among them, in
 * order. A document grouped by SKU has its lines as a column (see forEachLine): `visit` reads a line
 * and never keeps it.
 */
export function forEachPostedLine(doc: PostingDocument, visit: (line: DocumentLine, index: number) => void): void {
  let index = 0;
  forEachLine(doc, (line) => {
    if (isPostedLine(line)) visit(line, index++);
  });
}

/** The number of lines with an amount. */
export function postedLineCount(doc: PostingDocument): number {
  let count = 0;
  forEachPostedLine(doc, () => count++);
  return count;
}

export const hasPostedLine = (doc: PostingDocument): boolean => someLine(doc, isPostedLine);

export const amountText = (units: bigint, currency: string): string => formatUnits(units, getMinorDigits(currency));

/** Debit positive, credit negative. */
export const signedAmount = (line: DocumentLine): bigint => (line.side === 'debit' ? line.amount : -line.amount);

export function formatDate(isoDate: string, format: 'dd/mm/yyyy' | 'mm/dd/yyyy'): string {
  const [y, m, d] = isoDate.split('-');
  return format === 'dd/mm/yyyy' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

export function taxRateName(code: string, options: ExportOptions): string {
  const rates = options.taxRates ?? [];
  return rates.find((r) => r.code === code)?.name ?? rates[0]?.name ?? 'Tax Exempt';
}

/** Cuts text to a target's field limit. */
export const limit = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Splits documents into files of at most `maxPerFile` units (lines, invoices, bytes...), never cutting a document. */
export function chunkDocuments<T>(items: readonly T[], sizeOf: (item: T) => number, maxPerFile: number, tooBig: (item: T) => string): T[][] {
  const files: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const s = sizeOf(item);
    if (s > maxPerFile) throw new ExportLimitError(tooBig(item));
    if (size + s > maxPerFile && current.length > 0) {
      files.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += s;
  }
  if (current.length > 0) files.push(current);
  return files;
}

/** 'name.csv' for one file, 'name-1.csv', 'name-2.csv' for several. */
export const fileNames = (base: string, ext: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => (count === 1 ? `${base}.${ext}` : `${base}-${i + 1}.${ext}`));
