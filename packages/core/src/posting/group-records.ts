/**
 * The running totals of a settlement's groups while lines stream in: per group a sum (units), a
 * line count and a few row ranges, in flat typed arrays rather than an object per group. With
 * fifty thousand SKU groups touched in random order, cache misses and garbage collection, not
 * arithmetic, were the cost of grouping by SKU; a fixed 32-byte record per group keeps the data a
 * line touches on one cache line (the row ranges, needed for a group's first lines only, are kept
 * apart) and leaves nothing for the collector to trace.
 */
import type { SourceRef } from '../settlements/model';
import type { GroupSelector, LineSources, RowRange } from './model';

/** Row ranges kept per group before the list is cut (the group's selector still finds every line). */
export const MAX_RANGES = 8;
/** Far below the BigInt64Array limit (2^63), so adding one more line amount can never wrap. */
const SPILL_LIMIT = 2n ** 61n;

/**
 * The record of group g starts at g * STRIDE (32 bytes, two to a cache line), read as Float64
 * (line count and last row: whole numbers, exact below 2^53), at STATE as two Int32 (the last
 * line's file number, and the ranges stored: 0..MAX_RANGES, plus INCOMPLETE once a range had to be
 * left out) and at SUM as BigInt64 (the running sum). The row ranges, written only while a group
 * has few lines, are apart in `ranges`, so the record a line of a large group touches stays small.
 */
const STRIDE = 4;
const LINE_COUNT = 0;
const LAST_ROW = 1;
const STATE = 2;
const SUM = 3;
/** Int32 offsets in the record: the file number and the range count share the STATE slot. */
const LAST_FILE_32 = STATE * 2;
const RANGE_COUNT_32 = STATE * 2 + 1;
const RANGE_STRIDE = MAX_RANGES * 3;
/** Added to the range count once a range was left out: no range is stored or grows after that. */
const INCOMPLETE = 16;
/** Rows a range can hold (Int32). */
const MAX_ROW = 2 ** 31 - 1;
const INITIAL_CAPACITY = 64;

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
  private states = new Int32Array(this.buffer);
  /** Per group MAX_RANGES ranges of (file, first row, last row): 96 bytes, touched by a group's first lines only. */
  private ranges = new Int32Array(INITIAL_CAPACITY * RANGE_STRIDE);
  /** `ranges` is read by sources handed out: copied before it is written again (copy on write). */
  private isRangesShared = false;
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
      this.states = new Int32Array(grown);
      const ranges = new Int32Array(this.ranges.length * 2);
      ranges.set(this.ranges);
      this.ranges = ranges;
      this.isRangesShared = false;
    }
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
    const states = this.states;
    const at32 = at * 2;
    const count = states[at32 + RANGE_COUNT_32]!;
    // Once a range is left out, no range grows any more (a range must never claim rows of other
    // groups): the group's lines only add to its sum and count.
    if (count >= INCOMPLETE) return;
    const file = source.file === this.lastFileName ? this.lastFileIndex : this.fileIndexOf(source.file);
    const row = source.row;
    if (row > MAX_ROW) {
      // Beyond what a range stores (never in a real file): the list is cut, the selector still finds the line.
      states[at32 + RANGE_COUNT_32] = INCOMPLETE + count;
      return;
    }
    // Only a range that holds the group's previous line may grow.
    if (count > 0 && file === states[at32 + LAST_FILE_32] && row === t[at + LAST_ROW]! + 1) {
      (this.isRangesShared ? this.unshareRanges() : this.ranges)[g * RANGE_STRIDE + (count - 1) * 3 + 2] = row;
    } else if (count >= MAX_RANGES) {
      states[at32 + RANGE_COUNT_32] = INCOMPLETE + count;
      return;
    } else {
      const r = g * RANGE_STRIDE + count * 3;
      const ranges = this.isRangesShared ? this.unshareRanges() : this.ranges;
      ranges[r] = file;
      ranges[r + 1] = row;
      ranges[r + 2] = row;
      states[at32 + RANGE_COUNT_32] = count + 1;
    }
    states[at32 + LAST_FILE_32] = file;
    t[at + LAST_ROW] = row;
  }

  amountOf(g: number): bigint {
    const sum = this.sums[g * STRIDE + SUM]!;
    return this.spilled.size === 0 ? sum : (this.spilled.get(g) ?? 0n) + sum;
  }

  lineCountOf(g: number): number {
    return this.track[g * STRIDE + LINE_COUNT]!;
  }

  /**
   * The group's lines as a document line refers to them (selector: the filter that finds them all),
   * as they are now: the row ranges are made from the table only when `rows` is read.
   */
  sourcesOf(g: number, settlementId: string, selector: GroupSelector): LineSources {
    const at = g * STRIDE;
    const count = this.states[at * 2 + RANGE_COUNT_32]!;
    const stored = count >= INCOMPLETE ? count - INCOMPLETE : count;
    this.isRangesShared = true;
    return new TableSources(settlementId, selector, this.track[at + LINE_COUNT]!, count < INCOMPLETE, this.ranges, g * RANGE_STRIDE, stored, this.files);
  }

  private unshareRanges(): Int32Array {
    this.ranges = this.ranges.slice();
    this.isRangesShared = false;
    return this.ranges;
  }

  private fileIndexOf(file: string): number {
    let index = this.files.indexOf(file);
    if (index < 0) index = this.files.push(detach(file)) - 1;
    this.lastFileName = file;
    this.lastFileIndex = index;
    return index;
  }
}

