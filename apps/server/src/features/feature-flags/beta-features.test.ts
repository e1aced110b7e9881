/** Account Settings > Beta Features (issue 15): the flags core offers the account, switched by its members. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BetaFeature, ErrorBody, TokenSet } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let demo: TokenSet;
let viewer: TokenSet;
let other: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, viewer, other] = await server.signInAll('demo@ledgerport.local', 'viewer@ledgerport.local', 'other@ledgerport.local');
});
afterAll(() => server.close());

const list = (tokens: TokenSet, accountKey = 'acme-amazon-us') => server.app.inject({ method: 'GET', url: `/account/beta-features?accountKey=${accountKey}`, headers: bearer(tokens) });
const set = (tokens: TokenSet, flag: string, isOn: boolean) => server.app.inject({ method: 'PUT', url: '/account/beta-features', headers: bearer(tokens), payload: { accountKey: 'acme-amazon-us', flag, isOn } });

describe('beta features', () => {
  it("lists the Amazon account's beta features, switches one on and off, and History shows it", async () => {
    const features = (await list(demo)).json<{ features: BetaFeature[] }>().features;
    // The Summary Report is open to every Amazon account (decision 0055): no switch for it.
    expect(features.map((f) => f.flag)).toEqual(['AMAZON_DEFERRED_TRANSACTIONS_SETTINGS']);
    const summary = features[0]!;
    const flipped = await set(demo, summary.flag, !summary.isOn);
    expect(flipped.statusCode, flipped.body).toBe(200);
    expect(flipped.json<{ features: BetaFeature[] }>().features[0]!.isOn).toBe(!summary.isOn);
    const flags = (await server.app.inject({ method: 'GET', url: '/account?accountKey=acme-amazon-us', headers: bearer(demo) })).json<{ enabledFeatureFlags: string[] }>().enabledFeatureFlags;
    expect(flags.includes('AMAZON_DEFERRED_TRANSACTIONS_SETTINGS')).toBe(!summary.isOn);
    // Switching to the state it is in changes nothing.
    expect((await set(demo, summary.flag, !summary.isOn)).json<{ features: BetaFeature[] }>().features[0]!.isOn).toBe(!summary.isOn);
    expect((await set(demo, summary.flag, summary.isOn)).json<{ features: BetaFeature[] }>().features[0]!.isOn).toBe(summary.isOn);
    const history = (await server.app.inject({ method: 'GET', url: '/account-settings/history?accountKey=acme-amazon-us&limit=50', headers: bearer(demo) })).json<{ entries: { action: string }[] }>();
    expect(history.entries.filter((e) => e.action.startsWith('account.feature-flags-')).length).toBeGreaterThanOrEqual(2);
  });

  it("refuses a flag the account is not offered, with a sentence, a view-only member (403), and another account's user (not found)", async () => {
    const shopify = await set(demo, 'SHOPIFY_SINGLE_ORDER_ENABLED', true);
    expect(shopify.statusCode).toBe(400);
    expect(shopify.json<ErrorBody>().message).toBe('SHOPIFY_SINGLE_ORDER_ENABLED is not a beta feature of this account: it is not offered for its sales channel and accounting system.');
    expect((await list(viewer)).statusCode).toBe(200);
    expect((await set(viewer, 'AMAZON_DEFERRED_TRANSACTIONS_SETTINGS', true)).statusCode).toBe(403);
    expect((await list(other)).json<ErrorBody>().code).toBe('account.not-found');
  });
});
