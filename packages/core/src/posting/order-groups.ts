/**
 * Which document part each group of a settlement goes to, and in what order: one part per local
 * month (undated groups join the last part, which holds the deposit), and in each part a stable
 * order (type, then dimensions), whatever order the report had, so posting twice gives the same
 * document. Types and cells (a cell = one month and combination of dimensions) are ranked once for
 * the whole settlement, then each part's groups are sorted by number: fifty thousand SKU groups
 * share a few thousand cells, and no object is made or compared per group.
 */
import type { GroupSelector } from './model';
import type { SettlementAggregator } from './settlement-aggregator';

export interface GroupOrder {
  /** The parts' months, in order ('YYYY-MM'). */
  months: string[];
  /** Per part, its group numbers in document order. */
  parts: Int32Array[];
}

/** `fallbackMonth` is the only part's month when no line is dated. */
export function orderGroups(agg: SettlementAggregator, fallbackMonth: string): GroupOrder {
  const cellCount = agg.cellCount;
  const dated = new Set<string>();
  for (let c = 0; c < cellCount; c++) {
    const month = agg.cellAt(c).month;
    if (month !== '') dated.add(month);
  }
  const months = [...dated].sort();
  if (months.length === 0) months.push(fallbackMonth);
  const partOfMonth = new Map(months.map((m, i) => [m, i]));
  const cellPart = new Int32Array(cellCount);
  for (let c = 0; c < cellCount; c++) cellPart[c] = partOfMonth.get(agg.cellAt(c).month) ?? months.length - 1;

  const typeRanks = rankIds(agg.typeCount, (a, b) => compareText(agg.typeKeyAt(a), agg.typeKeyAt(b)));
  const dimensions = Array.from({ length: cellCount }, (_, c) => agg.dimensionsOf(c));
  const cellRanks = rankIds(cellCount, (a, b) => compareDimensions(dimensions[a]!, dimensions[b]!));
  // A dated and an undated group of the same type and dimensions meet in the last part: dated first.
  const rankOf = (g: number): number => {
    const cell = agg.cellOfGroup(g);
    return ((typeRanks[agg.typeOfGroup(g)]! * cellCount + cellRanks[cell]!) * 2 + (agg.cellAt(cell).month === '' ? 1 : 0));
  };

  const n = agg.groupCount;
  const sizes = new Int32Array(months.length);
  for (let g = 0; g < n; g++) sizes[cellPart[agg.cellOfGroup(g)]!]!++;
  const parts = Array.from(sizes, (size) => new Int32Array(size));
  const filled = new Int32Array(months.length);
  for (let g = 0; g < n; g++) {
    const p = cellPart[agg.cellOfGroup(g)]!;
    parts[p]![filled[p]!++] = g;
  }
  for (const part of parts) sortByRank(part, rankOf, agg.typeCount * cellCount * 2, n);
  return { months, parts };
}

/** Sorts group numbers by rank (ranks below `rankCount`, distinct within a part). */
function sortByRank(groups: Int32Array, rankOf: (g: number) => number, rankCount: number, groupCount: number): void {
  if (rankCount <= groups.length * 8) {
    // Few ranks for the groups (types x cells, each cell holding several types): every group straight to its rank.
    const atRank = new Int32Array(rankCount).fill(-1);
    let isDistinct = true;
    for (const g of groups) {
      const r = rankOf(g);
      if (atRank[r]! >= 0) isDistinct = false;
      atRank[r] = g;
    }
    if (isDistinct) {
      let n = 0;
      for (let r = 0; r < rankCount; r++) if (atRank[r]! >= 0) groups[n++] = atRank[r]!;
      return;
    }
  }
  if (rankCount * groupCount > Number.MAX_SAFE_INTEGER) {
    const sorted = Array.from(groups).sort((a, b) => rankOf(a) - rankOf(b));
    groups.set(sorted);
    return;
  }
  // Rank and group number packed in one whole number: a native numeric sort.
  const keys = new Float64Array(groups.length);
  for (let i = 0; i < groups.length; i++) keys[i] = rankOf(groups[i]!) * groupCount + groups[i]!;
  keys.sort();
  for (let i = 0; i < keys.length; i++) groups[i] = keys[i]! % groupCount;
}

/** Rank of each id 0..count-1 by `compare`; ids that compare equal share a rank. */
function rankIds(count: number, compare: (a: number, b: number) => number): Int32Array {
  const ids = Array.from({ length: count }, (_, i) => i).sort(compare);
  const ranks = new Int32Array(count);
  for (let i = 0; i < count; i++) ranks[ids[i]!] = i > 0 && compare(ids[i - 1]!, ids[i]!) === 0 ? ranks[ids[i - 1]!]! : i;
  return ranks;
}

const compareText = (a: string | undefined, b: string | undefined): number => {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};

function compareDimensions(s: GroupSelector, t: GroupSelector): number {
  return (
    compareText(s.sku, t.sku) ||
    compareText(s.productType, t.productType) ||
    compareText(s.fulfilment, t.fulfilment) ||
    compareText(s.country, t.country) ||
    compareText(s.marketplace, t.marketplace)
  );
}