/** `rows` of a TableSources: an own enumerable property (JSON.stringify, spreading, structuredClone and deep equality see it like a plain object's), made on first read. */
const ROWS: PropertyDescriptor = {
  get(this: TableSources): RowRange[] {
    return this.rowsMade();
  },
  set(this: TableSources, rows: RowRange[]): void {
    this.rowsSet(rows);
  },
  enumerable: true,
  configurable: true,
};

/**
 * LineSources whose row ranges stay in the records' range table until read: a document line of a
 * SKU group would otherwise carry up to eight objects nobody but the detail's drill-down reads
 * (the journal and CSV writers never do). The table is never written after it was handed out
 * (GroupRecords copies it first), so the ranges are those of the moment the sources were made.
 * Own properties in the order of a plain LineSources: settlementId, selector, lineCount, rows, isComplete.
 */
class TableSources implements LineSources {
  declare settlementId: string;
  declare selector: GroupSelector;
  declare lineCount: number;
  declare rows: RowRange[];
  declare isComplete: boolean;
  readonly #table: Int32Array;
  readonly #at: number;
  readonly #stored: number;
  readonly #files: readonly string[];
  #rows: RowRange[] | undefined = undefined;

  constructor(settlementId: string, selector: GroupSelector, lineCount: number, isComplete: boolean, table: Int32Array, at: number, stored: number, files: readonly string[]) {
    this.#table = table;
    this.#at = at;
    this.#stored = stored;
    this.#files = files;
    this.settlementId = settlementId;
    this.selector = selector;
    this.lineCount = lineCount;
    Object.defineProperty(this, 'rows', ROWS);
    this.isComplete = isComplete;
  }

  rowsMade(): RowRange[] {
    if (this.#rows !== undefined) return this.#rows;
    const stored = this.#stored;
    const rows = new Array<RowRange>(stored);
    const ranges = this.#table;
    for (let i = 0, r = this.#at; i < stored; i++, r += 3) {
      rows[i] = { file: this.#files[ranges[r]!]!, first: ranges[r + 1]!, last: ranges[r + 2]! };
    }
    this.#rows = rows;
    return rows;
  }

  rowsSet(rows: RowRange[]): void {
    this.#rows = rows;
  }
}
