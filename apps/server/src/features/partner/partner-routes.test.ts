import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PartnerAccountStatus, TokenSet } from '@ledgerport/contract';
import { countAccountStatus } from '@ledgerport/core/rules';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';
import { refreshAccountStatus } from './refresh-account-status';

let server: TestServer;
let partner: TokenSet;
let demo: TokenSet;
let other: TokenSet;
let rival: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.testDb;
  const now = new Date('2026-01-01T00:00:00Z');
  // A second firm with one client: its partner must never see PARTNER1's clients, nor they its.
  const demoUser = await db.selectFrom('users').select('password_hash').where('email', '=', 'partner@ledgerport.local').executeTakeFirstOrThrow();
  await db.insertInto('users').values({ user_id: 'user-rival', email: 'rival@ledgerport.local', name: 'Rita Rival', password_hash: demoUser.password_hash, partner_code: 'RIVAL9', partner_role: 'admin', billing_account_id: null, billing_data: null, login_enabling_party: null, current_account_key: null, email_verified_at: now, created_at: now, updated_at: now }).execute();
  await db.insertInto('accounts').values({ account_key: 'rival-client', account_name: 'Rival Client', accounting_system: 'XERO', sales_channel: 'AMAZON', partner_code: 'RIVAL9', plan_code: 'PRO', plan_amount: null, subscribed_at: null, account_address: null, accounting_system_organization_name: null, sales_channel_invite_status: null, sales_channel_store_name: null, template_prefix: null, accounting_system_reference_name: null, account_super_user_key: null, organization_id: null, created_at: now, updated_at: now, redaction_requested_at: null, redaction_requested_by: null }).execute();
  [partner, demo, other, rival] = await server.signInAll('partner@ledgerport.local', 'demo@ledgerport.local', 'other@ledgerport.local', 'rival@ledgerport.local');
});
afterAll(() => server.close());

const list = async (tokens: TokenSet) => {
  const res = await server.app.inject({ method: 'GET', url: '/partner/accounts-status', headers: bearer(tokens) });
  expect(res.statusCode).toBe(200);
  return res.json<{ partnerCode: string | null; accounts: PartnerAccountStatus[] }>();
};

describe('GET /partner/accounts-status', () => {
  it("lists the partner's client accounts by name with their plan, systems and status", async () => {
    const body = await list(partner);
    expect(body.partnerCode).toBe('PARTNER1');
    expect(body.accounts.map((a) => [a.accountKey, a.accountName, a.salesChannel, a.isCurrent])).toEqual([
      ['birch-walmart', 'Birch Home Goods', 'WALMART', true],
      ['birch-bigcommerce', 'Cedar Crafts', 'BIGCOMMERCE', false],
    ]);
    for (const a of body.accounts) expect(a.waitingCount).toBeGreaterThanOrEqual(0);
  });

  it('makes the summary row of a client that has had no event since the summary existed', async () => {
    const db = server.testDb.db;
    await db.deleteFrom('account_status_summary').where('account_key', 'in', ['birch-walmart', 'birch-bigcommerce']).execute();
    await list(partner);
    const rows = await db.selectFrom('account_status_summary').select('account_key').where('account_key', 'in', ['birch-walmart', 'birch-bigcommerce']).execute();
    expect(rows.map((r) => r.account_key).sort()).toEqual(['birch-bigcommerce', 'birch-walmart']);
  });

  it("never shows a partner another firm's clients", async () => {
    const mine = await list(partner);
    expect(mine.accounts.map((a) => a.accountKey)).not.toContain('rival-client');
    const theirs = await list(rival);
    expect(theirs).toMatchObject({ partnerCode: 'RIVAL9' });
    expect(theirs.accounts.map((a) => a.accountKey)).toEqual(['rival-client']);
  });

  it('gives a merchant (no partner code) an empty list, not their own or anyone else\'s accounts', async () => {
    expect(await list(demo)).toEqual({ partnerCode: null, accounts: [] });
    expect(await list(other)).toEqual({ partnerCode: null, accounts: [] });
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/partner/accounts-status' });
    expect(res.statusCode).toBe(401);
  });

  it('shows a connection error and why the account needs attention', async () => {
    const { db } = server.testDb;
    const at = new Date('2026-02-01T00:00:00Z');
    await db.insertInto('connections').values({ connection_id: 'conn-rival', account_key: 'rival-client', role: 'sales-channel', system: 'AMAZON', status: 'ERROR', remote_id: null, remote_name: null, credentials_sealed: null, access_token_expires_at: null, refresh_token_expires_at: null, settings: '{}', last_error: 'The seller revoked access.', last_error_at: at, last_synced_at: at, created_at: at, updated_at: at }).execute();
    await refreshAccountStatus(db, 'rival-client', at);
    const [row] = (await list(rival)).accounts;
    expect(row).toMatchObject({ connectionStatus: 'ERROR', connectionError: 'The seller revoked access.', lastFetchedAt: at.toISOString(), attentionReasons: ['connection error'] });
  });
});

