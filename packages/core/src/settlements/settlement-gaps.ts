/**
 * Gaps in a channel's settlement sequence (the internal account area's data state, issue 19): a
 * channel's closed settlements follow each other, each starting where the last ended. A period no
 * settlement covers, longer than the tolerance, is a gap: a report never fetched or never uploaded.
 * Overlaps and repeats are not gaps. Times are epoch milliseconds.
 */
export interface SettlementPeriod {
  settlementId: string;
  startMs: number;
  endMs: number;
}

export interface SettlementGap {
  afterSettlementId: string;
  beforeSettlementId: string;
  fromMs: number;
  toMs: number;
}

/** Amazon's settlement boundaries can differ by seconds between reports; an hour absorbs that. */
export const SETTLEMENT_GAP_TOLERANCE_MS = 60 * 60 * 1000;

export function findSettlementGaps(periods: readonly SettlementPeriod[], toleranceMs = SETTLEMENT_GAP_TOLERANCE_MS): SettlementGap[] {
  const sorted = [...periods].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const gaps: SettlementGap[] = [];
  let reach: SettlementPeriod | undefined;
  for (const p of sorted) {
    if (reach && p.startMs - reach.endMs > toleranceMs) {
      gaps.push({ afterSettlementId: reach.settlementId, beforeSettlementId: p.settlementId, fromMs: reach.endMs, toMs: p.startMs });
    }
    if (!reach || p.endMs > reach.endMs) reach = p;
  }
  return gaps;
}
