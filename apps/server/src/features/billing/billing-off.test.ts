/**
 * With no Stripe key (the self-hosted default) billing is off: every account is unlimited, the
 * overview says so (the web app then shows no billing menu, spec section 6), and the billing calls
 * and the webhook answer 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingOverview, CogsSettingsBody, ErrorBody, TokenSet } from '@ledgerport/contract';
import { demoAccounts } from '../../seed/demo-data';
import { bearer, createDiscardingJobs, startTestServer, type TestServer } from '../../../test/test-app';
import { decideForAccount } from './check-billing';
import { loadConfig } from '../../config';

let server: TestServer;
let demo: TokenSet;
beforeAll(async () => {
  server = await startTestServer({ jobs: createDiscardingJobs() });
  demo = await server.signIn('demo@ledgerport.local');
});
afterAll(() => server.close());

describe('billing off', () => {
  it('reads no Stripe key from an empty environment and refuses half a configuration', () => {
    expect(loadConfig({ LEDGERPORT_DATA_DIR: '/tmp/lp-billing-off', LEDGERPORT_SECRET: 'x' }).billing).toBeUndefined();
    expect(() => loadConfig({ LEDGERPORT_DATA_DIR: '/tmp/lp-billing-off', LEDGERPORT_SECRET: 'x', LEDGERPORT_STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'Set both LEDGERPORT_STRIPE_SECRET_KEY and LEDGERPORT_STRIPE_WEBHOOK_SECRET to turn billing on, or neither to leave it off.',
    );
  });

  it('leaves a trial account unlimited: it sends, syncs and loads files', async () => {
    const deps = { db: server.testDb.db, config: { billing: undefined }, clock: server.clock };
    for (const ask of [
      { kind: 'send', accountingSystem: 'XERO', count: 100, isAutomatic: true },
      { kind: 'fetch', isScheduled: true },
      { kind: 'upload', filesUsed: 50, filesAdded: 10 },
      { kind: 'feature', feature: 'CLARITY' },
      { kind: 'connect-channel' },
      { kind: 'history', fromDate: '2000-01-01', toDate: '2000-01-31', today: '2026-11-22' },
    ] as const) {
      expect(await decideForAccount(deps, 'trial-etsy', ask)).toEqual({ isAllowed: true, historyMonths: null });
    }
  });

  it('says billing is off, so no billing menu shows, and the billing calls answer 404', async () => {
    const overview = await server.app.inject({ method: 'GET', url: '/billing/overview?accountKey=trial-etsy', headers: bearer(demo) });
    expect(overview.json<BillingOverview>()).toMatchObject({ isEnabled: false, isTrial: false, plans: [], subscription: null, usage: { filesMax: null, settlementsPerMonth: null } });
    const checkout = await server.app.inject({ method: 'POST', url: '/billing/checkout', headers: bearer(demo), payload: { accountKey: 'trial-etsy', planCode: 'STARTER', period: 'monthly' } });
    expect(checkout.statusCode).toBe(404);
    expect(checkout.json<ErrorBody>().message).toBe('Billing is not enabled on this installation: every account is unlimited.');
    const webhook = await server.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: '{}' });
    expect(webhook.statusCode).toBe(404);
  });

  it('the routes with a plan feature or a channel limit answer a trial as usual; the firm calls answer 404', async () => {
    const { db } = server.testDb;
    await db.updateTable('accounts').set({ plan_code: null }).where('account_key', 'in', ['acme-amazon-us', 'acme-shopify']).execute();
    const get = (url: string) => server.app.inject({ method: 'GET', url, headers: bearer(demo) });
    expect((await get('/account-settings/cogs?accountKey=acme-amazon-us')).statusCode).toBe(200);
    expect((await get('/amazon/summary-report?accountKey=acme-amazon-us&start=2026-01-01&end=2026-10-31')).statusCode).toBe(200);
    expect((await get('/shopify/finance-report?accountKey=acme-shopify&start=2026-01-01&end=2026-10-31')).statusCode).toBe(200);
    const history = await server.app.inject({ method: 'POST', url: '/sales-channel/history', headers: bearer(demo), payload: { accountKey: 'acme-amazon-us', fromDate: '2020-01-01', toDate: '2020-01-31' } });
    expect(history.statusCode).not.toBe(402);
    const partner = await server.signIn('partner@ledgerport.local');
    expect((await server.app.inject({ method: 'GET', url: '/billing/firm/accounts', headers: bearer(partner) })).statusCode).toBe(404);
    const firm = await server.app.inject({ method: 'POST', url: '/billing/firm/checkout', headers: bearer(partner), payload: { accountKeys: ['birch-walmart'], planCode: 'STANDARD', period: 'monthly' } });
    expect(firm.statusCode).toBe(404);
  });

  it('opens every plan gate (decision 0057): every demo account answers COGS enabled with FIFO allowed, and the gated calls succeed', async () => {
    const admin = await server.signIn('admin@ledgerport.local');
    const as = (tokens: TokenSet, method: 'GET' | 'PUT', url: string, payload?: object) => server.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
    const keys = (await server.testDb.db.selectFrom('accounts').select('account_key').orderBy('account_key').execute()).map((a) => a.account_key);
    expect(keys).toEqual(demoAccounts.map((a) => a.key).sort());
    for (const key of keys) {
      const res = await as(admin, 'GET', `/account-settings/cogs?accountKey=${key}`);
      expect(res.statusCode, key).toBe(200);
      expect(res.json<CogsSettingsBody>(), key).toMatchObject({ isEnabled: true, canUseFifo: true, fifoRefusal: null, refusal: null });
    }
    // Other Seller Ltd: support never switched COGS or premium on, and its owner turns FIFO on.
    const features = await server.testDb.db.selectFrom('account_features').select(['cogs_enabled', 'premium']).where('account_key', '=', 'other-seller').executeTakeFirstOrThrow();
    expect(features).toEqual({ cogs_enabled: false, premium: false });
    const other = await server.signIn('other@ledgerport.local');
    const saved = await as(other, 'PUT', '/account-settings/cogs?accountKey=other-seller', { costingMethod: 'fifo' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<CogsSettingsBody>()).toMatchObject({ costingMethod: 'fifo', isEnabled: true, canUseFifo: true });
    const exported = await as(other, 'GET', '/export-cogs/download?accountKey=other-seller&format=csv&start=2026-11-01&end=2026-11-30');
    expect(exported.statusCode).toBe(200);
  });
});
