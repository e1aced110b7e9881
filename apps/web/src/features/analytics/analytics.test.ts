import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientEventBody } from '@ledgerport/contract';
import { clearSession } from '../../lib/token-store';
import { track } from '../../lib/track';
import { installFakeApi, signIn } from '../../test-support/fake-api';
import { ANALYTICS_PER_MINUTE_MAX, DUPLICATE_MS, PAGE_SETTLE_MS, SEND_WAIT_MS, createAnalytics } from './analytics';

function setUp({ signedIn = true, send }: { signedIn?: boolean; send?: (event: ClientEventBody) => Promise<unknown> } = {}) {
  const sent: ClientEventBody[] = [];
  const track = createAnalytics({
    send:
      send ??
      ((event) => {
        sent.push(event);
        return Promise.resolve();
      }),
    isSignedIn: () => signedIn,
    now: () => Date.now(),
  });
  return { sent, track };
}

const account = { salesChannel: 'AMAZON', accountingSystem: 'QBO' };

describe('analytics', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends one page view per page the person stays on, with the route-table path, its feature and the account', () => {
    const { sent, track } = setUp();
    // A redirect and quick clicks: only the page the person stops on is sent.
    void track('page_viewed', { route: '', ...account });
    void track('page_viewed', { route: 'settlements', ...account });
    vi.advanceTimersByTime(PAGE_SETTLE_MS - 1);
    void track('page_viewed', { route: 'account-settings/users', ...account });
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    expect(sent).toEqual([{ event: 'page_viewed', route: '/app/account-settings/users', feature: 'account-settings', ...account }]);
    // The same page again (a re-render) is not sent again; another account on it is.
    void track('page_viewed', { route: 'account-settings/users', ...account });
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    void track('page_viewed', { route: 'account-settings/users', salesChannel: 'SHOPIFY', accountingSystem: 'XERO' });
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    expect(sent.map((e) => [e.route, e.salesChannel])).toEqual([
      ['/app/account-settings/users', 'AMAZON'],
      ['/app/account-settings/users', 'SHOPIFY'],
    ]);
  });

  it('drops a pending page view when the person comes back to the page already sent', () => {
    const { sent, track } = setUp();
    void track('page_viewed', { route: 'settlements', ...account });
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    void track('page_viewed', { route: 'mapping', ...account });
    void track('page_viewed', { route: 'settlements', ...account });
    vi.advanceTimersByTime(PAGE_SETTLE_MS * 2);
    expect(sent.map((e) => e.route)).toEqual(['/app/settlements']);
  });

  it("tags an event with the current page's feature and account unless it names its own", () => {
    const { sent, track } = setUp();
    void track('page_viewed', { route: 'ledger', ...account });
    void track('export_downloaded');
    void track('settlement_sent', { feature: 'settlements' });
    void track('onboarding_account_created', { feature: 'onboarding', salesChannel: 'EBAY', accountingSystem: 'XERO' });
    expect(sent).toEqual([
      { event: 'export_downloaded', feature: 'ledger', ...account },
      { event: 'settlement_sent', feature: 'settlements', ...account },
      { event: 'onboarding_account_created', feature: 'onboarding', salesChannel: 'EBAY', accountingSystem: 'XERO' },
    ]);
  });

  it('sends the same event with the same tags once within a moment (a double click), and again later', () => {
    const { sent, track } = setUp();
    void track('settlement_sent', { feature: 'settlements' });
    void track('settlement_sent', { feature: 'settlements' });
    void track('settlement_bulk_action', { feature: 'settlements' });
    vi.advanceTimersByTime(DUPLICATE_MS);
    void track('settlement_sent', { feature: 'settlements' });
    expect(sent.map((e) => e.event)).toEqual(['settlement_sent', 'settlement_bulk_action', 'settlement_sent']);
  });

  it(`sends at most ${ANALYTICS_PER_MINUTE_MAX} events a minute, below the server's limit, and more once the minute has passed`, () => {
    const { sent, track } = setUp();
    for (let i = 0; i < ANALYTICS_PER_MINUTE_MAX + 5; i++) {
      void track('settlement_sent', { feature: `f${i}` });
    }
    expect(sent).toHaveLength(ANALYTICS_PER_MINUTE_MAX);
    vi.advanceTimersByTime(60_000);
    void track('mapping_saved', { feature: 'mappings' });
    expect(sent).toHaveLength(ANALYTICS_PER_MINUTE_MAX + 1);
  });

  it('sends nothing without a session, page views included', () => {
    const { sent, track } = setUp({ signedIn: false });
    void track('page_viewed', { route: 'login' });
    void track('settlement_sent', { feature: 'settlements' });
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    expect(sent).toEqual([]);
  });

  it('swallows a failed send, and a caller waits at most a moment for a send that hangs', async () => {
    const failing = setUp({ send: () => Promise.reject(new Error('offline')) });
    await expect(failing.track('billing_checkout_started', { feature: 'billing' })).resolves.toBeUndefined();
    const hanging = setUp({ send: () => new Promise(() => undefined) });
    const done = vi.fn();
    void hanging.track('billing_checkout_started', { feature: 'billing' }).then(done);
    await vi.advanceTimersByTimeAsync(SEND_WAIT_MS - 1);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();
  });

  it('keeps only non-empty known tags, within the lengths the server accepts', () => {
    const { sent, track } = setUp();
    void track('mapping_saved', { feature: ' ', salesChannel: 'X'.repeat(80), accountingSystem: undefined });
    expect(sent).toEqual([{ event: 'mapping_saved', salesChannel: 'X'.repeat(50) }]);
  });
});

describe('track (lib/track.ts)', () => {
  it('loads the sender and posts the event to the server with the session, and nothing without one', async () => {
    clearSession();
    const fake = installFakeApi({ 'POST /events': { status: 204 } });
    await track('export_downloaded', { feature: 'ledger' });
    expect(fake.calls).toEqual([]);
    signIn();
    await track('export_downloaded', { feature: 'ledger' });
    expect(fake.calls.map((c) => [c.method, c.path, c.authorization, c.body])).toEqual([['POST', '/events', 'Bearer access-1', { event: 'export_downloaded', feature: 'ledger' }]]);
  });
});
