/**
 * The date range picker's rules (spec section 5): at most 92 days (days 92 or more after the chosen
 * start are disabled, with a tooltip-style title saying why), choosing a day before the start or
 * choosing when a full range is already set restarts the range (core's nextRange). Values are
 * calendar dates 'yyyy-MM-dd'; the end date counts as the whole day (see core's rangeEndInstant).
 */
import { MAX_RANGE_DAYS, nextRange } from '@ledgerport/core/rules';

export interface DateRange {
  start?: string;
  end?: string;
}

export interface DateRangePickerProps {
  label: string;
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** 'yyyy-MM-dd' the calendar opens on while no range is chosen: a day of the data, not today. */
  defaultDate?: string | undefined;
}

export const RANGE_LIMIT_TEXT = `A range covers at most ${MAX_RANGE_DAYS} days: choose an end within ${MAX_RANGE_DAYS} days of the start.`;
export const DATE_RANGE_WIDTH = 260;

/** Which day the user clicked, given the range before and the value the calendar proposes. */
export function clickedDay(current: DateRange, proposed: [string | null, string | null]): string | undefined {
  const [a, b] = proposed;
  if (current.start && !current.end) {
    if (a && a !== current.start) return a;
    if (b) return b;
    return a ?? undefined;
  }
  return a ?? b ?? undefined;
}

/** Applies a click to a range by the spec's rules. */
export function applyDayClick(current: DateRange, proposed: [string | null, string | null]): DateRange {
  const day = clickedDay(current, proposed);
  if (!day) return {};
  return nextRange(current, day);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A range as the calendar input shows it ('Jan 05 2026 – Jan 20 2026', its 'MMM DD YYYY'), for its placeholder. */
export function formatDateRange(range: DateRange): string {
  const day = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1] ?? ''} ${date.slice(8, 10)} ${date.slice(0, 4)}`;
  return [range.start, range.end].filter((d): d is string => Boolean(d)).map(day).join(' – ');
}
