/** Component-test setup (project web, happy-dom): unmount between tests and start from empty storage. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { preloadNotificationsHost } from './app/providers';
import { resetSessionExpired } from './lib/session-events';
import { preloadDateRangeCalendar } from './ui/date-range-picker';
import { preloadLazyModal } from './ui/lazy-modal';

// Dialogs, toasts and the date calendar load on demand in the app (decision 0026); tests load them
// first, so a findBy's timeout measures the behaviour and not the transform of their code.
beforeAll(() => Promise.all([preloadLazyModal(), preloadNotificationsHost(), preloadDateRangeCalendar()]), 120_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionExpired();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
