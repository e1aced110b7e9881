/**
 * What a spreadsheet or a mail client does to a report file, as pure functions of its text, for the
 * property test that every reader gives the same settlements afterwards (issue 28). The file is cut
 * into records with RFC 4180 quoting (the reader's own rules) and written again with the chosen
 * byte-order mark, line ends, quoting, delimiter, trailing empty columns, blank lines and encoding.
 */
import { decodeHead } from '../shared/decode-text';
import { sniffDelimiter, type Delimiter } from '../shared/row-reader';

export interface SaveAs {
  bom: boolean;
  lineEnd: '\n' | '\r\n' | '\r';
  /** Whether the last record keeps its line end. */
  finalLineEnd: boolean;
  /** Empty lines added after the last record. */
  blankLines: number;
  /** 'asIs' keeps each field's quotes; 'all' quotes every field; 'none' only those that need it. */
  quoting: 'asIs' | 'all' | 'none';
  /** A comma file saved in a decimal-comma locale: `;` between fields, `12,50` for `12.50`. */
  semicolonLocale: boolean;
  /** Empty cells added after the header's last heading. */
  headerPadding: number;
  /** Empty cells added after every data row's last field. */
  rowPadding: number;
  encoding: 'utf-8' | 'windows-1252';
}

export const AS_DOWNLOADED: SaveAs = {
  bom: false, lineEnd: '\n', finalLineEnd: true, blankLines: 0, quoting: 'asIs', semicolonLocale: false, headerPadding: 0, rowPadding: 0, encoding: 'utf-8',
};

interface Field { value: string; quoted: boolean }

/** The records of a text (a blank line is a record of one empty field), with each field's value and whether it was quoted. */
export function splitRecords(text: string, delimiter: Delimiter): Field[][] {
  const records: Field[][] = [];
  let fields: Field[] = [];
  let i = 0;
  const n = text.length;
  const endRecord = () => {
    records.push(fields); // a blank line stays one: it counts in the row numbers
    fields = [];
  };
  while (i < n) {
    let value = '';
    let quoted = false;
    if (text[i] === '"') {
      quoted = true;
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q === -1) {
          value += text.slice(i);
          i = n;
          break;
        }
        if (text[q + 1] === '"') {
          value += text.slice(i, q + 1);
          i = q + 2;
          continue;
        }
        value += text.slice(i, q);
        i = q + 1;
        break;
      }
    }
    while (i < n && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') value += text[i++];
    fields.push({ value, quoted });
    if (i >= n) break;
    if (text[i] === delimiter) {
      i++;
      if (i >= n) fields.push({ value: '', quoted: false });
      continue;
    }
    if (text[i] === '\r' && text[i + 1] === '\n') i++;
    i++;
    endRecord();
  }
  if (fields.length > 0) endRecord();
  return records;
}

/** An amount, maybe with a sign and a currency symbol: `12.50`, `-1,234.50`, `$150.00`, `€ 1,080.63`. */
const AMOUNT = /^([-+(]?\s*[$€£¥]?\s*-?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+)(\)?)$/;
const PLAIN_DECIMAL = /^-?\d+\.\d+$/;

/** `1,234.50` → `1.234,50`, `$12.50` → `$12,50`; other text unchanged. */
function toDecimalComma(value: string): string {
  const m = AMOUNT.exec(value);
  if (!m) return value;
  return `${m[1]}${m[2]!.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.'))}${m[3]}`;
}

/** True when the file writes amounts with a decimal point (so a decimal-comma locale changes them). */
function usesDecimalPoint(records: Field[][]): boolean {
  return records.some((r) => r.some((f) => PLAIN_DECIMAL.test(f.value) || (AMOUNT.test(f.value) && f.value.includes('.'))));
}

/** Windows-1252 bytes of text, or undefined when a character has none. */
export function encodeWindows1252(text: string): Uint8Array | undefined {
  const high = new Map<number, number>();
  const decoder = new TextDecoder('windows-1252');
  for (let b = 0x80; b <= 0x9f; b++) high.set(decoder.decode(new Uint8Array([b])).charCodeAt(0), b);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const b = c < 0x80 || (c >= 0xa0 && c <= 0xff) ? c : high.get(c);
    if (b === undefined) return undefined;
    out[i] = b;
  }
  return out;
}

export interface Saved {
  bytes: Uint8Array;
  /** Which of the asked changes applied (a tab file has no locale delimiter, a Japanese file no 1252). */
  applied: SaveAs;
}

/** The file's bytes after `save`, from the bytes as downloaded. */
export function saveAs(original: Uint8Array, save: SaveAs): Saved {
  const text = decodeHead(original);
  const firstBreak = text.search(/[\r\n]/);
  const delimiter = sniffDelimiter(firstBreak === -1 ? text : text.slice(0, firstBreak));
  const records = splitRecords(text, delimiter);
  const applied = { ...save };
  const isLocale = save.semicolonLocale && delimiter === ',';
  if (!isLocale) applied.semicolonLocale = false;
  const out = isLocale ? ';' : delimiter;
  const convert = isLocale && usesDecimalPoint(records);
  const needsQuotes = (v: string): boolean => v.includes(out) || v.includes('"') || v.includes('\n') || v.includes('\r');
  const cell = (f: Field): string => {
    const value = convert ? toDecimalComma(f.value) : f.value;
    const quote = save.quoting === 'all' || needsQuotes(value) || (save.quoting === 'asIs' && f.quoted);
    return quote ? `"${value.replaceAll('"', '""')}"` : value;
  };
  while (records.length > 0 && records[records.length - 1]!.every((f) => f.value === '')) records.pop(); // blank lines at the end are the change itself
  const header = records.findIndex((r) => r.length > 1);
  const lines = records.map((r, at) => {
    const index = at === header ? 0 : 1;
    if (r.length === 1 && r[0]!.value === '' && !r[0]!.quoted) return '';
    const padding = index === 0 ? save.headerPadding : save.rowPadding;
    return [...r.map(cell), ...Array<string>(padding).fill('')].join(out);
  });
  let written = lines.join(save.lineEnd);
  if (save.finalLineEnd) written += save.lineEnd;
  else if (save.blankLines > 0) written += save.lineEnd;
  written += save.lineEnd.repeat(save.blankLines);
  let bytes: Uint8Array | undefined;
  if (save.encoding === 'windows-1252') bytes = encodeWindows1252(written);
  if (bytes === undefined) {
    applied.encoding = 'utf-8';
    bytes = new TextEncoder().encode(written);
  }
  if (save.bom && applied.encoding === 'utf-8') {
    const withBom = new Uint8Array(bytes.length + 3);
    withBom.set([0xef, 0xbb, 0xbf]);
    withBom.set(bytes, 3);
    bytes = withBom;
  } else applied.bom = false;
  return { bytes, applied };
}
