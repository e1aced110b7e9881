/**
 * Installed once at start (main.tsx): window errors, unhandled promise rejections and the API calls
 * the server failed or never answered (the API client's CALL_FAILED event) go to the error reporter
 * (features/error-reports/error-reporter.ts: js_error events, each distinct one once per page load),
 * which is loaded on the first error only, so the first load of the app carries only these listeners
 * (it is within a few hundred bytes of its budget, e2e/journeys/bundle-budget.spec.ts).
 */
import { CALL_FAILED, type FailedCall } from './api-client';

interface Reporter {
  reportError: (reason: unknown) => unknown;
  reportFailedCall: (call: FailedCall) => unknown;
}

const loadReporter = (): Promise<Reporter> => import('../features/error-reports/error-reporter');

/** Returns the listeners' removal (for tests). */
export function installErrorReporter(load = loadReporter): () => void {
  const report = (event: Event) =>
    void load().then(
      (m) =>
        event.type === CALL_FAILED
          ? m.reportFailedCall((event as CustomEvent<FailedCall>).detail)
          : m.reportError('reason' in event ? event.reason : ((event as ErrorEvent).error ?? (event as ErrorEvent).message)),
      () => undefined,
    );
  const types = ['error', 'unhandledrejection', CALL_FAILED];
  for (const type of types) window.addEventListener(type, report);
  return () => types.forEach((type) => window.removeEventListener(type, report));
}
