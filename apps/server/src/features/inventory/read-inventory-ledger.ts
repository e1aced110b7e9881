/**
 * One way in for an Inventory Ledger summary, uploaded or fetched from SP-API (decision 0050): core's
 * parseInventoryLedger, then month-end positions per month. The caller stores the months only when
 * there is no problem (all or nothing).
 */
import { monthEndPositions, parseInventoryLedger } from '@ledgerport/core/inventory';
import type { ParseProblem } from '@ledgerport/core/settlements';
import type { StoredMonth } from './inventory-repository';

export interface InventoryLedgerRead {
  months: StoredMonth[];
  rowCount: number;
  problems: ParseProblem[];
}

export function readInventoryLedger(bytes: Uint8Array, fileName: string): InventoryLedgerRead {
  const ledger = parseInventoryLedger(bytes, fileName);
  const monthKeys = [...new Set(ledger.rows.map((r) => r.date.slice(0, 7)))].sort();
  const months = ledger.problems.length > 0 ? [] : monthKeys.map((month) => ({
    month,
    fileName,
    rowCount: ledger.rows.filter((r) => r.date.startsWith(month)).length,
    positions: monthEndPositions(ledger.rows, month),
  }));
  return { months, rowCount: ledger.rows.length, problems: ledger.problems };
}
