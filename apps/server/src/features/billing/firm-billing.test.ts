/**
 * Firm billing (issue 16, decision 0040): a partner pays for several client accounts on one firm
 * subscription. The checkout sells the plan with quantity = the accounts chosen; the webhook then gives
 * each the plan, so its limits are lifted. Another firm's account is a 404, a covered one a 409, a user
 * of no firm a 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingSubscriptionBody, ErrorBody, FirmClientAccount, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { startBillingTestServer, type BillingTestServer } from '../../../test/billing-test-server';

const CLIENTS = ['birch-bigcommerce', 'birch-walmart'];
let server: BillingTestServer;
let partner: TokenSet;
let demo: TokenSet;

const get = (url: string, tokens = partner) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const post = (url: string, payload: object, tokens = partner) => server.app.inject({ method: 'POST', url, headers: bearer(tokens), payload });
const accounts = async () => (await get('/billing/firm/accounts')).json<{ partnerCode: string | null; accounts: FirmClientAccount[]; plans: { code: string; monthly: string | null }[] }>();

beforeAll(async () => {
  server = await startBillingTestServer();
  [partner, demo] = await server.signInAll('partner@ledgerport.local', 'demo@ledgerport.local');
  // The firm's clients are trials until the firm pays for them.
  await server.testDb.db.updateTable('accounts').set({ plan_code: null, plan_amount: null }).where('account_key', 'in', CLIENTS).execute();
  server.fake.addCoupon({ code: 'FIRM10', percentOff: 10, duration: 'forever' });
}, 120_000);
afterAll(() => server.close());

describe('firm billing', () => {
  it("lists the firm's client accounts, sorted by name, none covered yet; a user of no firm gets none", async () => {
    const list = await accounts();
    expect(list.partnerCode).toBe('PARTNER1');
    expect(list.accounts).toEqual([
      { accountKey: 'birch-walmart', accountName: 'Birch Home Goods', salesChannel: 'WALMART', planCode: null, coveredBy: 'none', canChoose: true },
      { accountKey: 'birch-bigcommerce', accountName: 'Cedar Crafts', salesChannel: 'BIGCOMMERCE', planCode: null, coveredBy: 'none', canChoose: true },
    ]);
    expect(list.plans.map((p) => [p.code, p.monthly])).toEqual([['STARTER', '19.00'], ['STANDARD', '49.00'], ['PREMIUM', '149.00']]);
    expect((await get('/billing/firm/accounts', demo)).json()).toEqual({ partnerCode: null, accounts: [], plans: [] });
  });

  it("refuses another firm's account as not found and a user of no firm as forbidden", async () => {
    const foreign = await post('/billing/firm/checkout', { accountKeys: ['birch-walmart', 'acme-amazon-us'], planCode: 'STANDARD', period: 'monthly' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<ErrorBody>().message).toBe("The account acme-amazon-us is not one of your firm's client accounts.");
    const noFirm = await post('/billing/firm/checkout', { accountKeys: ['birch-walmart'], planCode: 'STANDARD', period: 'monthly' }, demo);
    expect(noFirm.statusCode).toBe(403);
    const empty = await post('/billing/firm/checkout', { accountKeys: [], planCode: 'STANDARD', period: 'monthly' });
    expect(empty.statusCode).toBe(400);
    expect(await server.testDb.db.selectFrom('billing_checkout_sessions').selectAll().execute()).toEqual([]);
  });

  it('a trial client is refused COGS before the firm pays', async () => {
    const res = await get('/account-settings/cogs?accountKey=birch-walmart');
    expect(res.statusCode).toBe(402);
  });

  it('checks out one subscription for both accounts with quantity 2; the webhook gives both the plan', async () => {
    const started = await post('/billing/firm/checkout', { accountKeys: CLIENTS, planCode: 'STANDARD', period: 'monthly', couponCode: 'FIRM10' });
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId, url, quantity } = started.json<{ sessionId: string; url: string; quantity: number }>();
    expect(quantity).toBe(2);
    expect(url).toContain(`/pay/${sessionId}`);
    const session = server.fake.state.sessions.get(sessionId)!;
    expect(session).toMatchObject({ amount_subtotal: 9800, amount_total: 8820 });
    expect(session.success_url).toContain('/app/user/settings/firm-billing?checkout=complete');
    const audit = await server.testDb.db.selectFrom('audit_log').select(['account_key', 'actor_user_id']).where('action', '=', 'billing.firm-checkout-started').orderBy('account_key').execute();
    expect(audit).toEqual([{ account_key: 'birch-bigcommerce', actor_user_id: 'user-partner' }, { account_key: 'birch-walmart', actor_user_id: 'user-partner' }]);
    expect(await server.fake.paySession(sessionId)).toBeNull();
    const plans = await server.testDb.db.selectFrom('accounts').select(['account_key', 'plan_code', 'plan_amount']).where('account_key', 'in', CLIENTS).orderBy('account_key').execute();
    expect(plans).toEqual([{ account_key: 'birch-bigcommerce', plan_code: 'STANDARD', plan_amount: '49.0000' }, { account_key: 'birch-walmart', plan_code: 'STANDARD', plan_amount: '49.0000' }]);
    const subs = (await get('/billing/subscriptions')).json<{ subscriptions: BillingSubscriptionBody[] }>().subscriptions;
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ kind: 'firm', planCode: 'STANDARD', amount: '98.0000', status: 'active', canManage: true, accountKeys: CLIENTS });
    expect((await accounts()).accounts.map((a) => [a.accountKey, a.coveredBy, a.canChoose, a.planCode])).toEqual([
      ['birch-walmart', 'firm', false, 'STANDARD'],
      ['birch-bigcommerce', 'firm', false, 'STANDARD'],
    ]);
  });

  it("lifts the clients' limits, and refuses a second checkout for a covered account", async () => {
    expect((await get('/account-settings/cogs?accountKey=birch-walmart')).statusCode).toBe(200);
    const again = await post('/billing/firm/checkout', { accountKeys: ['birch-walmart'], planCode: 'PREMIUM', period: 'monthly' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().message).toBe('Birch Home Goods is already paid for by a firm subscription; leave it out of this checkout.');
  });
});
