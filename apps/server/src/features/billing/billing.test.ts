/**
 * Billing on a server with Stripe at the local fake (issue 16): a trial account cannot send, upgrades
 * through checkout with a coupon and then can; every refusal has a sentence; webhooks are verified,
 * applied once and in order; a failed payment pauses sending after the grace period, never data.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingOverview, CheckoutSummary, ErrorBody, TokenSet } from '@ledgerport/contract';
import { bearer, testConfig } from '../../../test/test-app';
import { runAutoSend } from '../automation/auto-send';
import { coreFixture, upload, type SettlementTestServer } from '../../../test/settlement-test-server';
import { startBillingTestServer, type BillingTestServer } from '../../../test/billing-test-server';
import { insertAccountingConnection } from '../../../test/connection-rows';

const ACCOUNT = 'acme-amazon-us';
let server: BillingTestServer;
let demo: TokenSet;
let other: TokenSet;

const post = (url: string, payload: object, tokens = demo) => server.app.inject({ method: 'POST', url, headers: bearer(tokens), payload });
const get = (url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const overview = async () => (await get(`/billing/overview?accountKey=${ACCOUNT}`)).json<BillingOverview>();

async function unsentSettlement(): Promise<string> {
  const row = await server.testDb.db
    .selectFrom('settlements')
    .select('settlement_key')
    .where('account_key', '=', ACCOUNT)
    .where('posting_status', '=', 'NOT_POSTED')
    .where('send_state', '=', 'IDLE')
    .where('duplicate_of', 'is', null)
    .where('on_hold', '=', false)
    .orderBy('settlement_key')
    .executeTakeFirstOrThrow();
  return row.settlement_key;
}

beforeAll(async () => {
  server = await startBillingTestServer();
  [demo, other] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local');
  // A trial account with QuickBooks Online: what a new seller has before choosing a plan.
  await server.testDb.db.updateTable('accounts').set({ plan_code: null }).where('account_key', '=', ACCOUNT).execute();
  server.fake.addCoupon({ code: 'WELCOME25', percentOff: 25, duration: 'once' });
  server.fake.addCoupon({ code: 'SPRING', percentOff: 10, redeemBy: new Date('2020-03-31T23:59:59Z') });
}, 120_000);
afterAll(() => server.close());

describe('billing with Stripe', () => {
  it('a trial account cannot send to QuickBooks Online, by hand, in bulk or automatically', async () => {
    const key = await unsentSettlement();
    const res = await post('/settlementSend', { settlementKey: key, action: 'send' });
    expect(res.statusCode).toBe(402);
    expect(res.json<ErrorBody>().message).toBe('A trial account cannot send settlements to QuickBooks Online. Choose a plan (Starter or higher) to send all transactions.');
    const bulk = await post('/bulkActionSettlement', { bulkAction: 'send', bulkSettlement: [key] });
    expect(bulk.statusCode).toBe(402);
    const row = await server.testDb.db.selectFrom('settlements').select('send_state').where('settlement_key', '=', key).executeTakeFirstOrThrow();
    expect(row.send_state).toBe('IDLE');
    await server.testDb.db.insertInto('account_automation').values({ account_key: ACCOUNT, is_enabled: true, delay_hours: 0, is_sending_uploads: true, send_from_date: null, updated_at: new Date() }).execute();
    await insertAccountingConnection(server.testDb.db, ACCOUNT, 'QBO', server.clock());
    // Ready in every way automation asks: closed, consistent, mapped.
    await server.testDb.db.updateTable('settlements').set({ status: 'closed', inconsistent: false, accounts_mapped: true, taxes_mapped: true }).where('settlement_key', '=', key).execute();
    const sent: string[] = [];
    const run = await runAutoSend({ db: server.testDb.db, clock: server.clock, config: testConfig({ billing: server.billingConfig }), jobs: { send: (_q, d) => (sent.push(JSON.stringify(d)), Promise.resolve('x')) } }, ACCOUNT);
    expect(sent).toEqual([]);
    expect(run.skipped).toMatch(/^A trial account cannot send settlements to QuickBooks Online/);
  });

  it('a trial account loads three files and the fourth is refused with the trial text', async () => {
    const etsy = fs.readFileSync(coreFixture('etsy', 'etsy_statement_2025_10.csv'));
    const asSettlementServer = server as unknown as SettlementTestServer;
    for (let i = 1; i <= 3; i++) expect((await upload(asSettlementServer, demo, 'trial-etsy', [{ name: `etsy-${i}.csv`, content: etsy }])).statusCode).toBe(200);
    const fourth = await upload(asSettlementServer, demo, 'trial-etsy', [{ name: 'etsy-4.csv', content: etsy }]);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json<ErrorBody>()).toMatchObject({
      code: 'settlement.trial-file-limit',
      message: 'Trial accounts may load up to three files. Upgrade to send all transactions; choose a plan to sync all transactions and load multiple files.',
    });
  });

  it('shows the Trial badge facts and the usage meter', async () => {
    const o = await overview();
    expect(o).toMatchObject({ isEnabled: true, isTrial: true, planCode: null, usage: { filesMax: 3, settlementsPerMonth: 0 } });
    expect(o.plans.map((p) => [p.code, p.monthly, p.yearly])).toEqual([['STARTER', '19.00', '190.00'], ['STANDARD', '49.00', '490.00'], ['PREMIUM', '149.00', '1490.00']]);
  });

  it('refuses an expired coupon, and a checkout for an account of another user as not found', async () => {
    const expired = await post('/billing/checkout/preview', { accountKey: ACCOUNT, planCode: 'STARTER', period: 'monthly', couponCode: 'SPRING' });
    expect(expired.statusCode).toBe(422);
    expect(expired.json<ErrorBody>().message).toBe('The coupon SPRING expired on 2020-03-31; remove it or enter another code.');
    const unknown = await post('/billing/checkout/preview', { accountKey: ACCOUNT, planCode: 'STARTER', period: 'monthly', couponCode: 'NOPE' });
    expect(unknown.json<ErrorBody>()).toMatchObject({ httpStatusCode: 422, message: 'There is no coupon NOPE; check the spelling or remove it.' });
    const foreign = await post('/billing/checkout', { accountKey: ACCOUNT, planCode: 'STARTER', period: 'monthly' }, other);
    expect(foreign.statusCode).toBe(404);
    const mine = await get('/billing/overview?accountKey=acme-amazon-us', other);
    expect(mine.statusCode).toBe(404);
  });

  it('upgrades through checkout with a coupon, and the settlement it could not send is sent', async () => {
    const preview = await post('/billing/checkout/preview', { accountKey: ACCOUNT, planCode: 'STARTER', period: 'monthly', couponCode: 'WELCOME25' });
    expect(preview.json<CheckoutSummary>()).toEqual({
      planCode: 'STARTER', planName: 'Starter', period: 'monthly', currency: 'USD', subtotal: '19.00',
      coupon: { code: 'WELCOME25', description: '25% off the first invoice' }, discount: '4.75', tax: '0.00', total: '14.25',
    });
    const started = await post('/billing/checkout', { accountKey: ACCOUNT, planCode: 'STARTER', period: 'monthly', couponCode: 'WELCOME25' });
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId, url } = started.json<{ sessionId: string; url: string }>();
    expect(url).toContain(`/pay/${sessionId}`);
    expect(await server.fake.paySession(sessionId, '4242424242424242', 'Ada Lovelace')).toBeNull();
    const complete = (await get(`/billing/checkout/session?sessionId=${sessionId}`)).json<{ status: string; subscription: { planCode: string; status: string; card: { masked: string; expiry: string; holderName: string | null } } }>();
    // Spec section 9's card display: twelve masked digits plus the last four, the expiry, the holder's name (Stripe's billing_details.name).
    expect(complete).toMatchObject({ status: 'complete', subscription: { planCode: 'STARTER', status: 'active', card: { masked: '•••• •••• •••• 4242', expiry: 'Expires December 2030', holderName: 'Ada Lovelace' } } });
    expect((await overview()).planCode).toBe('STARTER');
    const paid = (await get(`/billing/invoices?accountKey=${ACCOUNT}`)).json<{ invoices: { total: string; pdfUrl: string }[] }>().invoices;
    expect(paid[0]).toMatchObject({ total: '14.25' });
    expect(paid[0]!.pdfUrl).toMatch(/\/pdf$/);
    const send = await post('/settlementSend', { settlementKey: await unsentSettlement(), action: 'send' });
    expect(send.statusCode, send.body).toBe(200);
    expect(send.json<{ queued: string[] }>().queued).toHaveLength(1);
  });

  it('refuses a forged webhook and applies a replayed or older event no more than once', async () => {
    const forged = await server.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' }, payload: '{"id":"evt_x","type":"customer.subscription.deleted"}' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<ErrorBody>().message).toBe('The Stripe-Signature header does not match this payload, or it is too old; nothing was changed.');
    const sub = [...server.fake.state.subscriptions.values()][0]!;
    const older = server.fake.signedEvent('customer.subscription.updated', { ...sub, status: 'canceled' }, sub.created - 60);
    const stale = await server.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': older.signature }, payload: older.payload });
    expect(stale.json()).toEqual({ received: true, outcome: 'stale' });
    const again = await server.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': older.signature }, payload: older.payload });
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await overview()).subscription?.status).toBe('active');
  });

  it('refuses a downgrade below this month\'s usage', async () => {
    await server.testDb.db.updateTable('accounts').set({ plan_code: 'STANDARD' }).where('account_key', '=', ACCOUNT).execute();
    await server.testDb.db.updateTable('billing_subscriptions').set({ plan_code: 'STANDARD' }).execute();
    await server.testDb.db.updateTable('settlements').set({ send_state: 'QUEUED' }).where('account_key', '=', ACCOUNT).where('posting_status', '=', 'NOT_POSTED').execute();
    const sending = (await overview()).usage.sentThisMonth;
    const res = await post('/billing/subscription/change', { accountKey: ACCOUNT, planCode: 'STARTER', period: 'monthly' });
    if (sending > 20) {
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>().message).toMatch(/^The account uses more than the Starter plan allows: \d+ settlements were sent this month and Starter sends up to 20/);
    } else {
      expect(res.statusCode).toBe(200);
    }
    await server.testDb.db.updateTable('settlements').set({ send_state: 'IDLE' }).where('account_key', '=', ACCOUNT).where('send_state', '=', 'QUEUED').execute();
  });

  it('a failed payment: sending goes on for the grace period, then pauses; uploads are never refused', async () => {
    const sub = [...server.fake.state.subscriptions.values()][0]!;
    await server.fake.failPayment(sub.id);
    const o = await overview();
    expect(o.subscription).toMatchObject({ status: 'past_due' });
    expect(o.subscription?.sendingPausedFrom).not.toBeNull();
    expect((await post('/settlementSend', { settlementKey: await unsentSettlement(), action: 'send' })).statusCode).toBe(200);
    await server.testDb.db.updateTable('settlements').set({ send_state: 'IDLE' }).where('account_key', '=', ACCOUNT).execute();
    server.clock.set(new Date(Date.now() + 8 * 86_400_000));
    demo = await server.signIn('demo@ledgerport.local');
    const paused = await post('/settlementSend', { settlementKey: await unsentSettlement(), action: 'send' });
    expect(paused.statusCode).toBe(402);
    expect(paused.json<ErrorBody>().message).toMatch(/has failed since \d{4}-\d\d-\d\d; sending is paused until it is paid\. Update the payment method under Billing\. Nothing is lost/);
  });

  it('a root admin edits a plan in the backend, audited; a merchant cannot', async () => {
    const admin = await server.signIn('admin@ledgerport.local');
    const plan = { name: 'Starter', rank: 1, isActive: true, settlementsPerMonth: 25, channels: 1, historyMonths: 3, features: [], prices: [{ currency: 'USD', monthly: '21.00', yearly: '210.00' }] };
    const saved = await server.app.inject({ method: 'PUT', url: '/backend/billing/plans/STARTER', headers: bearer(admin), payload: plan });
    expect(saved.statusCode, saved.body).toBe(200);
    const listed = (await get('/backend/billing/plans', admin)).json<{ plans: { code: string; settlementsPerMonth: number; prices: { currency: string; monthly: string }[] }[] }>().plans;
    expect(listed.find((p) => p.code === 'STARTER')).toMatchObject({ settlementsPerMonth: 25, prices: [{ currency: 'USD', monthly: '21.00' }] });
    const audit = await server.testDb.db.selectFrom('audit_log').select(['action', 'actor_user_id']).where('entity_type', '=', 'plan').execute();
    expect(audit.map((a) => a.action)).toEqual(['billing.plan-changed']);
    expect(audit[0]!.actor_user_id).not.toBeNull();
    const merchant = await server.app.inject({ method: 'PUT', url: '/backend/billing/plans/STARTER', headers: bearer(demo), payload: plan });
    expect([403, 404]).toContain(merchant.statusCode);
    const badPrice = await server.app.inject({ method: 'PUT', url: '/backend/billing/plans/STARTER', headers: bearer(admin), payload: { ...plan, prices: [{ currency: 'USD', monthly: '21,00', yearly: '210' }] } });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json<ErrorBody>().message).toContain('The monthly price must be an amount such as 49 or 49.00.');
  });

  it('cancels at the end of the period, shows the end date, and the account is a trial afterwards', async () => {
    const res = await post('/billing/subscription/cancel', { accountKey: ACCOUNT, action: 'cancel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toMatch(/^The subscription ends on \d{4}-\d\d-\d\d; until then nothing changes/);
    expect((await overview()).subscription).toMatchObject({ isCancelAtPeriodEnd: true });
    await server.fake.endPeriod([...server.fake.state.subscriptions.keys()][0]!);
    expect(await overview()).toMatchObject({ planCode: null, isTrial: true, subscription: { status: 'canceled' } });
  });
});
