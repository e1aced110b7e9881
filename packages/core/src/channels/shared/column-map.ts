/**
 * Header-by-name column lookup. Channels reorder, add and translate columns between variants (Amazon
 * v1 33 vs 36 columns, PayPal 10/18/22/41, localized PayPal headers), so parsers never use positions.
 * Names compare after normalisation: case, spaces, '-', '_', '.', quotes and accents are ignored, so
 * "Gross Amount", "gross-amount" and "GROSS_AMOUNT" are the same column, as are "Brutto" in UTF-8 and
 * in a Latin-1 file decoded right.
 */

import { withoutTrailingEmptyCells } from './row-reader';

/** The comparison form of a header name. */
export function normalizeHeaderName(name: string): string {
  let out = '';
  const text = name.normalize('NFD');
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x300 && c <= 0x36f) continue; // combining accents
    if (c === 32 || c === 9 || c === 45 || c === 95 || c === 46 || c === 34 || c === 39 || c === 0xfeff || c === 0xa0) continue;
    out += text[i]!.toLowerCase();
  }
  return out;
}

/** For each key, the header names (any language) it may appear under, most usual first. */
export type ColumnSpec<K extends string> = Record<K, readonly string[]>;

export interface ColumnMap<K extends string> {
  /** 0-based field index per key; -1 when the file has no such column. */
  index: Record<K, number>;
  /** Keys whose column is absent. */
  missing: K[];
  /** Original header names by index (for problems: "column 'amount'"). */
  names: string[];
  /** How many keys were found (detection confidence). */
  foundCount: number;
}

/**
 * Maps a header row to column indices by name. The first matching header wins for each key. Empty
 * cells after the last heading are not columns (withoutTrailingEmptyCells): `names` ends at the last
 * named one, so a row is measured against the header's real width.
 */
export function mapColumns<K extends string>(headerCells: readonly string[], spec: ColumnSpec<K>): ColumnMap<K> {
  const header = withoutTrailingEmptyCells(headerCells);
  const positions = new Map<string, number>();
  header.forEach((name, i) => {
    const key = normalizeHeaderName(name);
    if (!positions.has(key)) positions.set(key, i);
  });
  const index = {} as Record<K, number>;
  const missing: K[] = [];
  let foundCount = 0;
  for (const key of Object.keys(spec) as K[]) {
    let at = -1;
    for (const alias of spec[key]) {
      const p = positions.get(normalizeHeaderName(alias));
      if (p !== undefined) {
        at = p;
        break;
      }
    }
    index[key] = at;
    if (at === -1) missing.push(key);
    else foundCount++;
  }
  return { index, missing, names: header.map((h) => h.trim()), foundCount };
}

/** The field of a row for a mapped column; '' when the column is absent or the row is short. */
export function fieldOf(fields: readonly string[], index: number): string {
  return index < 0 ? '' : (fields[index] ?? '');
}

/**
 * Share of `wanted` header names present in a header line (0..1), for parsers' detect(). Splits on the
 * usual delimiters, so it works on the raw first line of the decoded head.
 */
export function headerMatchRatio(headLine: string, wanted: readonly string[]): number {
  const present = new Set(headLine.split(/[\t,;]/).map(normalizeHeaderName));
  let hits = 0;
  for (const w of wanted) if (present.has(normalizeHeaderName(w))) hits++;
  return wanted.length === 0 ? 0 : hits / wanted.length;
}

/** The first line of a decoded head (without its line break). */
export function firstLine(head: string): string {
  const lf = head.indexOf('\n');
  const cr = head.indexOf('\r');
  const end = cr !== -1 && (lf === -1 || cr < lf) ? cr : lf; // CRLF, LF or a lone CR
  return end === -1 ? head : head.slice(0, end);
}

/** The first `count` lines of a decoded head, cut at CRLF, LF or a lone CR (for detect() of files with a preamble). */
export function headLines(head: string, count: number): string[] {
  return head.split(/\r\n|\r|\n/, count);
}
