/**
 * A ParseSink that posts while a report streams in: each line goes straight into its settlement's
 * aggregator (sums by group, no line kept), and result() builds the documents. This is how the CLI
 * and the benchmark post a million-line settlement in flat memory.
 */
import type { MappingSet } from '../mapping/model';
import type { ParseProblem, SettlementHeader, SettlementLine } from '../settlements/model';
import type { ParseSink } from '../settlements/parser';
import { aggregationOptionsFor, buildPostingsFromAggregate } from './build-postings';
import type { NewTypePosting, PostingDocument, PostingProblem, PostingSettings } from './model';
import { SettlementAggregator, type AggregationOptions } from './settlement-aggregator';

export interface PostingSinkResult {
  documents: PostingDocument[];
  problems: PostingProblem[];
  parseProblems: ParseProblem[];
  /** Settlements not posted because reading them raised a problem. */
  invalidSettlementIds: string[];
  /** Types the catalogues do not list, posted by their shape's category (describeTypeByShape). */
  newTypes: NewTypePosting[];
}

export interface PostingSink extends ParseSink {
  result(): PostingSinkResult;
}

export function postingSink(mappings: MappingSet, settings: PostingSettings = {}): PostingSink {
  let options: AggregationOptions | null = null;
  let optionsError: string | null = null;
  try {
    options = aggregationOptionsFor(mappings, settings);
  } catch {
    optionsError = `The account's time zone ${JSON.stringify(settings.timeZoneId)} is not a known IANA time zone (such as "Europe/Berlin").`;
  }
  const aggregators = new Map<string, SettlementAggregator>();
  const invalid = new Set<string>();
  const parseProblems: ParseProblem[] = [];
  // A settlement met again in another file is the same payout loaded twice: its second copy is ignored.
  const ignored = new Set<string>();
  let lastId: string | undefined;
  let last: SettlementAggregator | undefined;
  return {
    settlement(header: SettlementHeader) {
      const existing = aggregators.get(header.settlementId);
      if (existing && existing.header.sourceFile !== header.sourceFile) {
        ignored.add(header.settlementId);
        lastId = undefined;
        parseProblems.push({
          file: header.sourceFile,
          row: 0,
          column: null,
          message: `Settlement ${header.settlementId} was already read from ${existing.header.sourceFile}: the same settlement is loaded twice, so it is posted once.`,
        });
      } else if (existing) existing.header = header;
      else if (options) aggregators.set(header.settlementId, new SettlementAggregator(header, options));
    },
    line(settlementId: string, line: SettlementLine) {
      if (settlementId !== lastId) {
        last = ignored.has(settlementId) ? undefined : aggregators.get(settlementId);
        lastId = settlementId;
      }
      if (last) last.add(line);
      else if (options && !ignored.has(settlementId)) throw new Error(`parser bug: line for settlement '${settlementId}' before settlement() announced it`);
    },
    problem(problem: ParseProblem, settlementId?: string) {
      parseProblems.push(problem);
      if (settlementId !== undefined) invalid.add(settlementId);
    },
    result() {
      const documents: PostingDocument[] = [];
      const problems: PostingProblem[] = [];
      const newTypes: NewTypePosting[] = [];
      if (optionsError) problems.push({ code: 'invalid-time-zone', settlementId: '', message: optionsError });
      for (const [id, aggregator] of aggregators) {
        if (invalid.has(id)) continue;
        const r = buildPostingsFromAggregate(aggregator, mappings, settings);
        documents.push(...r.documents);
        problems.push(...r.problems);
        if (r.documents.length > 0) newTypes.push(...(r.newTypes ?? []));
      }
      return { documents, problems, parseProblems, invalidSettlementIds: [...invalid], newTypes };
    },
  };
}
