/** Component-test setup (project web, happy-dom): unmount between tests and start from empty storage. */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { preloadNavMenus } from './app/menu-on-intent';
import { preloadSideLayouts } from './app/page-layout';
import { preloadNotificationsHost } from './app/providers';
import { preloadNewcomerFrame } from './app/signed-in-root';
import { resetSessionExpired } from './lib/session-events';
import { preloadDateRangeCalendar } from './ui/date-range-picker';
import { preloadLazyModal } from './ui/lazy-modal';

// findBy/waitFor wait up to 5 s instead of 1 s: on a 2-core machine running other suites beside
// this one, a first render can take longer than a second without anything being wrong.
configure({ asyncUtilTimeout: 5_000 });

// Dialogs, toasts, the date calendar, the side layouts, the newcomer frame and the
// nav bar's menus load on demand in the app (decision 0026); tests load them
// first, so a findBy's timeout measures the behaviour and not the transform of their code.
beforeAll(() => Promise.all([preloadLazyModal(), preloadNotificationsHost(), preloadDateRangeCalendar(), preloadSideLayouts(), preloadNewcomerFrame(), preloadNavMenus()]), 120_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionExpired();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
