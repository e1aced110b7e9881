/**
 * A push-style reader of delimited text (tab, comma or semicolon), fed text chunk by chunk. RFC 4180
 * quoting ("" escapes, delimiters and newlines inside quotes), CRLF, LF or lone CR line ends (the
 * first line break decides: an old Mac or a mail client writes lone CRs), blank lines and records of
 * only empty cells (`,,,,` as a spreadsheet writes a blank row) skipped (but counted). Rows are numbered as a person counts lines in the file (1-based, the line where the record
 * starts), so problems can point at them in a text editor.
 *
 * Hot path of every file parser (a 1M-line Amazon settlement is ~180 MB): a line without any quote is
 * cut with indexOf + split, which is what a hand loop does; only lines holding a quote take the
 * character-level path. With `onLine` (raw-line mode) an unquoted line is not even split: the parser
 * scans only the fields it needs (scanFields), which is what the Amazon V2 parser does.
 */

export type Delimiter = '\t' | ',' | ';';

/** Receives each non-blank record; returning false stops reading (the rest of the file is ignored). */
export type RowHandler = (fields: string[], row: number) => void | boolean;
export type RowProblemHandler = (row: number, message: string) => void;
/**
 * Raw-line mode: receives a record without any quote as `text.slice(start, end)` (line break and CR
 * excluded, never empty) without splitting it, so a hot parser can scan only the fields it needs
 * (see scanFields). `text` is the reader's current buffer: do not keep it beyond the call. `delimiter`
 * is the one in use (given or sniffed), to split the line when the fast path does not apply.
 * Returning false stops reading, as for onRow.
 */
export type LineHandler = (text: string, start: number, end: number, row: number, delimiter: Delimiter) => void | boolean;

export interface RowReaderOptions {
  /** Known delimiter; when omitted it is sniffed from the first line that holds one. */
  delimiter?: Delimiter;
  onRow: RowHandler;
  /**
   * When given, records without a quote go here unsplit instead of to onRow (records holding a quote
   * still reach onRow as fields, so the parser needs both).
   */
  onLine?: LineHandler;
  /** Problems of the text itself (unterminated quote, absurdly long line). */
  onProblem?: RowProblemHandler;
  /** A record longer than this (in characters) is not a report row; default 4 MiB. */
  maxRecordLength?: number;
}

export interface RowReaderSummary {
  /** Non-blank records handed to onRow. */
  rowCount: number;
  /** Physical lines seen (the number of the last line). */
  lineCount: number;
  /** False when the text does not end with a newline (a truncated file usually does not). */
  isLastRowTerminated: boolean;
  /** True when reading stopped early (a record over maxRecordLength): the rest was not read. */
  isAborted: boolean;
}

/** Picks the delimiter of a header line: the most frequent of tab, semicolon and comma (tab wins ties). */
export function sniffDelimiter(headerLine: string): Delimiter {
  return delimiterOfLine(headerLine) ?? ',';
}

/** Lines looked at for a delimiter before a file is taken as comma-separated. */
const SNIFF_LINES = 30;

/**
 * The delimiter of the first line (from `start`) that holds one outside quotes, so a title preamble
 * (eBay's `"Transaction report"`) does not decide it; undefined when `text` ends before such a line
 * and may continue (`isFinal` false). Comma when none of the first SNIFF_LINES lines holds one.
 */
export function sniffDelimiterOfText(text: string, start: number, isFinal: boolean): Delimiter | undefined {
  let pos = start;
  for (let line = 0; line < SNIFF_LINES; line++) {
    const nl = text.indexOf('\n', pos);
    if (nl === -1 && !isFinal) return undefined;
    const found = delimiterOfLine(nl === -1 ? text.slice(pos) : text.slice(pos, nl));
    if (found) return found;
    if (nl === -1) return ',';
    pos = nl + 1;
  }
  return ',';
}

function delimiterOfLine(headerLine: string): Delimiter | undefined {
  let tabs = 0;
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < headerLine.length; i++) {
    const c = headerLine.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (quoted) continue;
    else if (c === 9) tabs++;
    else if (c === 59) semicolons++;
    else if (c === 44) commas++;
  }
  if (tabs > 0 && tabs >= semicolons && tabs >= commas) return '\t';
  if (semicolons > commas) return ';';
  return commas > 0 ? ',' : undefined;
}

const LF = 10;
const CR = 13;
const QUOTE = 34;
const SPACE = 32;

/**
 * True when `buf.slice(start, end)` holds only delimiters and blanks: a blank row as a spreadsheet
 * writes it when the sheet has more columns than the row has values. Only a line that starts with a
 * delimiter or blank is looked at, so the cost on report rows is one comparison.
 */
