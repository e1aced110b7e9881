/**
 * The plan's limits as the routes apply them (issue 16, decision 0040), with billing on: a feature a
 * plan lacks (COGS, premium reports) is refused with the plan that has it, one more sales channel than
 * the plan connects is refused, a history request is held to the plan's months, and a trial does not
 * sync. Another user's account stays a 404, never a billing refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { startBillingTestServer, type BillingTestServer } from '../../../test/billing-test-server';

const ACCOUNT = 'acme-amazon-us';
let server: BillingTestServer;
let demo: TokenSet;
let other: TokenSet;

const get = (url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const post = (url: string, payload: object, tokens = demo) => server.app.inject({ method: 'POST', url, headers: bearer(tokens), payload });
const setPlan = (accountKey: string, planCode: string | null) => server.testDb.db.updateTable('accounts').set({ plan_code: planCode }).where('account_key', '=', accountKey).execute();
const refusal = (res: { statusCode: number; json: <T>() => T }) => ({ status: res.statusCode, ...res.json<ErrorBody>() });

beforeAll(async () => {
  server = await startBillingTestServer();
  [demo, other] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local');
  const { db } = server.testDb;
  const at = server.clock();
  await db.deleteFrom('connections').where('account_key', '=', ACCOUNT).execute();
  await db
    .insertInto('connections')
    .values({ connection_id: 'conn-gates', account_key: ACCOUNT, role: 'sales-channel', system: 'AMAZON', status: 'CONNECTED', remote_id: 'A1', remote_name: 'Acme', credentials_sealed: 'v1.fake', access_token_expires_at: null, refresh_token_expires_at: null, settings: '{}', last_error: null, last_error_at: null, last_synced_at: at, created_at: at, updated_at: at })
    .execute();
}, 120_000);
afterAll(() => server.close());

describe('plan features', () => {
  it('COGS: refused on Starter with the name of the plan that has it, allowed on Standard', async () => {
    await setPlan(ACCOUNT, 'STARTER');
    const res = await get(`/account-settings/cogs?accountKey=${ACCOUNT}`);
    expect(refusal(res)).toMatchObject({ status: 402, code: 'billing.limit', message: 'Cost of goods sold is part of the Standard plan, not your Starter plan. Upgrade to Standard to use it.' });
    expect((await get(`/cost-admin/products?accountKey=${ACCOUNT}`)).statusCode).toBe(402);
    const settlement = await server.testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '=', ACCOUNT).orderBy('settlement_key').executeTakeFirstOrThrow();
    expect((await get(`/settlement/cogs?settlementKey=${settlement.settlement_key}`)).statusCode).toBe(402);
    const refresh = await get(`/settlement?ajax=true&action=refreshcogs&settlementKey=${settlement.settlement_key}`);
    expect(refusal(refresh)).toMatchObject({ status: 402, code: 'billing.limit' });
    await setPlan(ACCOUNT, 'STANDARD');
    expect((await get(`/account-settings/cogs?accountKey=${ACCOUNT}`)).statusCode).toBe(200);
    expect((await get(`/settlement/cogs?settlementKey=${settlement.settlement_key}`)).statusCode).toBe(200);
  });

  it('a trial is told the cheapest plan with the feature', async () => {
    const res = await get('/account-settings/cogs?accountKey=trial-etsy');
    expect(refusal(res)).toMatchObject({ status: 402, message: 'Cost of goods sold is part of the Standard plan, not a trial account. Upgrade to Standard to use it.' });
  });

  it('premium reports: refused on Standard naming Premium, allowed on Premium', async () => {
    await setPlan('acme-shopify', 'STANDARD');
    const finance = await get('/shopify/finance-report?accountKey=acme-shopify&start=2026-01-01&end=2026-10-31');
    expect(refusal(finance)).toMatchObject({ status: 402, message: 'Premium reports is part of the Premium plan, not your Standard plan. Upgrade to Premium to use it.' });
    expect((await get('/shopify/gift-cards?accountKey=acme-shopify&start=2026-01-01&end=2026-10-31')).statusCode).toBe(402);
    expect((await get(`/amazon/summary-report?accountKey=${ACCOUNT}&start=2026-01-01&end=2026-10-31`)).statusCode).toBe(402);
    await setPlan('acme-shopify', 'PREMIUM');
    expect((await get('/shopify/finance-report?accountKey=acme-shopify&start=2026-01-01&end=2026-10-31')).statusCode).toBe(200);
  });

  it("another user's account is not found, never a billing refusal", async () => {
    await setPlan(ACCOUNT, 'STARTER');
    const res = await get(`/account-settings/cogs?accountKey=${ACCOUNT}`, other);
    expect(res.statusCode).toBe(404);
    expect((await get(`/amazon/summary-report?accountKey=${ACCOUNT}&start=2026-01-01&end=2026-10-31`, other)).statusCode).toBe(404);
    await setPlan(ACCOUNT, 'STANDARD');
  });
});

describe('channels and history', () => {
  it('one more sales channel than the plan connects is refused naming the plan that connects more; a reconnect is not', async () => {
    await setPlan(ACCOUNT, 'STARTER');
    const paypal = await post('/sales-channel/connect-keys', { accountKey: ACCOUNT, channel: 'PAYPAL', fields: { clientId: 'a', clientSecret: 'b' } });
    expect(refusal(paypal)).toMatchObject({ status: 402, code: 'billing.limit', message: 'Your Starter plan connects up to 1 sales channel. Upgrade to Standard to connect more.' });
    const start = await post('/sales-channel/connect', { accountKey: ACCOUNT, channel: 'PAYPAL' });
    expect(start.statusCode).toBe(402);
    const reconnect = await post('/sales-channel/connect', { accountKey: ACCOUNT, channel: 'AMAZON' });
    expect(reconnect.statusCode, reconnect.body).toBe(200);
    const connections = await server.testDb.db.selectFrom('connections').select('role').where('account_key', '=', ACCOUNT).execute();
    expect(connections.map((c) => c.role)).toEqual(['sales-channel']);
    await setPlan(ACCOUNT, 'STANDARD');
    expect((await post('/sales-channel/connect', { accountKey: ACCOUNT, channel: 'PAYPAL' })).statusCode).not.toBe(402);
  });

  it("a history request wholly before the plan's months is refused naming the plan that reaches it; one reaching into them is queued", async () => {
    await setPlan(ACCOUNT, 'STARTER');
    const old = await post('/sales-channel/history', { accountKey: ACCOUNT, fromDate: '2026-01-01', toDate: '2026-01-31' });
    expect(refusal(old)).toMatchObject({
      status: 402,
      code: 'billing.limit',
      message: 'Your Starter plan fetches history back to 2026-08-22 (3 months), and 2026-01-01 to 2026-01-31 is wholly before it. Upgrade to Standard (12 months) to fetch it.',
    });
    const recent = await post('/sales-channel/history', { accountKey: ACCOUNT, fromDate: '2026-08-01', toDate: '2026-09-30' });
    expect(recent.statusCode, recent.body).toBe(200);
    expect(recent.json()).toMatchObject({ status: 'QUEUED', fromDate: '2026-08-01' });
    await setPlan(ACCOUNT, 'STANDARD');
    expect((await post('/sales-channel/history', { accountKey: ACCOUNT, fromDate: '2026-01-01', toDate: '2026-01-31' })).statusCode).toBe(200);
  });

  it('a trial does not sync: fetch now and history are refused with the trial text', async () => {
    await setPlan(ACCOUNT, null);
    const fetch = await post('/sales-channel/fetch', { accountKey: ACCOUNT });
    expect(refusal(fetch)).toMatchObject({ status: 402, message: 'A trial account does not sync settlements from the sales channel. Choose a plan (Starter or higher) to sync all transactions, or upload up to 3 files.' });
    expect((await post('/sales-channel/history', { accountKey: ACCOUNT, fromDate: '2026-11-01', toDate: '2026-11-10' })).statusCode).toBe(402);
    await setPlan(ACCOUNT, 'STANDARD');
    expect((await post('/sales-channel/fetch', { accountKey: ACCOUNT })).statusCode).not.toBe(402);
  });
});
