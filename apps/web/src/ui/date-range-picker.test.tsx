import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DATE_PICKER_TOOLTIP_DELAY_MS } from '@ledgerport/core/rules';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DateRangePicker, RANGE_LIMIT_TEXT, preloadDateRangeCalendar, type DateRange } from './date-range-picker';

function Harness({ initial, defaultDate }: { initial: DateRange; defaultDate?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider env="test">
      <DateRangePicker label="Dates" value={value} onChange={setValue} defaultDate={defaultDate} />
      <output aria-label="Chosen">{JSON.stringify(value)}</output>
    </MantineProvider>
  );
}

const chosen = () => screen.getByRole('status', { name: 'Chosen' }).textContent;
const next = () => userEvent.click(document.querySelector<HTMLButtonElement>('button[data-direction="next"]')!);

describe('date range picker (spec section 5)', () => {
  // The calendar loads on demand (decision 0026); here it is loaded before the first click.
  beforeAll(async () => {
    await preloadDateRangeCalendar();
  }, 60_000);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('disables days 92 or more days after the chosen start, with a title saying why', async () => {
    render(<Harness initial={{ start: '2026-01-01' }} />);
    await userEvent.click(screen.getByRole('button', { name: /Dates/ }));
    for (let i = 0; i < 3; i++) await next();
    const allowed = screen.getByRole('button', { name: '2 April 2026' });
    const blocked = screen.getByRole('button', { name: '3 April 2026' });
    expect(allowed.hasAttribute('data-disabled')).toBe(false);
    expect(blocked.hasAttribute('data-disabled')).toBe(true);
    expect(blocked.getAttribute('title')).toBe(RANGE_LIMIT_TEXT);
    await userEvent.click(allowed);
    expect(chosen()).toBe('{"start":"2026-01-01","end":"2026-04-02"}');
  });

  it('explains a disabled day in a tooltip that opens only after the spec delay (1 s)', async () => {
    render(<Harness initial={{ start: '2026-01-01' }} />);
    await userEvent.click(screen.getByRole('button', { name: /Dates/ }));
    for (let i = 0; i < 3; i++) await next();
    const blocked = screen.getByRole('button', { name: '3 April 2026' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.mouseEnter(blocked.querySelector('[data-disabled-day]')!);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DATE_PICKER_TOOLTIP_DELAY_MS - 50);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByRole('tooltip').textContent).toBe(RANGE_LIMIT_TEXT);
  });

  it('restarts the range when a day before the start is chosen', async () => {
    render(<Harness initial={{ start: '2026-01-20' }} />);
    await userEvent.click(screen.getByRole('button', { name: /Dates/ }));
    await userEvent.click(screen.getByRole('button', { name: '5 January 2026' }));
    expect(chosen()).toBe('{"start":"2026-01-05"}');
  });

  it("opens on the data's day when no range is chosen, not on today", async () => {
    render(<Harness initial={{}} defaultDate="2018-03-17" />);
    await userEvent.click(screen.getByRole('button', { name: /Dates/ }));
    await userEvent.click(await screen.findByRole('button', { name: '9 March 2018' }));
    await userEvent.click(screen.getByRole('button', { name: '19 March 2018' }));
    expect(chosen()).toBe('{"start":"2018-03-09","end":"2018-03-19"}');
  });
});
