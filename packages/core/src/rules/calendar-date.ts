/**
 * What a request may call a date or an instant. A date is 'yyyy-MM-dd' and a real day of years 0001
 * to 9999 (no 2026-02-30, no month 99, no year 0000: PostgreSQL has no year 0). An instant is such a
 * date, or a date and time with Z or an offset, that falls within those years in UTC, so that it
 * prints back as a plain ISO timestamp and PostgreSQL can read it (JavaScript dates reach year
 * 275760; its toISOString of those, "+275760-09-13T...", is not a timestamp PostgreSQL reads).
 */
const FIRST_INSTANT_MS = -62_135_596_800_000; // 0001-01-01T00:00:00.000Z
const LAST_INSTANT_MS = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether `text` is a real calendar date 'yyyy-MM-dd' of years 0001 to 9999. */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * The instant of a date ('2026-11-23', midnight UTC) or an ISO timestamp with Z or an offset
 * ('2026-11-23T10:00:00.000Z', '2026-11-23T10:00+01:00') in milliseconds since 1970, or undefined
 * when it is not one or falls outside years 0001 to 9999 in UTC.
 */
export function parseIsoInstant(text: string): number | undefined {
  if (isCalendarDate(text)) return Date.parse(`${text}T00:00:00Z`);
  const m = DATE_TIME.exec(text);
  if (!m || !isCalendarDate(m[1]!)) return undefined;
  const [hour, minute, second] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (m[7] !== undefined && (Number(m[7]) > 23 || Number(m[8]) > 59)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) || ms < FIRST_INSTANT_MS || ms > LAST_INSTANT_MS ? undefined : ms;
}
