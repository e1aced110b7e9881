/**
 * The analytics events of spec section 7 (issue 30, decision 0070), sent to our own server's
 * POST /events and stored there: never to a third party. Loaded on the first event (lib/track.ts).
 *
 * - Only with a session: the call needs one, and without one nothing is sent.
 * - Tags: an event takes the feature, sales channel and accounting system it is given, and the current
 *   page's for those it is not (the page view carries the route's feature and the account's tags).
 * - Navigation is coalesced: a page view is sent once the person has stayed PAGE_SETTLE_MS on it (a
 *   redirect or quick clicks through pages send only the page they stop on), and not again for the
 *   same page with the same tags.
 * - The same event with the same tags within DUPLICATE_MS (a double click) is sent once.
 * - At most ANALYTICS_PER_MINUTE_MAX a minute, so normal use stays under the server's limit of 20 a
 *   user (CLIENT_EVENTS_PER_MINUTE_MAX) with room left for error reports; beyond it events are dropped.
 * - A failed send is dropped silently, and a caller waits at most SEND_WAIT_MS for it.
 */
import type { AnalyticsEvent, ClientEventBody } from '@ledgerport/contract';
import { apiRequest } from '../../lib/api-client';
import { readTokenSet } from '../../lib/token-store';

export interface AnalyticsTags {
  feature?: string;
  salesChannel?: string;
  accountingSystem?: string;
  /** The route-table path of a page_viewed ('settlements/:settlementKey'). */
  route?: string;
}

export const PAGE_SETTLE_MS = 2000;
export const DUPLICATE_MS = 1000;
export const ANALYTICS_PER_MINUTE_MAX = 12;
export const SEND_WAIT_MS = 1000;

export interface AnalyticsDeps {
  send: (event: ClientEventBody) => Promise<unknown>;
  isSignedIn: () => boolean;
  now: () => number;
}

type Tracker = (event: AnalyticsEvent, tags?: AnalyticsTags) => Promise<void>;

/** Keeps only the known tags that have a value (the server refuses unknown fields and empty texts). */
function tagsOf(tags: AnalyticsTags): AnalyticsTags {
  const kept: AnalyticsTags = {};
  for (const key of ['feature', 'salesChannel', 'accountingSystem', 'route'] as const) {
    const value = tags[key]?.trim();
    if (value) kept[key] = value.slice(0, key === 'route' ? 500 : 50);
  }
  return kept;
}

/** The feature of a route-table path: its first segment ('account-settings/users' → 'account-settings'), the home page's ''. */
const featureOfRoute = (path: string) => path.split('/').find((part) => part !== '') ?? 'home';

export function createAnalytics(deps: AnalyticsDeps): Tracker {
  let page: AnalyticsTags = {};
  let pendingView: { body: ClientEventBody; timer: ReturnType<typeof setTimeout> } | undefined;
  let lastViewKey = '';
  const lastSentAt = new Map<string, number>();
  const sentTimes: number[] = [];

  function post(body: ClientEventBody): Promise<void> {
    const now = deps.now();
    while (sentTimes.length > 0 && sentTimes[0]! <= now - 60_000) sentTimes.shift();
    if (!deps.isSignedIn() || sentTimes.length >= ANALYTICS_PER_MINUTE_MAX) return Promise.resolve();
    sentTimes.push(now);
    const sent = deps.send(body).then(
      () => undefined,
      () => undefined,
    );
    return Promise.race([sent, new Promise<void>((resolve) => setTimeout(resolve, SEND_WAIT_MS))]);
  }

  function view(tags: AnalyticsTags): Promise<void> {
    const route = tags.route ?? '';
    page = tagsOf({ ...tags, feature: tags.feature ?? featureOfRoute(route), route: `/app/${route.replace(/^\//, '')}` });
    const body: ClientEventBody = { event: 'page_viewed', ...page };
    const key = JSON.stringify(body);
    if (pendingView) clearTimeout(pendingView.timer);
    pendingView = undefined;
    if (key === lastViewKey) return Promise.resolve();
    pendingView = {
      body,
      timer: setTimeout(() => {
        pendingView = undefined;
        if (deps.isSignedIn()) lastViewKey = key;
        void post(body);
      }, PAGE_SETTLE_MS),
    };
    return Promise.resolve();
  }

  return (event, tags = {}) => {
    if (event === 'page_viewed') return view(tags);
    const { feature, salesChannel, accountingSystem } = page;
    const body: ClientEventBody = { event, ...tagsOf({ feature, salesChannel, accountingSystem }), ...tagsOf(tags) };
    const key = JSON.stringify(body);
    const now = deps.now();
    // Checked first: an event dropped for want of a session must not hide the next one as its duplicate.
    if (!deps.isSignedIn() || now - (lastSentAt.get(key) ?? -Infinity) < DUPLICATE_MS) return Promise.resolve();
    lastSentAt.set(key, now);
    return post(body);
  };
}

let pageTracker: Tracker | undefined;

/** The page's tracker: sent with the session through the API client. */
export function track(event: AnalyticsEvent, tags?: AnalyticsTags): Promise<void> {
  pageTracker ??= createAnalytics({
    send: (body) => apiRequest('POST', '/events', { body }),
    isSignedIn: () => readTokenSet() !== undefined,
    now: () => Date.now(),
  });
  return pageTracker(event, tags);
}
