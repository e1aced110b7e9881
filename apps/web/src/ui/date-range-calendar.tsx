/**
 * The calendar of the date range picker (date-range-picker.tsx loads this module on demand: with
 * @mantine/dates and dayjs it is the heaviest part of a list page, and the list shows without it).
 */
import '@mantine/dates/styles.css';
import { Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { DATE_PICKER_TOOLTIP_DELAY_MS, isBeyondMaxRange } from '@ledgerport/core/rules';
import { useEffect, useRef } from 'react';
import { DATE_RANGE_WIDTH, RANGE_LIMIT_TEXT, applyDayClick, type DateRangePickerProps } from './date-range-rules';

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

/** `isOpenedOnMount`: the user clicked the stand-in, so the calendar opens as it arrives. */
export function DateRangeCalendar({ label, value, onChange, defaultDate, isOpenedOnMount = false }: DateRangePickerProps & { isOpenedOnMount?: boolean }) {
  const input = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The dropdown's open state is internal to DatePickerInput; a click is its public way in.
    if (!isOpenedOnMount) return;
    input.current?.focus();
    input.current?.click();
  }, [isOpenedOnMount]);
  const isDisabled = (day: string) => Boolean(value.start && !value.end && isBeyondMaxRange(value.start, day.slice(0, 10)));
  return (
    <DatePickerInput
      ref={input}
      type="range"
      label={label}
      placeholder="Any date"
      clearable
      allowSingleDateInRange
      valueFormat="MMM DD YYYY"
      value={[value.start ?? null, value.end ?? null]}
      // Opens on the chosen range, else on the data's day the page proposes (never "today" by default).
      defaultDate={value.start ?? defaultDate}
      onChange={(proposed) => {
        if (!proposed[0] && !proposed[1]) return onChange({});
        onChange(applyDayClick(value, [proposed[0] ? proposed[0].slice(0, 10) : null, proposed[1] ? proposed[1].slice(0, 10) : null]));
      }}
      excludeDate={isDisabled}
      ariaLabels={CALENDAR_LABELS}
      getDayProps={(day) => (isDisabled(day) ? { title: RANGE_LIMIT_TEXT } : {})}
      renderDay={(day) => <CalendarDay day={day} isDisabled={isDisabled(day)} />}
      w={DATE_RANGE_WIDTH}
    />
  );
}

/**
 * A day's number; a disabled day's says why it is disabled in a tooltip that opens after the spec's
 * delay (section 9), so sweeping the pointer across the calendar does not flash one tooltip per day.
 */
function CalendarDay({ day, isDisabled }: { day: string; isDisabled: boolean }) {
  const number = Number(day.slice(8, 10));
  if (!isDisabled) return number;
  return (
    <Tooltip label={RANGE_LIMIT_TEXT} openDelay={DATE_PICKER_TOOLTIP_DELAY_MS} multiline w={240} withinPortal>
      <span data-disabled-day>{number}</span>
    </Tooltip>
  );
}
