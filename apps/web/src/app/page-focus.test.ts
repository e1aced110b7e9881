import { LOADER_POLL_MS } from '@ledgerport/core/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusPageHeadingWhenDrawn } from './page-focus';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe("focusPageHeadingWhenDrawn (spec section 9: the loader's polling, 100 ms)", () => {
  it("checks every LOADER_POLL_MS whether the page's loader gave way, then focuses the heading", () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<main><div data-page-loading></div><h1>Settlements</h1></main>';
    const heading = document.querySelector('h1')!;
    // jsdom has no layout: the heading counts as drawn when it has a box.
    heading.getClientRects = () => [{}] as unknown as DOMRectList;
    focusPageHeadingWhenDrawn();
    vi.advanceTimersByTime(1);
    expect(document.activeElement).not.toBe(heading);
    document.querySelector('[data-page-loading]')!.remove();
    vi.advanceTimersByTime(LOADER_POLL_MS - 2);
    expect(document.activeElement).not.toBe(heading);
    vi.advanceTimersByTime(1);
    expect(document.activeElement).toBe(heading);
  });
});
