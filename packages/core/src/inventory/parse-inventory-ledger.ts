/**
 * Amazon's Inventory Ledger summary (GET_LEDGER_SUMMARY_VIEW_DATA, Seller Central "Inventory Ledger"
 * with summary view) read from its tab-separated text: columns found by header name, Date as
 * MM/YYYY (monthly aggregation) or MM/DD/YYYY (daily). The report by fulfilment centre and the one by
 * country are the same columns, the Location holding the centre id or the country code. Every problem
 * names file, row and column; a row whose ending balance is not its starting balance plus its
 * movements is refused (the caller stores nothing when there is a problem: all or nothing).
 */
import { decodeHead } from '../channels/shared/decode-text';
import { RowReader } from '../channels/shared/row-reader';
import { fieldOf, mapColumns } from '../channels/shared/column-map';
import type { ParseProblem } from '../settlements/model';
import { INVENTORY_MOVEMENTS, type InventoryLedgerRow, type InventoryMovement } from './model';

export const INVENTORY_ROWS_MAX = 500_000;

const COLUMNS = {
  date: ['Date'],
  fnsku: ['FNSKU'],
  asin: ['ASIN'],
  sku: ['MSKU', 'SKU', 'Merchant SKU', 'seller-sku'],
  title: ['Title', 'Product Name'],
  disposition: ['Disposition'],
  startingUnits: ['Starting Warehouse Balance'],
  receipts: ['Receipts'],
  customerShipments: ['Customer Shipments'],
  customerReturns: ['Customer Returns'],
  vendorReturns: ['Vendor Returns'],
  warehouseTransfers: ['Warehouse Transfer In/Out', 'Warehouse Transfer In Out'],
  found: ['Found'],
  lost: ['Lost'],
  damaged: ['Damaged'],
  disposed: ['Disposed'],
  otherEvents: ['Other Events'],
  unknownEvents: ['Unknown Events'],
  endingUnits: ['Ending Warehouse Balance'],
  location: ['Location', 'Fulfillment Center', 'Fulfilment Centre'],
  country: ['Country'],
} as const;
type Key = keyof typeof COLUMNS;
const REQUIRED: readonly Key[] = ['date', 'sku', 'startingUnits', 'customerShipments', 'endingUnits', 'location'];

export interface InventoryLedger {
  rows: InventoryLedgerRow[];
  problems: ParseProblem[];
}

/** Reads the report's bytes (UTF-8 or Windows-1252, tab or comma separated). */
export function parseInventoryLedger(bytes: Uint8Array, fileName: string): InventoryLedger {
  const table: { row: number; fields: string[] }[] = [];
  const problems: ParseProblem[] = [];
  const reader = new RowReader({
    onRow(fields, row) {
      table.push({ row, fields: [...fields] });
    },
    onProblem: (row, message) => problems.push({ file: fileName, row, column: null, message }),
  });
  reader.push(decodeHead(bytes));
  reader.end();
  const read = readInventoryLedger(table, fileName);
  return { rows: read.rows, problems: [...problems, ...read.problems] };
}

/** Rows as text fields, the header first. */
export function readInventoryLedger(
  table: Iterable<{ row: number; fields: readonly string[] }>,
  fileName: string,
): InventoryLedger {
  const rows: InventoryLedgerRow[] = [];
  const problems: ParseProblem[] = [];
  let map: ReturnType<typeof mapColumns<Key>> | undefined;
  for (const { row, fields } of table) {
    if (!map) {
      map = mapColumns(fields, COLUMNS);
      const absent = REQUIRED.filter((k) => map!.index[k] < 0);
      if (absent.length > 0) {
        problems.push({
          file: fileName,
          row,
          column: null,
          message: `${fileName}, row ${row}: this is not an Amazon Inventory Ledger summary; it has no ${absent.map((k) => COLUMNS[k][0]).join(', ')} column.`,
        });
        return { rows: [], problems };
      }
      continue;
    }
    if (fields.every((f) => f.trim() === '')) continue;
    const parsed = readRow(map, fields, row, fileName, problems);
    if (parsed) rows.push(parsed);
    if (rows.length > INVENTORY_ROWS_MAX) {
      problems.push({ file: fileName, row, column: null, message: `${fileName} has more than ${INVENTORY_ROWS_MAX} rows; upload one month at a time.` });
      break;
    }
  }
  if (!map) problems.push({ file: fileName, row: 0, column: null, message: `${fileName} is empty.` });
  return { rows, problems };
}

function readRow(
  map: ReturnType<typeof mapColumns<Key>>,
  fields: readonly string[],
  row: number,
  fileName: string,
  problems: ParseProblem[],
): InventoryLedgerRow | undefined {
  const text = (k: Key) => (map.index[k] < 0 ? '' : fieldOf(fields, map.index[k]).trim());
  const before = problems.length;
  const fail = (k: Key, message: string) => {
    const column = map.names[map.index[k]] ?? COLUMNS[k][0];
    problems.push({ file: fileName, row, column, message: `${fileName}, row ${row}, column ${column}: ${message}` });
  };
  const units = (k: Key): number => {
    const t = text(k);
    if (t === '') return 0;
    if (!/^-?\d{1,9}$/.test(t)) {
      fail(k, `"${t}" is not a whole number of units.`);
      return 0;
    }
    return Number.parseInt(t, 10);
  };
  const date = readReportDate(text('date'));
  if (!date) fail('date', `"${text('date')}" is not a date written MM/YYYY or MM/DD/YYYY.`);
  const sku = text('sku');
  if (sku === '') fail('sku', 'the MSKU is empty.');
  const location = text('location');
  if (location === '') fail('location', 'the location is empty.');
  const movements = {} as Record<InventoryMovement, number>;
  for (const m of INVENTORY_MOVEMENTS) movements[m] = units(m);
  const startingUnits = units('startingUnits');
  const endingUnits = units('endingUnits');
  if (problems.length > before) return undefined;
  const expected = INVENTORY_MOVEMENTS.reduce((s, m) => s + movements[m], startingUnits);
  if (expected !== endingUnits) {
    fail('endingUnits', `the ending balance ${endingUnits} is not the starting balance ${startingUnits} plus the movements (${expected}).`);
    return undefined;
  }
  return {
    row,
    date: date!,
    sku,
    fnsku: text('fnsku'),
    asin: text('asin'),
    title: text('title'),
    disposition: text('disposition') || 'SELLABLE',
    location,
    country: text('country'),
    startingUnits,
    endingUnits,
    movements,
  };
}

/** MM/YYYY (the month's last day) or MM/DD/YYYY; ISO YYYY-MM-DD is accepted too. */
export function readReportDate(text: string): string | undefined {
  let y: number, m: number, d: number | undefined;
  const us = /^(\d{1,2})\/(?:(\d{1,2})\/)?(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  if (us) [m, d, y] = [Number(us[1]), us[2] === undefined ? undefined : Number(us[2]), Number(us[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), iso[3] === undefined ? undefined : Number(iso[3])];
  else return undefined;
  if (y < 1 || m < 1 || m > 12) return undefined;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d !== undefined && (d < 1 || d > last)) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d ?? last)}`;
}
