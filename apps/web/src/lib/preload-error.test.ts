import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRELOAD_RELOAD_KEY, handlePreloadError, installPreloadErrorHandler } from './preload-error';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('Unable to preload CSS (vite:preloadError)', () => {
  afterEach(() => window.sessionStorage.clear());

  it('reloads once for a chunk, then shows the message when the same chunk fails again', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const show = vi.fn();
    const error = new Error('Unable to preload CSS for /app/assets/mapping-page-abc.css');
    expect(handlePreloadError(error, { storage, reload, show })).toBe('reload');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(show).not.toHaveBeenCalled();
    // The page loaded again and the same chunk failed: no second reload, the message instead.
    expect(handlePreloadError(error, { storage, reload, show })).toBe('show');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith('Unable to preload CSS for /app/assets/mapping-page-abc.css');
  });

  it("handles the browser's event so Vite does not rethrow it, and remembers the reload for the tab", () => {
    const show = vi.fn();
    const stop = installPreloadErrorHandler(show);
    window.sessionStorage.setItem(PRELOAD_RELOAD_KEY, 'Unable to preload CSS for /app/assets/x.css');
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: new Error('Unable to preload CSS for /app/assets/x.css') });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(show).toHaveBeenCalledWith('Unable to preload CSS for /app/assets/x.css');
    stop();
  });
});
