/**
 * The running totals of a settlement's groups while lines stream in: per group a sum (units), a
 * line count and a few row ranges, in flat typed arrays rather than an object per group. With
 * fifty thousand SKU groups touched in random order, cache misses and garbage collection, not
 * arithmetic, were the cost of grouping by SKU; a fixed 64-byte record per group keeps the data a
 * line touches on one cache line and leaves nothing for the collector to trace.
 */
import type { SourceRef } from '../settlements/model';
import type { RowRange } from './model';

/** Row ranges kept per group before the list is cut (the group's selector still finds every line). */
export const MAX_RANGES = 8;
/** Far below the BigInt64Array limit (2^63), so adding one more line amount can never wrap. */
const SPILL_LIMIT = 2n ** 61n;

/**
 * The record of group g starts at g * STRIDE, read as Float64 (counts and row numbers: whole
 * numbers, exact below 2^53) and, at SUM, as BigInt64 (the running sum).
 */
const STRIDE = 8;
const LINE_COUNT = 0;
const LAST_FILE = 1;
const LAST_ROW = 2;
/** Ranges stored (0..MAX_RANGES), or INCOMPLETE once a range had to be left out. */
const RANGE_COUNT = 3;
const SUM = 4;
/** The first range (file, first row, last row); the others, written only for a group's first lines, are in `more`. */
const FIRST_RANGE = 5;
const MORE_STRIDE = (MAX_RANGES - 1) * 3;
const INCOMPLETE = MAX_RANGES + 1;
const INITIAL_CAPACITY = 64;

/** The source lines of a group: how many, and their row ranges while they are few. */
export interface GroupSources {
  readonly lineCount: number;
  /** False when some rows were left out of `rows` (the group's selector still finds every line). */
  readonly isComplete: boolean;
  readonly rows: RowRange[];
}

/**
 * A copy of a string that does not pin its parent: parsers cut fields out of 1 MB decoded chunks,
 * and V8 keeps the whole chunk alive for as long as a slice of it lives. Group keys live to the
 * end, so 50,000 SKU groups would otherwise hold most of the file in memory.
 */
export const detach = (s: string): string => ` ${s}`.slice(1);

export class GroupRecords {
  count = 0;
  private buffer = new ArrayBuffer(INITIAL_CAPACITY * STRIDE * 8);
  private track = new Float64Array(this.buffer);
  private sums = new BigInt64Array(this.buffer);
  private more = new Float64Array(INITIAL_CAPACITY * MORE_STRIDE);
  /** Exact totals moved out of a record's 64-bit sum before it could overflow (absurd amounts only). */
  private readonly spilled = new Map<number, bigint>();
  private readonly files: string[] = [];
  private lastFileName = '';
  private lastFileIndex = -1;

  /** A new, empty group; returns its number. */
  create(): number {
    const g = this.count++;
    if (this.count * STRIDE > this.track.length) {
      const grown = new ArrayBuffer(this.buffer.byteLength * 2);
      new Uint8Array(grown).set(new Uint8Array(this.buffer));
      this.buffer = grown;
      this.track = new Float64Array(grown);
      this.sums = new BigInt64Array(grown);
      const more = new Float64Array(this.more.length * 2);
      more.set(this.more);
      this.more = more;
    }
    this.track[g * STRIDE + LAST_FILE] = -1;
    this.track[g * STRIDE + LAST_ROW] = -2;
    return g;
  }

  add(g: number, amount: bigint, source: SourceRef): void {
    const at = g * STRIDE;
    const sum = this.sums[at + SUM]! + amount;
    if (sum > SPILL_LIMIT || sum < -SPILL_LIMIT) {
      this.spilled.set(g, (this.spilled.get(g) ?? 0n) + sum);
      this.sums[at + SUM] = 0n;
    } else this.sums[at + SUM] = sum;
    const t = this.track;
    t[at + LINE_COUNT]!++;
    const file = source.file === this.lastFileName ? this.lastFileIndex : this.fileIndexOf(source.file);
    const row = source.row;
    const ranges = t[at + RANGE_COUNT]!;
    if (ranges !== INCOMPLETE) {
      // Only a range that holds the group's previous line may grow; once one is left out, none does
      // (a range must never claim rows of other groups).
      if (ranges > 0 && file === t[at + LAST_FILE] && row === t[at + LAST_ROW]! + 1) {
        if (ranges === 1) t[at + FIRST_RANGE + 2] = row;
        else this.more[g * MORE_STRIDE + (ranges - 2) * 3 + 2] = row;
      } else if (ranges >= MAX_RANGES) t[at + RANGE_COUNT] = INCOMPLETE;
      else {
        const into = ranges === 0 ? t : this.more;
        const r = ranges === 0 ? at + FIRST_RANGE : g * MORE_STRIDE + (ranges - 1) * 3;
        into[r] = file;
        into[r + 1] = row;
        into[r + 2] = row;
        t[at + RANGE_COUNT] = ranges + 1;
      }
    }
    t[at + LAST_FILE] = file;
    t[at + LAST_ROW] = row;
  }

  amountOf(g: number): bigint {
    return (this.spilled.get(g) ?? 0n) + this.sums[g * STRIDE + SUM]!;
  }

  sourcesOf(g: number): GroupSources {
    const t = this.track;
    const at = g * STRIDE;
    const count = t[at + RANGE_COUNT]!;
    const rows: RowRange[] = [];
    for (let i = 0; i < Math.min(count, MAX_RANGES); i++) {
      const from = i === 0 ? t : this.more;
      const r = i === 0 ? at + FIRST_RANGE : g * MORE_STRIDE + (i - 1) * 3;
      rows.push({ file: this.files[from[r]!]!, first: from[r + 1]!, last: from[r + 2]! });
    }
    return { lineCount: t[at + LINE_COUNT]!, isComplete: count !== INCOMPLETE, rows };
  }

  private fileIndexOf(file: string): number {
    let index = this.files.indexOf(file);
    if (index < 0) index = this.files.push(detach(file)) - 1;
    this.lastFileName = file;
    this.lastFileIndex = index;
    return index;
  }
}
