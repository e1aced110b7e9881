/** A reconciliation as plain JSON (amounts as decimal strings) for golden files. */
import { formatUnits } from '../../money/money';
import type { Reconciliation } from '../model';

export function reconciliationJson(result: Reconciliation): unknown {
  const sums = (r: Record<string, bigint>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, formatUnits(v, 2)]));
  return {
    totals: { ...result.totals, settlementTotal: sums(result.totals.settlementTotal), depositTotal: sums(result.totals.depositTotal), matchedTotal: sums(result.totals.matchedTotal) },
    rows: result.rows.map((r) => ({
      kind: r.kind,
      settlement: r.settlement && { ...r.settlement, amount: formatUnits(r.settlement.amount, 2) },
      deposit: r.deposit && { ...r.deposit, amount: formatUnits(r.deposit.amount, 2) },
      dateDifferenceDays: r.dateDifferenceDays,
      amountDifference: r.amountDifference === null ? null : formatUnits(r.amountDifference, 2),
      reason: r.reason,
    })),
  };
}
