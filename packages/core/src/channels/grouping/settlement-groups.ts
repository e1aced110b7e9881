/**
 * Settlements that a file builds up row by row and can only announce at the end: a Shopify payout's
 * rows are scattered through the export, an Etsy deposit is known only when its deposit row is read,
 * a PayPal statement's total comes from its last balance. The parsers of those channels group rows
 * here and flush once the file is read, so every settlement reaches the sink before its lines.
 *
 * A row problem that cannot be tied to one settlement (its payout date or currency is unreadable)
 * makes every settlement of the file suspect: each one then gets a problem of its own, so no sink
 * takes any of them as complete.
 */
import type { ParseProblem, SettlementHeader, SettlementLine } from '../../settlements/model';
import type { ParseSink } from '../../settlements/parser';

export interface SettlementGroup {
  header: SettlementHeader;
  lines: SettlementLine[];
  problems: ParseProblem[];
}

/** A settlement line with the fields a channel does not have left empty. */
export function makeLine(fields: Pick<SettlementLine, 'typeKey' | 'amount' | 'source'> & Partial<SettlementLine>): SettlementLine {
  return {
    postedAt: null,
    orderId: null,
    sku: null,
    quantity: null,
    marketplace: null,
    fulfilmentChannel: null,
    description: null,
    ...fields,
  };
}

export class SettlementGroups {
  private readonly groups = new Map<string, SettlementGroup>();
  private readonly fileProblems: ParseProblem[] = [];
  private readonly orphanProblems: ParseProblem[] = [];

  /**
   * The decimal separator of a file saved again in a decimal-comma locale (`;` between fields, `12,50`),
   * found by readAllRows; it overrides the one the channel writes (RowCells.amount). Undefined for a
   * file as the channel wrote it.
   */
  savedDecimalSeparator: '.' | ',' | undefined;

  constructor(readonly file: string) {}

  get size(): number {
    return this.groups.size;
  }

  find(settlementId: string): SettlementGroup | undefined {
    return this.groups.get(settlementId);
  }

  /** The group with that id, created from `header()` the first time. */
  open(settlementId: string, header: () => Omit<SettlementHeader, 'settlementId'>): SettlementGroup {
    let group = this.groups.get(settlementId);
    if (!group) {
      group = { header: { ...header(), settlementId }, lines: [], problems: [] };
      this.groups.set(settlementId, group);
    }
    return group;
  }

  all(): SettlementGroup[] {
    return [...this.groups.values()];
  }

  /** A problem of one row (row >= 1) or of the whole file (row 0); column is the header name. */
  problem(row: number, column: string | null, message: string, group?: SettlementGroup): void {
    const problem: ParseProblem = { file: this.file, row, column, message };
    if (group) group.problems.push(problem);
    else if (row === 0) this.fileProblems.push(problem);
    else this.orphanProblems.push(problem);
  }

  get hasProblems(): boolean {
    return this.fileProblems.length > 0 || this.orphanProblems.length > 0 || this.all().some((g) => g.problems.length > 0);
  }

  /**
   * Sends everything to the sink: each settlement, its lines, its problems, and for each problem no
   * settlement owns, a copy naming the settlement it makes suspect (or the problem alone when the
   * file gave no settlement at all).
   * `settlementWord` names the unit in messages ("payout", "statement", "deposit").
   */
  flush(sink: ParseSink, settlementWord: string): void {
    const unowned = [...this.orphanProblems, ...this.fileProblems];
    for (const group of this.groups.values()) {
      const id = group.header.settlementId;
      sink.settlement(group.header);
      for (const line of group.lines) sink.line(id, line);
      for (const problem of group.problems) sink.problem(problem, id);
      for (const problem of unowned) {
        const where = problem.row > 0 ? `row ${problem.row} could not be read` : 'the file has a problem';
        sink.problem(
          {
            file: this.file,
            row: problem.row,
            column: problem.column,
            message: `The ${settlementWord} ${id} may be incomplete: ${where} (${problem.message})`,
          },
          id,
        );
      }
    }
    if (this.groups.size === 0) for (const problem of unowned) sink.problem(problem);
  }
}

/** Stretches a settlement's start and end dates to include `at`. */
export function widenPeriod(group: SettlementGroup, at: number | null): void {
  if (at === null) return;
  const h = group.header;
  if (h.startDate === null || at < h.startDate) h.startDate = at;
  if (h.endDate === null || at > h.endDate) h.endDate = at;
}
