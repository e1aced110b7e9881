/**
 * A product cost sheet (CSV or the first sheet of an XLSX) read into costs: columns SKU, Currency,
 * Effective Date (YYYY-MM-DD) and Unit Cost, found by header name, plus an optional Title. Every
 * problem names its row and column; the caller saves nothing when there is one (an import is all or
 * nothing). The same columns are what the export writes, so an exported sheet imports unchanged.
 */
import { parseDecimalUnits } from '../money/money';
import { isKnownCurrency } from '../money/currencies';
import { isCalendarDate } from '../rules/calendar-date';
import { decodeHead } from '../channels/shared/decode-text';
import { RowReader } from '../channels/shared/row-reader';
import { fieldOf, mapColumns } from '../channels/shared/column-map';
import type { ParseProblem } from '../settlements/model';
import type { StandardCost } from './model';

export const COST_SHEET_COLUMNS = ['SKU', 'Currency', 'Effective Date', 'Unit Cost', 'Title'] as const;
export const COST_ROWS_MAX = 200_000;
const SKU_LENGTH_MAX = 200;

const COLUMNS = {
  sku: ['SKU', 'seller-sku', 'Product SKU', 'Item SKU'],
  currency: ['Currency', 'Currency Code'],
  effectiveDate: ['Effective Date', 'Effective From', 'Date', 'Start Date'],
  unitCost: ['Unit Cost', 'Cost', 'Cost Price', 'Unit Cost Price'],
  title: ['Title', 'Product Title', 'Name', 'Product Name'],
} as const;

export interface CostSheetRow extends StandardCost {
  row: number;
  title: string | null;
}

export interface CostSheet {
  costs: CostSheetRow[];
  problems: ParseProblem[];
}

/** Rows as text fields, the header first; `row` is the 1-based row number in the file. */
export function readCostTable(
  rows: Iterable<{ row: number; fields: readonly string[] }>,
  fileName: string,
): CostSheet {
  const costs: CostSheetRow[] = [];
  const problems: ParseProblem[] = [];
  let index:
    | {
        sku: number;
        currency: number;
        effectiveDate: number;
        unitCost: number;
        title: number;
        names: string[];
      }
    | undefined;
  const seen = new Map<string, number>();
  for (const { row, fields } of rows) {
    if (!index) {
      const map = mapColumns(fields, COLUMNS);
      const absent = (['sku', 'currency', 'effectiveDate', 'unitCost'] as const).filter(
        (k) => map.index[k] < 0,
      );
      if (absent.length > 0) {
        const wanted = absent.map((k) => COLUMNS[k][0]).join(', ');
        problems.push({
          file: fileName,
          row,
          column: null,
          message: `Row ${row}: the sheet has no ${wanted} column; its first row must name the columns ${COST_SHEET_COLUMNS.slice(0, 4).join(', ')}.`,
        });
        return { costs: [], problems };
      }
      index = { ...map.index, names: map.names };
      continue;
    }
    const at = index;
    const text = (i: number) => fieldOf(fields, i).trim();
    if (fields.every((f) => f.trim() === '')) continue;
    const fail = (key: 'sku' | 'currency' | 'effectiveDate' | 'unitCost', message: string) => {
      const column = at.names[at[key]] ?? COLUMNS[key][0];
      problems.push({ file: fileName, row, column, message: `Row ${row}, column ${column}: ${message}` });
    };
    const sku = text(at.sku);
    const currency = text(at.currency).toUpperCase();
    const effectiveDate = text(at.effectiveDate);
    const costText = text(at.unitCost);
    const unitCost = parseDecimalUnits(costText, '.');
    let isValid = true;
    if (sku === '') isValid = (fail('sku', 'the SKU is empty.'), false);
    else if (sku.length > SKU_LENGTH_MAX || hasControlCharacter(sku))
      isValid =
        (fail('sku', `the SKU must be at most ${SKU_LENGTH_MAX} characters with no control characters.`),
        false);
    if (!isKnownCurrency(currency))
      isValid =
        (fail('currency', `"${text(at.currency)}" is not a currency code (such as USD or EUR).`), false);
    if (!isCalendarDate(effectiveDate))
      isValid =
        (fail('effectiveDate', `"${effectiveDate}" is not a date written YYYY-MM-DD (such as 2026-01-31).`),
        false);
    if (unitCost === undefined || unitCost < 0n)
      isValid =
        (fail(
          'unitCost',
          `"${costText}" is not a cost (a number such as 12.50, at most 4 decimals, not negative).`,
        ),
        false);
    if (!isValid) continue;
    const key = `${sku}\u0000${currency}\u0000${effectiveDate}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      fail('sku', `${sku} already has a ${currency} cost from ${effectiveDate} on row ${earlier}.`);
      continue;
    }
    seen.set(key, row);
    const title = at.title < 0 ? '' : text(at.title);
    costs.push({
      row,
      sku,
      currency,
      effectiveDate,
      unitCost: unitCost!,
      title: title === '' ? null : title,
    });
    if (costs.length > COST_ROWS_MAX) {
      problems.push({
        file: fileName,
        row,
        column: null,
        message: `The sheet has more than ${COST_ROWS_MAX} costs; split it into several files.`,
      });
      break;
    }
  }
  if (!index) problems.push({ file: fileName, row: 0, column: null, message: 'The sheet is empty.' });
  return { costs, problems };
}

/** A CSV (or tab-separated) cost sheet's bytes. */
export function parseCostCsv(bytes: Uint8Array, fileName: string): CostSheet {
  const rows: { row: number; fields: string[] }[] = [];
  const problems: ParseProblem[] = [];
  const reader = new RowReader({
    onRow(fields, row) {
      rows.push({ row, fields: [...fields] });
    },
    onProblem: (row, message) => problems.push({ file: fileName, row, column: null, message }),
  });
  reader.push(decodeHead(bytes));
  reader.end();
  const sheet = readCostTable(rows, fileName);
  return { costs: sheet.costs, problems: [...problems, ...sheet.problems] };
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}
