/**
 * A document's lines kept as a column of group numbers until someone reads `doc.lines`. Posting by
 * SKU makes one line per group (fifty thousand for a large Amazon settlement); as objects, each with
 * its sources, selector and description, they all lived from building to writing, and the young
 * generation copied them twice on the way to the old one. The export writers read each line once and
 * drop it, so they walk the column with one reused cursor (forEachLine); every other reader gets the
 * plain DocumentLine[] it always had, made on first read of `doc.lines` and kept.
 */
import type { DocumentLine, LineSources } from './model';

/** What of line i the cursor holds as plain fields (description and sources are read on demand). */
export type LineFields = Pick<DocumentLine, 'role' | 'account' | 'taxRateCode' | 'side' | 'amount' | 'tracking'>;

/** Lines computed from their index (the grouped lines of one document part). */
export interface LineColumn {
  readonly length: number;
  /** Writes line i's plain fields into `into`. */
  fill(i: number, into: LineFields): void;
  descriptionAt(i: number): string;
  sourcesAt(i: number): LineSources;
}

/** The lines in document order: `head`, then the column's lines, then `tail`; `made` once read as an array. */
interface ColumnLines {
  head: readonly DocumentLine[];
  column: LineColumn;
  tail: readonly DocumentLine[];
  made?: DocumentLine[];
}

/** Documents whose `lines` are still a column (an entry is dropped once the array is made or replaced). */
const COLUMNS = new WeakMap<object, ColumnLines>();

function makeLines(lines: ColumnLines): DocumentLine[] {
  const { head, column, tail } = lines;
  const made: DocumentLine[] = [...head];
  const line = {} as LineFields;
  for (let i = 0; i < column.length; i++) {
    column.fill(i, line);
    // Own properties in the order a DocumentLine literal has them.
    made.push({
      role: line.role,
      account: line.account,
      taxRateCode: line.taxRateCode,
      description: column.descriptionAt(i),
      side: line.side,
      amount: line.amount,
      tracking: line.tracking,
      sources: column.sourcesAt(i),
    });
  }
  made.push(...tail);
  return made;
}

function setLines(doc: object, lines: DocumentLine[]): void {
  COLUMNS.delete(doc);
  // Redefined in place: the property keeps its position among the document's keys.
  Object.defineProperty(doc, 'lines', { value: lines, writable: true, enumerable: true, configurable: true });
}

const LINES: PropertyDescriptor = {
  get(this: object): DocumentLine[] {
    const lines = COLUMNS.get(this)!;
    const made = (lines.made ??= makeLines(lines));
    // A plain data property from now on, unless the document was frozen (it then keeps answering `made`).
    if (Object.isExtensible(this)) setLines(this, made);
    return made;
  },
  set(this: object, lines: DocumentLine[]): void {
    setLines(this, lines);
  },
  enumerable: true,
  configurable: true,
};

/**
 * Gives `doc` (which has a `lines` key, so the key keeps its place) lines made from a column: an own
 * enumerable `lines` that JSON, spreading, structuredClone and deep equality read like an array.
 */
export function setColumnLines<T extends { lines: DocumentLine[] }>(doc: T, head: readonly DocumentLine[], column: LineColumn, tail: readonly DocumentLine[]): T {
  COLUMNS.set(doc, { head: [...head], column, tail: [...tail] });
  Object.defineProperty(doc, 'lines', LINES);
  return doc;
}

/**
 * A copy of `doc` with some fields changed, sharing its lines without making them: a column stays a
 * column (spreading a document would read `lines` and make every grouped line an object).
 */
export function withDocumentFields<T extends { lines: DocumentLine[] }>(doc: T, changes: Partial<Omit<T, 'lines'>>): T {
  const copy = Object.create(Object.getPrototypeOf(doc) as object | null, Object.getOwnPropertyDescriptors(doc)) as T;
  const lines = COLUMNS.get(doc);
  if (lines) COLUMNS.set(copy, lines);
  for (const [key, value] of Object.entries(changes)) Object.defineProperty(copy, key, { value, writable: true, enumerable: true, configurable: true });
  return copy;
}

/** The cursor forEachLine hands out for a column's lines: plain fields filled per line, the rest read on demand. */
class LineCursor implements DocumentLine {
  role!: DocumentLine['role'];
  account!: DocumentLine['account'];
  taxRateCode = '';
  side: DocumentLine['side'] = 'debit';
  amount = 0n;
  tracking: DocumentLine['tracking'] = [];
  column: LineColumn | null = null;
  index = 0;

  get description(): string {
    return this.column!.descriptionAt(this.index);
  }

  get sources(): LineSources {
    return this.column!.sourcesAt(this.index);
  }
}

/**
 * Calls `visit` with each line of the document in order, without making the lines of a column into
 * objects: those come through one reused cursor, so `visit` must read a line, never keep or spread it.
 */
export function forEachLine<L>(doc: { readonly lines: readonly L[] }, visit: (line: L) => void): void {
  scanLines(doc, (line) => {
    visit(line);
    return false;
  });
}

/** True when `test` holds for a line (read as forEachLine reads them); stops at the first. */
export function someLine<L>(doc: { readonly lines: readonly L[] }, test: (line: L) => boolean): boolean {
  return scanLines(doc, test);
}

/** Visits the lines until `visit` returns true; returns whether it did. */
function scanLines<L>(doc: { readonly lines: readonly L[] }, visit: (line: L) => boolean): boolean {
  const lines = COLUMNS.get(doc);
  // Once made, the array is the lines (a reader may have changed one).
  if (lines === undefined || lines.made !== undefined) {
    for (const line of doc.lines) if (visit(line)) return true;
    return false;
  }
  // Only a PostingDocument gets a column (setColumnLines), so L is DocumentLine here.
  const each = visit as unknown as (line: DocumentLine) => boolean;
  for (const line of lines.head) if (each(line)) return true;
  const { column } = lines;
  const cursor = new LineCursor();
  cursor.column = column;
  for (let i = 0; i < column.length; i++) {
    column.fill(i, cursor);
    cursor.index = i;
    if (each(cursor)) return true;
  }
  for (const line of lines.tail) if (each(line)) return true;
  return false;
}

/** The number of lines, without making them. */
export function documentLineCount(doc: { readonly lines: readonly unknown[] }): number {
  const lines = COLUMNS.get(doc);
  return lines === undefined || lines.made !== undefined ? doc.lines.length : lines.head.length + lines.column.length + lines.tail.length;
}
