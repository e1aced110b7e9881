/** Component-test setup (project web, happy-dom): unmount between tests and start from empty storage. */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionExpired } from './lib/session-events';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionExpired();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
