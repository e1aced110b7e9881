/**
 * The date range picker of spec section 5: at most 92 days (days 92 or more after the chosen start
 * are disabled, with a tooltip-style title saying why), choosing a day before the start or choosing
 * when a full range is already set restarts the range (core's nextRange). Values are calendar dates
 * 'yyyy-MM-dd'; the end date counts as the whole day (see core's rangeEndInstant).
 */
import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { MAX_RANGE_DAYS, isBeyondMaxRange, nextRange } from '@ledgerport/core/rules';

export interface DateRange {
  start?: string;
  end?: string;
}

export const RANGE_LIMIT_TEXT = `A range covers at most ${MAX_RANGE_DAYS} days: choose an end within ${MAX_RANGE_DAYS} days of the start.`;

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

/** Names of the calendar's controls, so they can be found by a screen reader (and a journey). */
const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose the month',
  yearLevelControl: 'Choose the year',
};

export function DateRangePicker({ label, value, onChange }: { label: string; value: DateRange; onChange: (range: DateRange) => void }) {
  const isDisabled = (day: string) => Boolean(value.start && !value.end && isBeyondMaxRange(value.start, day.slice(0, 10)));
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder="Any date"
      clearable
      allowSingleDateInRange
      valueFormat="MMM DD YYYY"
      value={[value.start ?? null, value.end ?? null]}
      onChange={(proposed) => {
        if (!proposed[0] && !proposed[1]) return onChange({});
        onChange(applyDayClick(value, [proposed[0] ? proposed[0].slice(0, 10) : null, proposed[1] ? proposed[1].slice(0, 10) : null]));
      }}
      excludeDate={isDisabled}
      ariaLabels={CALENDAR_LABELS}
      getDayProps={(day) => (isDisabled(day) ? { title: RANGE_LIMIT_TEXT } : {})}
      w={260}
    />
  );
}
