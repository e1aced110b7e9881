import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/token-store';
import { IdleTimer } from './idle-timer';
import { Providers } from './providers';

describe('idle timer', () => {
  it("asks 'Still there?' before the timeout, then logs out at the timeout", () => {
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
    act(() => {
      vi.advanceTimersByTime(8_000);
      localStorage.setItem(STORAGE_KEYS.lastActivityAt, String(Date.now()));
      vi.advanceTimersByTime(5_000);
    });
    expect(onTimeout).not.toHaveBeenCalled();
    expect(screen.queryByText('Still there?')).toBeNull();
  });
});
