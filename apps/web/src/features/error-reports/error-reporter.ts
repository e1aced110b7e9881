/**
 * Uncaught errors and unhandled promise rejections of the web app are sent to the server as
 * `js_error` events (spec section 7; issue 30, decision 0069) with the route, the release and the
 * stack, and so are the API calls the server failed or never answered (decision 0070, with trace id,
 * url, method and status); stored there: never sent to a third party. Each distinct message is reported once per page
 * load, so a loop that throws does not flood the server (which also limits each user per minute). Only
 * a signed-in person's errors are sent: the call needs a session, and without one it is skipped rather
 * than ending a session that does not exist. A failed report is dropped silently: reporting must never
 * raise an error of its own.
 */
import type { ClientEventBody } from '@ledgerport/contract';
import { apiRequest, type FailedCall } from '../../lib/api-client';
import { readTokenSet } from '../../lib/token-store';

declare const __LEDGERPORT_RELEASE__: string | undefined;

/** The build's release (the web package's version, set by vite.config.ts), or 'dev' when unset. */
export const RELEASE = typeof __LEDGERPORT_RELEASE__ === 'string' ? __LEDGERPORT_RELEASE__ : 'dev';

const MAX_MESSAGE = 1000;
const MAX_STACK = 8000;

export interface ErrorReporterDeps {
  send: (event: ClientEventBody) => Promise<unknown>;
  route: () => string;
  release: string;
  isSignedIn: () => boolean;
}

/** Controls (C0 but tab/LF/CR, DEL, C1) are refused by the server's text rule: replaced with spaces. */
// eslint-disable-next-line no-control-regex -- cleaning control characters out of a browser message
const controls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const clean = (text: string, max: number) => text.replace(controls, ' ').slice(0, max);

function describe(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: `${reason.name}: ${reason.message}`, ...(reason.stack ? { stack: reason.stack } : {}) };
  if (typeof reason === 'string') return { message: reason };
  try {
    return { message: `Unhandled rejection: ${JSON.stringify(reason) ?? String(reason)}` };
  } catch {
    return { message: `Unhandled rejection: ${String(reason)}` };
  }
}

/** A reporter with its own memory of the messages it sent (one per page load). */
export function createErrorReporter(deps: ErrorReporterDeps): (reason: unknown) => boolean {
  const reported = new Set<string>();
  return (reason) => {
    const { message: raw, stack } = describe(reason);
    const message = clean(raw.trim() || 'Unknown error', MAX_MESSAGE);
    if (reported.has(message) || !deps.isSignedIn()) return false;
    reported.add(message);
    const event: ClientEventBody = {
      event: 'js_error',
      message,
      route: clean(deps.route(), 500),
      release: deps.release,
      ...(stack ? { stack: clean(stack, MAX_STACK) } : {}),
    };
    deps.send(event).catch(() => undefined);
    return true;
  };
}

/**
 * A reporter of the API calls the server failed (5xx) or never answered (status 0, a network error or
 * a timeout), seen by the API client: a js_error with the server's request id as trace id, the path
 * (without its query) as url, the method and the status. Each distinct (method, path, status) once per
 * page load. A 4xx is the person's to read, a 401 the session's to handle: neither comes here. The
 * events call's own failure is not reported (it would be sent through the call that failed).
 */
export function createCallFailureReporter(deps: ErrorReporterDeps): (call: FailedCall) => boolean {
  const reported = new Set<string>();
  return ({ method, path, status, traceId }) => {
    const url = clean(path.split('?')[0] ?? path, 1000);
    const key = `${method} ${url} ${status}`;
    if (url === '/events' || reported.has(key) || !deps.isSignedIn()) return false;
    reported.add(key);
    const event: ClientEventBody = {
      event: 'js_error',
      message: `${method} ${url} ${status === 0 ? 'got no answer' : `answered ${status}`}`,
      route: clean(deps.route(), 500),
      release: deps.release,
      url,
      method: clean(method, 10),
      status,
      ...(traceId ? { traceId: clean(traceId, 100) } : {}),
    };
    deps.send(event).catch(() => undefined);
    return true;
  };
}

const pageDeps = (): ErrorReporterDeps => ({
  send: (event) => apiRequest('POST', '/events', { body: event }),
  route: () => window.location.pathname,
  release: RELEASE,
  isSignedIn: () => readTokenSet() !== undefined,
});

let pageReporter: ((reason: unknown) => boolean) | undefined;
let pageCallReporter: ((call: FailedCall) => boolean) | undefined;

/**
 * The page's reporter (loaded on the first error by lib/install-error-reporter.ts, so the first load
 * carries none of this code): the path as route, this build's release, sent with the session.
 */
export function reportError(reason: unknown): boolean {
  pageReporter ??= createErrorReporter(pageDeps());
  return pageReporter(reason);
}

/** The page's reporter of failed calls (loaded on the first one by lib/install-error-reporter.ts). */
export function reportFailedCall(call: FailedCall): boolean {
  pageCallReporter ??= createCallFailureReporter(pageDeps());
  return pageCallReporter(call);
}
