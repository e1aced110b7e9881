/**
 * Installed once at start (main.tsx): window errors and unhandled promise rejections go to the error
 * reporter (features/error-reports/error-reporter.ts: js_error events, once per message per page
 * load), which is loaded on the first error only, so the first load of the app carries only these
 * listeners (it is within a few hundred bytes of its budget, e2e/journeys/bundle-budget.spec.ts).
 */
type Report = (reason: unknown) => unknown;

const loadReporter = (): Promise<Report> => import('../features/error-reports/error-reporter').then((m) => m.reportError);

/** Returns the listeners' removal (for tests). */
export function installErrorReporter(load = loadReporter): () => void {
  const report = (event: Event) => void load().then((send) => send('reason' in event ? event.reason : ((event as ErrorEvent).error ?? (event as ErrorEvent).message)), () => undefined);
  const types = ['error', 'unhandledrejection'];
  for (const type of types) window.addEventListener(type, report);
  return () => types.forEach((type) => window.removeEventListener(type, report));
}
