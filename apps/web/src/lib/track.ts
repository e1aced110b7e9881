/**
 * Analytics events of spec section 7 (issue 30, decision 0070): stored by our server, never sent to a
 * third party. The sender (features/analytics/analytics.ts: session check, tags, coalescing, its own
 * rate) is loaded on the first event, so the first load carries only this.
 */
import type { AnalyticsEvent } from '@ledgerport/contract';
import type { AnalyticsTags } from '../features/analytics/analytics';

/** Resolves once the event is sent or dropped (never rejects, and within about a second), so a page about to leave may wait for it. */
export const track = (event: AnalyticsEvent, tags?: AnalyticsTags): Promise<void> =>
  import('../features/analytics/analytics').then((m) => m.track(event, tags), () => undefined);
