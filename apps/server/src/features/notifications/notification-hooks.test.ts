/**
 * The places that notify (decision 0023): a failed send tells the account's users once (not at each
 * pg-boss retry); a newly stored settlement with unmapped types or an inconsistent total tells them,
 * whether it came from an upload or a channel fetch (both settle through settleStoredSettlements).
 * The connection error is checked in channel-connections.test.ts, the invite in account-users-routes.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Settlement } from '@ledgerport/core/settlements';
import { openTestDb, type TestDb } from '../../../test/test-db';
import type { Deps } from '../../http/deps';
import { storeSettlements } from '../imports/store-settlements';
import { noMetrics } from '../../telemetry/metrics';
import { sendSettlement } from '../posting/send-settlement';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.deleteFrom('notifications').execute();
});

const at = new Date('2026-11-22T10:00:00Z');
const notifications = (accountKey: string) =>
  testDb.db.selectFrom('notifications').select(['user_id', 'kind', 'title', 'body', 'link_path']).where('account_key', '=', accountKey).orderBy('kind').orderBy('user_id').execute();

function etsy(settlementId: string, typeKey: string, total: bigint): Settlement {
  return {
    channel: 'ETSY',
    settlementId,
    format: 'etsy-statement',
    marketplace: null,
    currency: 'USD',
    startDate: Date.UTC(2026, 10, 1),
    endDate: Date.UTC(2026, 10, 15),
    depositDate: Date.UTC(2026, 10, 16),
    total,
    status: 'closed',
    sellerId: null,
    sourceFile: 'etsy.csv',
    lines: [{ postedAt: Date.UTC(2026, 10, 2), typeKey, orderId: '#1', sku: null, quantity: 1, marketplace: null, fulfilmentChannel: null, amount: 10_0000n, source: { file: 'etsy.csv', row: 2 } }],
  };
}

/** The send's refusal for an account with no accounting system (features/accounts/connection-states.ts). */
const NO_SYSTEM = 'This account has no accounting system yet. Choose one (or the built-in ledger) under Settings > Connections, then send.';

describe('a failed send', () => {
  it("tells every user of the account once, with the error and a link to the settlement; a retry of the same send does not tell again", async () => {
    const { db } = testDb;
    const row = await db.selectFrom('settlements').select(['settlement_key', 'settlement_id']).where('account_key', '=', 'acme-amazon-us').where('duplicate_of', 'is', null).where('on_hold', '=', false).orderBy('settlement_key').executeTakeFirstOrThrow();
    await db.updateTable('accounts').set({ accounting_system: 'NONE' }).where('account_key', '=', 'acme-amazon-us').execute();
    await db.updateTable('settlements').set({ send_state: 'QUEUED' }).where('settlement_key', '=', row.settlement_key).execute();
    const deps = { db, clock: () => at, config: { databaseUrl: undefined }, metrics: noMetrics } as unknown as Deps;
    await sendSettlement(deps, row.settlement_key);
    const told = await notifications('acme-amazon-us');
    expect(told.map((n) => n.user_id)).toEqual(['user-admin', 'user-demo', 'user-viewer']);
    expect(told[0]).toMatchObject({ kind: 'send-failed', title: `Settlement ${row.settlement_id} was not sent`, body: NO_SYSTEM, link_path: `/settlement?settlementKey=${row.settlement_key}` });
    // pg-boss's retry finds it FAILED already.
    await sendSettlement(deps, row.settlement_key);
    expect(await notifications('acme-amazon-us')).toHaveLength(3);
    const settlement = await db.selectFrom('settlements').select(['send_state', 'posting_error']).where('settlement_key', '=', row.settlement_key).executeTakeFirstOrThrow();
    expect(settlement).toEqual({ send_state: 'FAILED', posting_error: NO_SYSTEM });
  });
});

describe('a new settlement', () => {
  const store = (settlements: Settlement[], kind: 'file' | 'api') => testDb.db.transaction().execute((trx) => storeSettlements(trx, 'trial-etsy', { settlements, problems: [] }, { kind, at, loadReadable: true }));

  it('with unmapped types, uploaded: one mappings-needed notification linking to the settlement', async () => {
    const { settlements } = await store([etsy('unmapped-1', 'Mystery|Fee|Never-seen', 10_0000n)], 'file');
    const key = settlements[0]!.settlementKey;
    expect((await testDb.db.selectFrom('settlements').select('accounts_mapped').where('settlement_key', '=', key).executeTakeFirstOrThrow()).accounts_mapped).toBe(false);
    const told = await notifications('trial-etsy');
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((n) => n.kind === 'mappings-needed')).toBe(true);
    expect(told[0]).toMatchObject({ title: 'Settlement unmapped-1 needs mappings', link_path: `/settlement?settlementKey=${key}` });
  });

  it('fetched in a batch: one mappings-needed notification for all, pointing at the mappings, and one per inconsistent settlement', async () => {
    await store([etsy('fetched-1', 'Mystery|Fee|Other', 10_0000n), etsy('fetched-2', 'Mystery|Fee|Other', 99_0000n)], 'api');
    const told = await notifications('trial-etsy');
    const perUser = told.filter((n) => n.user_id === told[0]!.user_id);
    expect(perUser.map((n) => [n.kind, n.title, n.link_path])).toEqual([
      ['mappings-needed', '2 new settlements need mappings', '/mapping'],
      ['settlement-inconsistent', 'Settlement fetched-2 is inconsistent', expect.stringMatching(/^\/settlement\?settlementKey=/)],
    ]);
  });

  it('stored again (a duplicate) tells nothing', async () => {
    await store([etsy('fetched-1', 'Mystery|Fee|Other', 10_0000n)], 'api');
    expect(await notifications('trial-etsy')).toEqual([]);
  });
});
