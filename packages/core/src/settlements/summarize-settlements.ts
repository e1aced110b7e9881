/**
 * The sink that keeps no lines: per settlement its header, line count, sum of lines and sums by
 * transaction type. Memory depends on the number of settlements and types, never on the number of
 * lines, so the CLI and the benchmark can read a 2 GB settlement.
 */
import { checkConsistency, type Consistency } from './check-consistency';
import type { ParseProblem, SettlementHeader, SettlementLine } from './model';
import type { ParseSink } from './parser';

export interface SettlementSummary {
  header: SettlementHeader;
  lineCount: number;
  linesTotal: bigint;
  /** Sum of the lines by transaction type key, in first-seen order. */
  byType: Map<string, bigint>;
  consistency: Consistency;
}

export interface SummaryResult {
  settlements: SettlementSummary[];
  problems: ParseProblem[];
  invalidSettlementIds: string[];
}

export interface SummarizingSink extends ParseSink {
  result(): SummaryResult;
}

interface Accumulator {
  header: SettlementHeader;
  lineCount: number;
  linesTotal: bigint;
  byType: Map<string, { sum: bigint }>;
}

export function summarizeSettlements(): SummarizingSink {
  const byId = new Map<string, Accumulator>();
  const invalid = new Set<string>();
  const problems: ParseProblem[] = [];
  let lastId: string | undefined;
  let last: Accumulator | undefined;
  return {
    settlement(header: SettlementHeader) {
      const existing = byId.get(header.settlementId);
      if (existing) existing.header = header;
      else byId.set(header.settlementId, { header, lineCount: 0, linesTotal: 0n, byType: new Map() });
    },
    line(settlementId: string, line: SettlementLine) {
      if (settlementId !== lastId) {
        last = byId.get(settlementId);
        lastId = settlementId;
      }
      if (!last) throw new Error(`parser bug: line for settlement '${settlementId}' before settlement() announced it`);
      last.lineCount++;
      last.linesTotal += line.amount;
      const acc = last.byType.get(line.typeKey);
      if (acc) acc.sum += line.amount;
      else last.byType.set(line.typeKey, { sum: line.amount });
    },
    problem(problem: ParseProblem, settlementId?: string) {
      problems.push(problem);
      if (settlementId !== undefined) invalid.add(settlementId);
    },
    result() {
      const settlements: SettlementSummary[] = [];
      for (const acc of byId.values()) {
        if (invalid.has(acc.header.settlementId)) continue;
        const byType = new Map([...acc.byType].map(([k, v]) => [k, v.sum]));
        const consistency = checkConsistency({
          channel: acc.header.channel,
          currency: acc.header.currency,
          total: acc.header.total,
          linesTotal: acc.linesTotal,
          lineCount: acc.lineCount,
          byType,
        });
        settlements.push({ header: acc.header, lineCount: acc.lineCount, linesTotal: acc.linesTotal, byType, consistency });
      }
      return { settlements, problems, invalidSettlementIds: [...invalid] };
    },
  };
}
