/**
 * The sink that keeps everything: full Settlement objects with their lines, plus problems. For the app,
 * the posting engine and tests (files of any size the user uploads one settlement at a time).
 * A settlement that received a problem is not returned as if complete: it is listed in
 * `invalidSettlementIds` instead, and the problem says why.
 */
import { checkConsistency, type Consistency } from './check-consistency';
import type { ParseProblem, Settlement, SettlementHeader, SettlementLine } from './model';
import type { ParseSink } from './parser';

export interface ParseResult {
  /** Complete settlements (closed or open), in the order the file announced them. */
  settlements: Settlement[];
  problems: ParseProblem[];
  /** Settlements that had a problem and are therefore not returned. */
  invalidSettlementIds: string[];
}

export interface CollectingSink extends ParseSink {
  result(): ParseResult;
}

export function collectSettlements(): CollectingSink {
  const byId = new Map<string, Settlement>();
  const invalid = new Set<string>();
  const problems: ParseProblem[] = [];
  let last: Settlement | undefined;
  return {
    settlement(header: SettlementHeader) {
      const existing = byId.get(header.settlementId);
      // A parser may announce a settlement again with what it learned later (Etsy deposits).
      if (existing) Object.assign(existing, header, { lines: existing.lines });
      else byId.set(header.settlementId, { ...header, lines: [] });
    },
    line(settlementId: string, line: SettlementLine) {
      if (last?.settlementId !== settlementId) last = byId.get(settlementId);
      if (!last) throw new Error(`parser bug: line for settlement '${settlementId}' before settlement() announced it`);
      last.lines.push(line);
    },
    problem(problem: ParseProblem, settlementId?: string) {
      problems.push(problem);
      if (settlementId !== undefined) invalid.add(settlementId);
    },
    result() {
      const settlements = [...byId.values()].filter((s) => !invalid.has(s.settlementId));
      return { settlements, problems, invalidSettlementIds: [...invalid] };
    },
  };
}

/** Sum of a settlement's lines by transaction type key. */
export function sumByType(lines: readonly SettlementLine[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const line of lines) sums.set(line.typeKey, (sums.get(line.typeKey) ?? 0n) + line.amount);
  return sums;
}

/** Consistency of a collected settlement: its lines against its stated total. */
export function checkSettlementConsistency(settlement: Settlement): Consistency {
  let linesTotal = 0n;
  for (const line of settlement.lines) linesTotal += line.amount;
  return checkConsistency({
    channel: settlement.channel,
    currency: settlement.currency,
    total: settlement.total,
    linesTotal,
    lineCount: settlement.lines.length,
    byType: sumByType(settlement.lines),
  });
}