describe('account status summary', () => {
  const change = fc.record({
    pick: fc.nat(1000),
    posting_status: fc.constantFrom('POSTED' as const, 'PARTIALLY_POSTED' as const, 'NOT_POSTED' as const),
    status: fc.constantFrom('open' as const, 'closed' as const),
    send_state: fc.constantFrom('IDLE' as const, 'QUEUED' as const, 'SENDING' as const, 'FAILED' as const),
    on_hold: fc.boolean(),
    accounts_mapped: fc.boolean(),
    inconsistent: fc.boolean(),
    isDuplicate: fc.boolean(),
  });

  it('after random changes to the settlements the summary row equals a recount with core', async () => {
    const { db } = server.testDb;
    // The seeded account with the most settlements.
    const busiest = await db.selectFrom('settlements').select(['account_key', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('account_key').orderBy('n', 'desc').executeTakeFirstOrThrow();
    const ACCOUNT = busiest.account_key;
    const keys = (await db.selectFrom('settlements').select('settlement_key').where('account_key', '=', ACCOUNT).orderBy('settlement_key').execute()).map((r) => r.settlement_key);
    expect(keys.length).toBeGreaterThan(1);
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 6 }), async (changes) => {
        for (const { pick, isDuplicate, ...values } of changes) {
          const key = keys[pick % keys.length]!;
          const duplicateOf = isDuplicate ? keys.find((k) => k !== key)! : null;
          await db.updateTable('settlements').set({ ...values, duplicate_of: duplicateOf }).where('settlement_key', '=', key).execute();
        }
        await refreshAccountStatus(db, ACCOUNT, new Date());
        const rows = await db.selectFrom('settlements').select(['status', 'posting_status', 'send_state', 'duplicate_of', 'inconsistent', 'on_hold', 'accounts_mapped']).where('account_key', '=', ACCOUNT).execute();
        const recount = countAccountStatus(rows.map((r) => ({ status: r.status, postingStatus: r.posting_status, sendState: r.send_state, isDuplicate: r.duplicate_of !== null, isInconsistent: r.inconsistent, isOnHold: r.on_hold, isMapped: r.accounts_mapped })));
        const summary = await db.selectFrom('account_status_summary').select(['waiting_count', 'unmapped_count', 'inconsistent_count', 'on_hold_count', 'failed_count']).where('account_key', '=', ACCOUNT).executeTakeFirstOrThrow();
        expect({ waitingCount: summary.waiting_count, unmappedCount: summary.unmapped_count, inconsistentCount: summary.inconsistent_count, onHoldCount: summary.on_hold_count, failedCount: summary.failed_count }).toEqual(recount);
      }),
      { numRuns: 25 },
    );
  });

  it('is written when settlements are stored: every seeded account with settlements has its row', async () => {
    const { db } = server.testDb;
    const withSettlements = await db.selectFrom('settlements').select('account_key').distinct().execute();
    const summarized = new Set((await db.selectFrom('account_status_summary').select('account_key').execute()).map((r) => r.account_key));
    for (const { account_key } of withSettlements) expect(summarized.has(account_key), account_key).toBe(true);
  });
});

describe('a partner creates a client account', () => {
  it('the new account carries the firm code and is listed with zero counts and a Trial plan', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/account/new', headers: bearer(partner), payload: { accountName: 'Dogwood Designs', salesChannel: 'SHOPIFY', accountingSystem: 'XERO' } });
    expect(res.statusCode, res.body).toBe(200);
    const { accountKey } = res.json<{ accountKey: string }>();
    const created = (await list(partner)).accounts.find((a) => a.accountKey === accountKey);
    expect(created).toMatchObject({ accountName: 'Dogwood Designs', planCode: null, waitingCount: 0, attentionReasons: [] });
    expect((await list(rival)).accounts.map((a) => a.accountKey)).toEqual(['rival-client']);
  });
});
