/**
 * A stylesheet or script chunk that fails to load (spec section 8: 'Unable to preload CSS for {url}',
 * raised as Vite's `vite:preloadError` event). After a deploy, an open tab asks for chunks that no longer
 * exist: reloading once fetches the new ones. A chunk that fails again after that reload is not a stale
 * tab, so the message is shown instead of reloading for ever (the reload is remembered per chunk in
 * session storage, which lives as long as the tab).
 */
export const PRELOAD_RELOAD_KEY = 'lp-preload-reloaded';

export interface PreloadErrorDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  show: (message: string) => void;
}

/** What to do with one preload error: 'reload' the first time for a chunk, else 'show' its message. */
export function handlePreloadError(error: unknown, deps: PreloadErrorDeps): 'reload' | 'show' {
  const message = error instanceof Error && error.message ? error.message : 'Unable to preload CSS';
  const reloaded = deps.storage.getItem(PRELOAD_RELOAD_KEY);
  if (reloaded !== message) {
    deps.storage.setItem(PRELOAD_RELOAD_KEY, message);
    deps.reload();
    return 'reload';
  }
  deps.show(message);
  return 'show';
}

/** Listens to Vite's preload errors for the page's life; the event is handled, so Vite does not rethrow it. */
export function installPreloadErrorHandler(show: (message: string) => void): () => void {
  const listener = (event: Event) => {
    event.preventDefault();
    handlePreloadError((event as Event & { payload?: unknown }).payload, { storage: window.sessionStorage, reload: () => window.location.reload(), show });
  };
  window.addEventListener('vite:preloadError', listener);
  return () => window.removeEventListener('vite:preloadError', listener);
}
