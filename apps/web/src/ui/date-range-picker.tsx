/**
 * The date range picker of spec section 5 (rules in date-range-rules.ts). Its calendar (@mantine/dates
 * and dayjs, the heaviest part of a list page) loads on intent (decision 0026): until then an input of
 * the same size, label and text stands in; pointing at it or focusing it starts the download, and a
 * click opens the calendar as soon as it is here.
 */
import { InputBase } from '@mantine/core';
import { Suspense, useState } from 'react';
import { lazyComponent } from './lazy-component';
import { DATE_RANGE_WIDTH, formatDateRange, type DateRangePickerProps } from './date-range-rules';

export { RANGE_LIMIT_TEXT, applyDayClick, clickedDay, formatDateRange, type DateRange } from './date-range-rules';

const DateRangeCalendar = lazyComponent(() => import('./date-range-calendar').then((m) => m.DateRangeCalendar));

/** Loads the calendar now (tests, or a page that opens with it). */
export const preloadDateRangeCalendar = () => DateRangeCalendar.preload();

function DateRangeStandIn({ label, value, onOpen }: DateRangePickerProps & { onOpen?: () => void }) {
  const text = formatDateRange(value);
  const warm = () => void preloadDateRangeCalendar().catch(() => undefined);
  return (
    <InputBase
      component="button"
      type="button"
      label={label}
      w={DATE_RANGE_WIDTH}
      pointer
      onPointerEnter={warm}
      onFocus={warm}
      onClick={onOpen}
      aria-busy={onOpen ? undefined : true}
      c={text ? undefined : 'dimmed'}
    >
      {text || 'Any date'}
    </InputBase>
  );
}

export function DateRangePicker(props: DateRangePickerProps) {
  const [isWanted, setWanted] = useState(false);
  // Once the calendar's code is here (another page loaded it), it shows straight away.
  if (!isWanted && !DateRangeCalendar.isLoaded()) return <DateRangeStandIn {...props} onOpen={() => setWanted(true)} />;
  return (
    <Suspense fallback={<DateRangeStandIn {...props} />}>
      <DateRangeCalendar.Component {...props} isOpenedOnMount={isWanted} />
    </Suspense>
  );
}
