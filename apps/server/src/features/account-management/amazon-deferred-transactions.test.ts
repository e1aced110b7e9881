import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, AmazonDeferredTransactionsSettings, AuditEntryBody, ErrorBody, TokenSet } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

const URL = '/account-settings/amazon-deferred-transactions';
let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
let clarity: TokenSet;
let admin: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, other, clarity, admin] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local', 'clarity@ledgerport.local', 'admin@ledgerport.local');
});
afterAll(() => server.close());

const get = (accountKey: string, tokens: TokenSet) => server.app.inject({ method: 'GET', url: `${URL}?accountKey=${accountKey}`, headers: bearer(tokens) });
const post = (accountKey: string, tokens: TokenSet, isEnabled: boolean) =>
  server.app.inject({ method: 'POST', url: `${URL}?accountKey=${accountKey}`, headers: bearer(tokens), payload: { amazonDeferredTransactionEnabled: isEnabled } });
const featureOf = async (accountKey: string) =>
  (await server.testDb.db.selectFrom('account_features').select('amazon_deferred_transaction_enabled').where('account_key', '=', accountKey).executeTakeFirst())?.amazon_deferred_transaction_enabled;
const auditOf = (accountKey: string) =>
  server.testDb.db.selectFrom('audit_log').selectAll().where('action', '=', 'account.features-changed').where('account_key', '=', accountKey).orderBy('audit_id').execute();

describe('GET /account-settings/amazon-deferred-transactions', () => {
  it('answers the switch and counts the Deferred Transactions settlements (duplicates not counted)', async () => {
    expect((await get('acme-amazon-ca', demo)).json()).toEqual({ accountKey: 'acme-amazon-ca', amazonDeferredTransactionEnabled: false, settlementCount: 0, canEdit: true });
    const [first] = await server.testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '=', 'acme-amazon-ca').where('duplicate_of', 'is', null).execute();
    await server.testDb.db.updateTable('settlements').set({ is_deferred_transaction: true }).where('settlement_key', '=', first!.settlement_key).execute();
    await server.testDb.db.updateTable('settlements').set({ is_deferred_transaction: true }).where('account_key', '=', 'acme-amazon-ca').where('duplicate_of', 'is not', null).execute();
    expect((await get('acme-amazon-ca', demo)).json<AmazonDeferredTransactionsSettings>().settlementCount).toBe(1);
  });

  it('refuses an account that does not sell on Amazon, naming its channel', async () => {
    const res = await get('acme-shopify', demo);
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>()).toMatchObject({
      code: 'account.not-amazon',
      message: 'Amazon deferred transactions are only for Amazon accounts, and Acme Outdoor Shop sells on Shopify. Open an Amazon account to change this setting.',
    });
  });

  it("answers not-found for another user's account", async () => {
    const res = await get('acme-amazon-us', other);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().code).toBe('account.not-found');
  });
});

describe('POST /account-settings/amazon-deferred-transactions', () => {
  it('turns the account feature on, shows it on the account and audits before and after for Settings > History', async () => {
    const res = await post('acme-amazon-us', demo, true);
    expect(res.json()).toEqual({ accountKey: 'acme-amazon-us', amazonDeferredTransactionEnabled: true, settlementCount: 0, canEdit: true });
    expect(await featureOf('acme-amazon-us')).toBe(true);
    const account = (await server.app.inject({ method: 'GET', url: '/account?accountKey=acme-amazon-us', headers: bearer(demo) })).json<Account>();
    expect(account.accountFeatures.amazonDeferredTransactionEnabled).toBe(true);
    expect(await auditOf('acme-amazon-us')).toMatchObject([
      { actor_user_id: 'user-demo', entity_type: 'account', entity_id: 'acme-amazon-us', before_state: { amazonDeferredTransactionEnabled: false }, after_state: { amazonDeferredTransactionEnabled: true } },
    ]);
    const history = (await server.app.inject({ method: 'GET', url: '/account-settings/history?accountKey=acme-amazon-us', headers: bearer(demo) })).json<{ entries: AuditEntryBody[] }>();
    expect(history.entries[0]).toMatchObject({
      actorEmail: 'demo@ledgerport.local',
      action: 'account.features-changed',
      summary: 'Changed the account features: Post Amazon deferred transactions off → on',
      before: { amazonDeferredTransactionEnabled: false },
      after: { amazonDeferredTransactionEnabled: true },
    });
  });

  it('writes nothing when the switch already has that value', async () => {
    const before = (await auditOf('acme-amazon-us')).length;
    expect((await post('acme-amazon-us', demo, await featureOf('acme-amazon-us') ?? false)).statusCode).toBe(200);
    expect(await auditOf('acme-amazon-us')).toHaveLength(before);
  });

  it("refuses a user of another account with not-found and changes nothing", async () => {
    const before = await featureOf('acme-amazon-ca');
    const res = await post('acme-amazon-ca', other, !before);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().code).toBe('account.not-found');
    expect(await featureOf('acme-amazon-ca')).toBe(before);
    expect(await auditOf('acme-amazon-ca')).toEqual([]);
  });

  it('refuses a non-Amazon account', async () => {
    const res = await post('acme-shopify', demo, true);
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>().code).toBe('account.not-amazon');
    expect(await featureOf('acme-shopify')).toBe(false);
  });

  it('lets a view-only member read the setting but not change it', async () => {
    expect((await get('acme-amazon-ca', clarity)).json<AmazonDeferredTransactionsSettings>().canEdit).toBe(false);
    const res = await post('acme-amazon-ca', clarity, true);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().code).toBe('auth.forbidden');
    expect(await featureOf('acme-amazon-ca')).toBe(false);
  });

  it('lets an admin change it, and turning it off is audited too', async () => {
    expect((await post('acme-amazon-ca', admin, true)).json<AmazonDeferredTransactionsSettings>().amazonDeferredTransactionEnabled).toBe(true);
    expect((await post('acme-amazon-ca', admin, false)).json<AmazonDeferredTransactionsSettings>().amazonDeferredTransactionEnabled).toBe(false);
    expect((await auditOf('acme-amazon-ca')).map((r) => [r.actor_user_id, r.before_state, r.after_state])).toEqual([
      ['user-admin', { amazonDeferredTransactionEnabled: false }, { amazonDeferredTransactionEnabled: true }],
      ['user-admin', { amazonDeferredTransactionEnabled: true }, { amazonDeferredTransactionEnabled: false }],
    ]);
  });
});