function isEmptyRecord(buf: string, start: number, end: number, delimiterCode: number): boolean {
  let c = buf.charCodeAt(start);
  if (c !== delimiterCode && c !== SPACE) return false;
  for (let i = start; i < end; i++) {
    c = buf.charCodeAt(i);
    if (c !== delimiterCode && c !== SPACE && c !== 9) return false;
  }
  return true;
}

/**
 * The cells of a header row up to its last named one. A file saved through a spreadsheet often has
 * empty cells after the last heading (`…,"Id. de referencia de trans.",,,,,,`) while its rows keep the
 * original width, and rows may carry empty cells past the last heading too: neither is a column.
 * Every reader measures a row against this width (mapColumns keeps these names), so the rule is one.
 */
export function withoutTrailingEmptyCells(fields: readonly string[]): string[] {
  let width = fields.length;
  while (width > 0 && fields[width - 1]!.trim() === '') width--;
  return fields.slice(0, width);
}

export class RowReader {
  delimiter: Delimiter | undefined;
  private readonly onRow: RowHandler;
  private readonly onLine: LineHandler | undefined;
  private readonly onProblem: RowProblemHandler;
  private readonly maxRecordLength: number;
  private carry = '';
  private line = 1;
  private rowCount = 0;
  private lastChar = -1;
  private isAborted = false;
  /** Line ends: undecided until the first line break; 'cr' turns every CR into LF before reading. */
  private lineEnds: 'unknown' | 'lf' | 'cr' = 'unknown';

  constructor(options: RowReaderOptions) {
    this.delimiter = options.delimiter;
    this.onRow = options.onRow;
    this.onLine = options.onLine;
    this.onProblem = options.onProblem ?? (() => undefined);
    this.maxRecordLength = options.maxRecordLength ?? 4 * 1024 * 1024;
  }

  /** True once reading stopped (a record over maxRecordLength, or stop() was called). */
  get isStopped(): boolean {
    return this.isAborted;
  }

  /** Stops reading: later pushes are ignored (a parser that found the file is not its format). */
  stop(): void {
    this.isAborted = true;
    this.carry = '';
  }

  push(input: string): void {
    if (this.isAborted || input.length === 0) return;
    const text = this.withLineFeeds(input);
    this.lastChar = text.charCodeAt(text.length - 1);
    let buf = text;
    let start = 0;
    if (this.carry.length > 0) {
      // carry + text would be a rope (cons string) that V8 reads much slower than a flat string (the
      // bare line loop runs ~1.8x slower on one): when the carried record is an unquoted line, join it
      // only with the rest of its line and read the chunk itself from there.
      const nl = text.indexOf('\n');
      if (nl !== -1 && this.carry.indexOf('"') === -1 && text.lastIndexOf('"', nl) === -1) {
        // join, not +: a flat string, so the per-character reads of a raw-line parser stay monomorphic.
        const line = [this.carry, text.slice(0, nl + 1)].join('');
        this.carry = '';
        this.consume(line, 0, false); // one complete line without quotes: read entirely
        if (this.isAborted) return;
        start = nl + 1;
      } else {
        buf = this.carry + text;
      }
    }
    const pos = this.consume(buf, start, false);
    if (this.isAborted) return;
    this.carry = pos >= buf.length ? '' : buf.slice(pos);
    if (this.carry.length > this.maxRecordLength) {
      this.onProblem(this.line, `Line ${this.line} is longer than ${this.maxRecordLength} characters: this is not a report row (a binary file, or a quote that never closes).`);
      this.isAborted = true;
      this.carry = '';
    }
  }

  /**
   * Decides the line ends at the first line break and, for a file with lone CRs, turns them into LF
   * (inside quoted values too, so a value reads the same as in the file with LF). A CR that ends a
   * chunk is decided by the next chunk's first character.
   */
  private withLineFeeds(text: string): string {
    if (this.lineEnds === 'lf') return text;
    if (this.lineEnds === 'cr') return text.replaceAll('\r', '\n');
    if (this.lastChar === CR) {
      // the previous chunk ended with a CR that was the first line break
      this.lineEnds = text.charCodeAt(0) === LF ? 'lf' : 'cr';
    } else {
      const cr = text.indexOf('\r');
      const lf = text.indexOf('\n');
      if (cr === -1 && lf === -1) return text;
      if (cr === -1 || (lf !== -1 && lf < cr)) this.lineEnds = 'lf';
      else if (cr + 1 < text.length) this.lineEnds = text.charCodeAt(cr + 1) === LF ? 'lf' : 'cr';
      else return text; // a CR at the very end: wait for the next chunk
    }
    if (this.lineEnds === 'cr') {
      this.carry = this.carry.replaceAll('\r', '\n');
      return text.replaceAll('\r', '\n');
    }
    return text;
  }

