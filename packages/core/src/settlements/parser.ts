/**
 * The streaming parser contract. A parser reads bytes chunk by chunk and pushes what it reads into
 * a sink; it never needs the whole file in memory, so memory does not grow with file size (a 1M-line
 * Amazon settlement is ~180 MB). Sinks decide what to keep: everything (collectSettlements), or only
 * sums by type (summarizeSettlements, for the CLI and benchmarks).
 */
import type { Channel, ParseProblem, SettlementHeader, SettlementLine } from './model';

export interface ParseSink {
  /**
   * A settlement begins (or is announced). Returns nothing; lines refer to it by `settlementId`.
   * May be called after some of its lines for formats that learn the header late (Etsy deposits):
   * parsers that must buffer do so themselves and call settlement() before its lines.
   */
  settlement(header: SettlementHeader): void;
  /** A line of the settlement with that id (announced before by settlement()). */
  line(settlementId: string, line: SettlementLine): void;
  /**
   * A problem. Parsers keep reading after a row-level problem so the user sees every problem at once;
   * the settlement it belongs to must then not be treated as complete (see `invalidSettlementIds`).
   */
  problem(problem: ParseProblem, settlementId?: string): void;
}

export interface ReportInput {
  fileName: string;
  /** The file's bytes in order; any chunk size. */
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

export interface ReportParser {
  /** Stable id of the format, e.g. 'amazon-v2', 'paypal-activity'. */
  format: string;
  channel: Channel;
  /** A human name for messages ("Amazon settlement report (Flat File V2)"). */
  label: string;
  /**
   * How sure this parser is that the file is its format (0 = not mine, 1 = certain), judged from the
   * first bytes of the file (already decoded to text) and the file name.
   */
  detect(head: string, fileName?: string): number;
  parse(input: ReportInput, sink: ParseSink): Promise<void>;
}

export type { Channel };
