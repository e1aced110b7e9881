/**
 * What a stored settlement keeps about its lines besides the lines themselves: their count, their sum
 * and their sums per transaction type and marketplace. Accumulated line by line while a file is read
 * (never holding the lines), so the detail's totals by type, the consistency check and the export
 * read a few rows instead of millions of lines.
 */
import { checkConsistency, type Consistency } from './check-consistency';
import type { SettlementHeader, SettlementLine } from './model';

export interface TypeTotal {
  typeKey: string;
  marketplace: string | null;
  /** Units (scale 4), seller-signed. */
  amount: bigint;
  lineCount: number;
}

const SEP = '\u001f';

export class SettlementLineTotals {
  lineCount = 0;
  linesTotal = 0n;
  private readonly totals = new Map<string, TypeTotal>();
  // Consecutive lines mostly share type and marketplace: the last total is reused without a key.
  private last: TypeTotal | undefined;

  add(line: Pick<SettlementLine, 'typeKey' | 'marketplace' | 'amount'>): void {
    this.lineCount++;
    this.linesTotal += line.amount;
    let total = this.last;
    if (!total || total.typeKey !== line.typeKey || total.marketplace !== line.marketplace) {
      const key = `${line.typeKey}${SEP}${line.marketplace ?? ''}${SEP}${line.marketplace === null ? 0 : 1}`;
      total = this.totals.get(key);
      if (!total) this.totals.set(key, (total = { typeKey: line.typeKey, marketplace: line.marketplace, amount: 0n, lineCount: 0 }));
      this.last = total;
    }
    total.amount += line.amount;
    total.lineCount++;
  }

  /** Sum and count per type and marketplace, in first-seen order. */
  typeTotals(): TypeTotal[] {
    return [...this.totals.values()].map((t) => ({ ...t }));
  }

  /** Sum per type key (all marketplaces), in first-seen order. */
  byType(): Map<string, bigint> {
    const sums = new Map<string, bigint>();
    for (const t of this.totals.values()) sums.set(t.typeKey, (sums.get(t.typeKey) ?? 0n) + t.amount);
    return sums;
  }

  consistencyOf(header: Pick<SettlementHeader, 'channel' | 'currency' | 'total'>): Consistency {
    return checkConsistency({ channel: header.channel, currency: header.currency, total: header.total, linesTotal: this.linesTotal, lineCount: this.lineCount, byType: this.byType() });
  }

  /** The totals as plain data (structured clone keeps bigints), for a worker thread to hand over. */
  toData(): { lineCount: number; linesTotal: bigint; typeTotals: TypeTotal[] } {
    return { lineCount: this.lineCount, linesTotal: this.linesTotal, typeTotals: this.typeTotals() };
  }

  static fromData(data: { lineCount: number; linesTotal: bigint; typeTotals: TypeTotal[] }): SettlementLineTotals {
    const totals = new SettlementLineTotals();
    totals.lineCount = data.lineCount;
    totals.linesTotal = data.linesTotal;
    for (const t of data.typeTotals) totals.totals.set(`${t.typeKey}${SEP}${t.marketplace ?? ''}${SEP}${t.marketplace === null ? 0 : 1}`, { ...t });
    return totals;
  }
}
