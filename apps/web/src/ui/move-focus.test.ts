import { LOADER_POLL_MS } from '@ledgerport/core/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusOnceShown } from './move-focus';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('focusOnceShown (spec section 9: a loader waiting for something looks again every 100 ms)', () => {
  it('looks for the element again every LOADER_POLL_MS, not sooner', () => {
    vi.useFakeTimers();
    focusOnceShown('saved-result');
    vi.advanceTimersByTime(1);
    const target = document.createElement('p');
    target.id = 'saved-result';
    document.body.append(target);
    vi.advanceTimersByTime(LOADER_POLL_MS - 2);
    expect(document.activeElement).not.toBe(target);
    vi.advanceTimersByTime(1);
    expect(document.activeElement).toBe(target);
  });

  it('gives up after its wait', () => {
    vi.useFakeTimers();
    focusOnceShown('late-result', 300);
    vi.advanceTimersByTime(400);
    const target = document.createElement('p');
    target.id = 'late-result';
    document.body.append(target);
    vi.advanceTimersByTime(10 * LOADER_POLL_MS);
    expect(document.activeElement).not.toBe(target);
  });
});
