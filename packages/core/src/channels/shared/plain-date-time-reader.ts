/**
 * Fast path of parseDateTime for the fixed-width forms a big report repeats on every row, read in
 * place without slicing or a regular expression: `yyyy-mm-dd`, `yyyy/mm/dd`, `dd.mm.yyyy` and
 * `nn/nn/yyyy` / `nn-nn-yyyy` (day or month first as `order` says), each alone or followed by
 * ` HH:MM:SS UTC`. Anything else, impossible dates included, gives undefined and the caller asks
 * parseDateTime, so the two always agree (see plain-date-time-reader.test.ts).
 */
import type { DateOrder } from './parse-date-time';

const DIGIT_0 = 48;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Two digits at `at` as a number, or -1. */
function twoDigits(text: string, at: number): number {
  const a = text.charCodeAt(at) - DIGIT_0;
  const b = text.charCodeAt(at + 1) - DIGIT_0;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

export class PlainDateTimeReader {
  // The day of the last value: rows of a report come roughly in time order, so most share it.
  private lastYear = 0;
  private lastMonth = 0;
  private lastDay = 0;
  private lastDayMs = 0;

  /** Epoch ms UTC of `text.slice(start, end)` when it is in one of the plain forms, else undefined. */
  read(text: string, start: number, end: number, order: DateOrder = 'mdy'): number | undefined {
    const length = end - start;
    if (length !== 10 && length !== 23) return undefined;
    const separator = text.charCodeAt(start + 4);
    let year: number;
    let month: number;
    let day: number;
    if ((separator === 45 || separator === 47) && text.charCodeAt(start + 7) === separator) {
      const high = twoDigits(text, start);
      const low = twoDigits(text, start + 2);
      if (high < 0 || low < 0) return undefined;
      year = high * 100 + low;
      month = twoDigits(text, start + 5);
      day = twoDigits(text, start + 8);
    } else {
      const mark = text.charCodeAt(start + 2);
      if ((mark !== 46 && mark !== 47 && mark !== 45) || text.charCodeAt(start + 5) !== mark) return undefined;
      const high = twoDigits(text, start + 6);
      const low = twoDigits(text, start + 8);
      if (high < 0 || low < 0) return undefined;
      year = high * 100 + low;
      const first = twoDigits(text, start);
      const second = twoDigits(text, start + 3);
      const isDayFirst = mark === 46 || order === 'dmy';
      day = isDayFirst ? first : second;
      month = isDayFirst ? second : first;
    }
    if (year < 1970 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
    let time = 0;
    if (length === 23) {
      if (
        text.charCodeAt(start + 10) !== 32 || text.charCodeAt(start + 13) !== 58 || text.charCodeAt(start + 16) !== 58 ||
        text.charCodeAt(start + 19) !== 32 || text.charCodeAt(start + 20) !== 85 || text.charCodeAt(start + 21) !== 84 ||
        text.charCodeAt(start + 22) !== 67 // ' UTC'
      ) {
        return undefined;
      }
      const hour = twoDigits(text, start + 11);
      const minute = twoDigits(text, start + 14);
      const second = twoDigits(text, start + 17);
      if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return undefined;
      time = ((hour * 60 + minute) * 60 + second) * 1000;
    }
    if (year !== this.lastYear || month !== this.lastMonth || day !== this.lastDay) {
      this.lastYear = year;
      this.lastMonth = month;
      this.lastDay = day;
      this.lastDayMs = Date.UTC(year, month - 1, day);
    }
    return this.lastDayMs + time;
  }
}
