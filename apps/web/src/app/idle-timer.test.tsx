import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/token-store';
import { IdleTimer } from './idle-timer';
import { Providers } from './providers';

/** An idle timer of 10 s that warns 4 s before, last active now, under fake timers; its onTimeout spy. */
function startIdleTimer() {
  vi.useFakeTimers();
  localStorage.setItem(STORAGE_KEYS.idleTimeoutMs, '10000');
  localStorage.setItem(STORAGE_KEYS.idleWarningMs, '4000');
  localStorage.setItem(STORAGE_KEYS.lastActivityAt, String(Date.now()));
  const onTimeout = vi.fn();
  render(
    <Providers env="test">
      <IdleTimer onTimeout={onTimeout} />
    </Providers>,
  );
  return onTimeout;
}

describe('idle timer', () => {
  it("asks 'Still there?' before the timeout, then logs out at the timeout", () => {
    const onTimeout = startIdleTimer();
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.queryByText('Still there?')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByText('Still there?')).toBeTruthy();
    expect(onTimeout).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(onTimeout).toHaveBeenCalled();
  });

  it('is reset by activity in another tab (the shared last-activity time)', () => {
    const onTimeout = startIdleTimer();
    act(() => {
      vi.advanceTimersByTime(8_000);
      localStorage.setItem(STORAGE_KEYS.lastActivityAt, String(Date.now()));
      vi.advanceTimersByTime(5_000);
    });
    expect(onTimeout).not.toHaveBeenCalled();
    expect(screen.queryByText('Still there?')).toBeNull();
  });
});