  end(): RowReaderSummary {
    if (this.lineEnds === 'unknown' && this.lastChar === CR) {
      // the only line break is the CR that ends the text: a one-line file with a lone CR
      this.lineEnds = 'cr';
      this.carry = this.carry.replaceAll('\r', '\n');
      this.lastChar = LF;
    }
    if (!this.isAborted && this.carry.length > 0) {
      this.consume(this.carry, 0, true);
      this.carry = '';
    }
    return {
      rowCount: this.rowCount,
      lineCount: this.line - (this.lastChar === LF ? 1 : 0),
      isLastRowTerminated: this.lastChar === LF || this.lastChar === -1,
      isAborted: this.isAborted,
    };
  }

  /** Reads every complete record of buf from `start`; returns where the unread rest starts. */
  private consume(buf: string, start: number, isFinal: boolean): number {
    const n = buf.length;
    if (this.delimiter === undefined) {
      const sniffed = sniffDelimiterOfText(buf, start, isFinal);
      if (sniffed === undefined) return start;
      this.delimiter = sniffed;
    }
    const delimiter = this.delimiter;
    const onLine = this.onLine;
    let pos = start;
    let nextQuote = buf.indexOf('"', start);
    if (nextQuote === -1) nextQuote = n;
    while (pos < n) {
      let nl = buf.indexOf('\n', pos);
      if (nl === -1) {
        if (!isFinal) break;
        nl = n;
      }
      if (nextQuote < pos) {
        nextQuote = buf.indexOf('"', pos);
        if (nextQuote === -1) nextQuote = n;
      }
      if (nextQuote >= nl) {
        const end = nl > pos && buf.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
        if (end > pos && !isEmptyRecord(buf, pos, end, delimiter.charCodeAt(0))) {
          this.rowCount++;
          const isWanted = onLine ? onLine(buf, pos, end, this.line, delimiter) : this.onRow(buf.slice(pos, end).split(delimiter), this.line);
          if (isWanted === false) {
            this.stop();
            return n;
          }
        }
        this.line++;
        pos = nl + 1;
        continue;
      }
      const next = this.consumeQuoted(buf, pos, delimiter.charCodeAt(0), isFinal);
      if (next < 0) break; // incomplete record: wait for more text
      pos = next;
    }
    return pos;
  }

  /**
   * Character-level read of one record starting at `start` that holds a quote. Returns the position
   * after the record's newline, or -1 when the record is not complete yet (and isFinal is false).
   */
  private consumeQuoted(buf: string, start: number, delimiterCode: number, isFinal: boolean): number {
    const n = buf.length;
    const fields: string[] = [];
    let i = start;
    let innerLines = 0;
    for (;;) {
      let value = '';
      if (i < n && buf.charCodeAt(i) === QUOTE) {
        let segment = i + 1;
        for (;;) {
          const q = buf.indexOf('"', segment);
          if (q === -1 || (q === n - 1 && !isFinal)) {
            if (!isFinal) return -1;
            this.onProblem(this.line, `Row ${this.line} has a quoted field that is never closed: the file looks truncated.`);
            value += buf.slice(segment);
            i = n;
            break;
          }
          if (buf.charCodeAt(q + 1) === QUOTE) {
            value += buf.slice(segment, q + 1);
            segment = q + 2;
            continue;
          }
          value += buf.slice(segment, q);
          i = q + 1;
          break;
        }
        for (let k = 0; k < value.length; k++) if (value.charCodeAt(k) === LF) innerLines++;
        // Text after the closing quote (`"abc"def`) is kept, as spreadsheets do.
        let j = i;
        while (j < n && buf.charCodeAt(j) !== delimiterCode && buf.charCodeAt(j) !== LF) j++;
        if (j === n && !isFinal) return -1;
        if (j > i) value += buf.slice(i, buf.charCodeAt(j - 1) === CR ? j - 1 : j);
        i = j;
      } else {
        let j = i;
        while (j < n && buf.charCodeAt(j) !== delimiterCode && buf.charCodeAt(j) !== LF) j++;
        if (j === n && !isFinal) return -1;
        value = buf.slice(i, j > i && buf.charCodeAt(j - 1) === CR ? j - 1 : j);
        i = j;
      }
      fields.push(value);
      if (i < n && buf.charCodeAt(i) === delimiterCode) {
        i++;
        continue;
      }
      break;
    }
    if (fields.every((f) => f === '')) {
      this.line += 1 + innerLines; // `"","",""`: a blank row, skipped like an empty line
      return i + 1;
    }
    this.rowCount++;
    const isWanted = this.onRow(fields, this.line) !== false;
    this.line += 1 + innerLines;
    if (!isWanted) {
      this.stop();
      return n + 1;
    }
    return i + 1;
  }
}
