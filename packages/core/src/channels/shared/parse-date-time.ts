/**
 * Dates and times as channels write them, to epoch milliseconds UTC. Seen in real files (formats.md):
 * ISO 8601 with offset (`2025-06-05T22:07:18+00:00`), `03.05.2018 09:10:07 UTC`, `2023-01-01 00:00:00
 * UTC`, `mm/dd/yyyy` and `dd/mm/yyyy` (with or without time), a zone abbreviation (`PST`, `PDT`, `CET`)
 * or numeric offset (`-0400`, `GMT+2`) after the time, and `5 Jan 2023` / `Jan 5, 2023`.
 * Slash dates are ambiguous: callers sniff the order over a sample of values (sniffDateOrder) or know
 * it from the marketplace, and pass it. Impossible dates (31.02, 25:00) are rejected, not rolled over.
 */

/** Day-first or month-first for `nn/nn/yyyy` dates; year-first (`yyyy-mm-dd`) needs no hint. */
export type DateOrder = 'dmy' | 'mdy';

export interface DateParseOptions {
  /** Order of slash/dash dates whose first part is not a year. Dotted dates are always day-first. */
  order?: DateOrder;
  /** Offset (minutes east of UTC) for values without a zone; default 0 (UTC). */
  defaultOffsetMinutes?: number;
}

/** Zone abbreviations seen in channel reports, in minutes east of UTC. IST is India (Amazon.in). */
const ZONES: Record<string, number> = {
  Z: 0, UTC: 0, GMT: 0, UT: 0, WET: 0, BST: 60, WEST: 60, CET: 60, MEZ: 60, CEST: 120, MESZ: 120,
  EET: 120, EEST: 180, MSK: 180, GST: 240, IST: 330, SGT: 480, HKT: 480, AWST: 480,
  JST: 540, KST: 540, ACST: 570, ACDT: 630, AEST: 600, AEDT: 660, NZST: 720, NZDT: 780,
  HST: -600, AKST: -540, AKDT: -480, PST: -480, PDT: -420, MST: -420, MDT: -360, CST: -360,
  CDT: -300, EST: -300, EDT: -240, AST: -240, ADT: -180, NST: -210, NDT: -150, BRT: -180, ART: -180,
};

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

const NUMERIC =
  /^(\d{1,4})([-/.])(\d{1,2})\2(\d{1,4})(?:(?:T|\s+|,\s*)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*([AaPp]\.?[Mm]\.?)?)?\s*(Z|[A-Za-z]{2,5}(?:\s*[+-]\d{1,2}(?::?\d{2})?)?|[+-]\d{1,2}(?::?\d{2})?)?$/;
const NAMED =
  /^(?:(\d{1,2})[\s-]+([A-Za-z]{3,9})\.?[\s-]+(\d{2,4})|([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4}))(?:(?:T|\s+|,\s*)(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp]\.?[Mm]\.?)?)?\s*(Z|[A-Za-z]{2,5}(?:\s*[+-]\d{1,2}(?::?\d{2})?)?|[+-]\d{1,2}(?::?\d{2})?)?$/;

/** Minutes east of UTC for a zone text ('UTC', 'PDT', '+02:00', '-0400', 'GMT+2'); undefined if unknown. */
export function zoneOffsetMinutes(zone: string): number | undefined {
  const m = /^([A-Za-z]*)\s*(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(zone.trim());
  if (!m) return undefined;
  const [, name = '', sign, hh, mm] = m;
  let base = 0;
  if (name !== '') {
    const known = ZONES[name.toUpperCase()];
    if (known === undefined) return undefined;
    base = known;
  }
  if (sign === undefined) return name === '' ? undefined : base;
  const hours = Number(hh);
  const minutes = mm === undefined ? 0 : Number(mm);
  if (hours > 14 || minutes > 59) return undefined;
  return base + (sign === '-' ? -1 : 1) * (hours * 60 + minutes);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function fullYear(text: string): number {
  const y = Number(text);
  return text.length <= 2 ? 2000 + y : y;
}

function build(
  year: number, month: number, day: number, hourText: string | undefined, minuteText: string | undefined,
  secondText: string | undefined, fraction: string | undefined, meridiem: string | undefined,
  zone: string | undefined, options: DateParseOptions | undefined,
): number | undefined {
  if (year < 1970 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  let hour = hourText === undefined ? 0 : Number(hourText);
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  const second = secondText === undefined ? 0 : Number(secondText);
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    const isPm = meridiem[0] === 'p' || meridiem[0] === 'P';
    hour = (hour % 12) + (isPm ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = fraction === undefined ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0'));
  let offset = options?.defaultOffsetMinutes ?? 0;
  if (zone !== undefined) {
    const z = zoneOffsetMinutes(zone);
    if (z === undefined) return undefined;
    offset = z;
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 60_000;
}

/**
 * Epoch ms UTC of a date or date-time text, or undefined when it is not a date or is impossible.
 * Values without a zone are taken as UTC unless options.defaultOffsetMinutes says otherwise.
 */
export function parseDateTime(text: string, options?: DateParseOptions): number | undefined {
  const value = text.trim();
  const m = NUMERIC.exec(value);
  if (m) {
    const [, a = '', sep, b = '', c = '', hh, mi, ss, frac, meridiem, zone] = m;
    let year: number;
    let month: number;
    let day: number;
    if (a.length === 4) {
      if (c.length > 2) return undefined;
      year = Number(a);
      month = Number(b);
      day = Number(c);
    } else {
      if (a.length > 2 || (c.length !== 4 && c.length !== 2)) return undefined;
      const isDayFirst = sep === '.' || (options?.order ?? 'mdy') === 'dmy';
      year = fullYear(c);
      day = Number(isDayFirst ? a : b);
      month = Number(isDayFirst ? b : a);
    }
    return build(year, month, day, hh, mi, ss, frac, meridiem, zone, options);
  }
  const n = NAMED.exec(value);
  if (n) {
    const [, d1, mon1, y1, mon2, d2, y2, hh, mi, ss, meridiem, zone] = n;
    const month = MONTHS[(mon1 ?? mon2 ?? '').slice(0, 4).toLowerCase()] ?? MONTHS[(mon1 ?? mon2 ?? '').slice(0, 3).toLowerCase()];
    if (month === undefined) return undefined;
    return build(fullYear(y1 ?? y2 ?? ''), month, Number(d1 ?? d2), hh, mi, ss, undefined, meridiem, zone, options);
  }
  return undefined;
}

/**
 * Decides day-first vs month-first from sample values: a first part over 12 means day-first, a second
 * part over 12 month-first. Dotted dates are day-first. Undefined when the sample does not tell (all
 * parts <= 12, or contradictory values): the caller then falls back to the marketplace's convention.
 */
export function sniffDateOrder(samples: Iterable<string>): DateOrder | undefined {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const sample of samples) {
    const m = /^\s*(\d{1,2})([-/.])(\d{1,2})\2\d{2,4}/.exec(sample);
    if (!m) continue;
    if (m[2] === '.') {
      dayFirst++;
      continue;
    }
    const a = Number(m[1]);
    const b = Number(m[3]);
    if (a > 12 && b <= 12) dayFirst++;
    else if (b > 12 && a <= 12) monthFirst++;
  }
  if (dayFirst > 0 && monthFirst === 0) return 'dmy';
  if (monthFirst > 0 && dayFirst === 0) return 'mdy';
  return undefined;
}
