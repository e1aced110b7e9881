/**
 * Issue 26: the settlements search finds a settlement by its deposit amount (either sign, either
 * decimal mark), settlement id, order id, SKU and gateway, never another account's; a settlement's
 * history tells who did what and when, deleted or not; a "needs mappings" notification resolves once
 * its settlement is mapped and posted, and leaves the unread count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, Mappings, Notification, Settlement, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { form, startSettlementTestServer, waitFor, type SettlementTestServer } from '../../../test/settlement-test-server';

let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
}, 120_000);
afterAll(() => server.close());

const get = (url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });

async function find(accountKey: string, text: string, tokens = demo): Promise<Settlement[]> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/spanner-settlements-with-pagination?page=0&size=100',
    payload: { paginatedSearchCriteriaClause: [[{ filterKey: 'accountKey', operation: 'eq', value: accountKey }], [{ filterKey: 'text', operation: 'like', value: text }]] },
    headers: bearer(tokens),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ settlements: Settlement[] }>().settlements;
}
const ids = (rows: Settlement[]) => rows.map((s) => s.settlementId).sort();

/** '-17.4200' as a bank statement prints it: '17.42'. */
const printed = (total: string) => total.replace(/^-/, '').replace(/(\.\d\d)\d*$/, '$1');

describe('settlement search', () => {
  it("finds every demo account's first settlement by its amount", async () => {
    const firsts = await server.testDb.db
      .selectFrom('settlements')
      .select(['account_key', 'settlement_id', 'total'])
      .where('total', 'is not', null)
      .where('duplicate_of', 'is', null)
      .distinctOn('account_key')
      .orderBy('account_key')
      .orderBy('start_at')
      .orderBy('settlement_key')
      .execute();
    expect(firsts.length).toBeGreaterThanOrEqual(4);
    for (const f of firsts) {
      const owner = f.account_key === 'other-seller' ? other : demo;
      expect(ids(await find(f.account_key, printed(f.total!), owner)), `${f.account_key} ${f.total}`).toContain(f.settlement_id);
    }
  });

  it('finds a deposit whatever its sign and decimal mark, and nothing for a near amount', async () => {
    for (const text of ['36.52', '-36.52', '36,52', '$36.52', '36.52 USD']) expect(ids(await find('acme-amazon-us', text))).toEqual(['11223344556']);
    expect(await find('acme-amazon-us', '36.53')).toEqual([]);
    // A negative payout is found by its amount as the bank prints it, without the sign, and with it.
    const negative = (await find('acme-shopify', '17.42')).map((s) => s.total);
    expect(negative).toEqual(['-17.4200']);
    expect((await find('acme-shopify', '-17.42')).map((s) => s.total)).toEqual(['-17.4200']);
    expect((await find('acme-shopify', '1,654.23')).map((s) => s.total)).toEqual(['1654.2300']);
    expect((await find('acme-shopify', '1654,23')).map((s) => s.total)).toEqual(['1654.2300']);
  });

  it('finds by settlement id, order id, SKU and gateway', async () => {
    expect(ids(await find('acme-amazon-us', '2233445'))).toEqual(['11223344556']);
    const refs = await server.testDb.db.selectFrom('settlement_refs as r').innerJoin('settlements as s', 's.settlement_key', 'r.settlement_key').select(['r.kind', 'r.value', 's.settlement_id']).where('r.account_key', '=', 'acme-amazon-us').execute();
    const order = refs.find((r) => r.kind === 'order')!;
    const sku = refs.find((r) => r.kind === 'sku')!;
    expect(ids(await find('acme-amazon-us', order.value))).toContain(order.settlement_id);
    expect(ids(await find('acme-amazon-us', sku.value))).toContain(sku.settlement_id);
    const shopify = await server.testDb.db.selectFrom('settlements').select('settlement_id').where('account_key', '=', 'acme-shopify').where('gateway', '=', 'Shopify Payments').execute();
    expect(shopify.length).toBeGreaterThan(0);
    expect(ids(await find('acme-shopify', 'Shopify Payments'))).toEqual(shopify.map((s) => s.settlement_id).sort());
  });

  it("never finds another account's settlement, by amount or otherwise", async () => {
    expect(await find('other-seller', '36.52', other)).toEqual([]);
    expect(await find('other-seller', '11223344556', other)).toEqual([]);
    const foreign = await server.app.inject({
      method: 'POST',
      url: '/spanner-settlements-with-pagination?page=0&size=10',
      payload: { paginatedSearchCriteriaClause: [[{ filterKey: 'accountKey', operation: 'eq', value: 'acme-amazon-us' }], [{ filterKey: 'text', operation: 'like', value: '36.52' }]] },
      headers: bearer(other),
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('a settlement, mapped and sent: its history and its notification', () => {
  it('resolves "needs mappings" once mapped and posted, tells the history, and keeps it after deletion', async () => {
    await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', 'acme-amazon-us').execute();
    const row = await server.testDb.db.selectFrom('settlements').select(['settlement_key']).where('account_key', '=', 'acme-amazon-us').where('settlement_id', '=', '11223344556').executeTakeFirstOrThrow();
    const key = row.settlement_key;
    const list = async () => (await get('/notifications/list?size=100')).json<{ notifications: Notification[]; unreadCount: number }>();
    const before = await list();
    const needs = before.notifications.find((n) => n.kind === 'mappings-needed' && n.title.includes('11223344556'));
    expect(needs, JSON.stringify(before.notifications.map((n) => n.title))).toBeDefined();
    expect(needs!.readAt).toBeNull();
    expect(needs!.resolvedAt).toBeNull();

    // Map the type it lacks; send; posted to the built-in ledger.
    const mappings = (await get('/mappings?accountKey=acme-amazon-us')).json<Mappings>();
    const code = mappings.accounts[0]!.code;
    const saved = await server.app.inject({ method: 'PUT', url: '/mappings?accountKey=acme-amazon-us', payload: { entries: [{ channel: 'AMAZON', typeKey: 'other-transaction|other-transaction|New Mystery Fee', accountCode: code, taxRateCode: mappings.taxRates[0]!.code }] }, headers: bearer(demo) });
    expect(saved.statusCode, saved.body).toBe(200);
    const f = form([['settlementKey', key], ['action', 'send']]);
    expect((await server.app.inject({ method: 'POST', url: '/settlementSend', payload: f.payload, headers: { ...f.headers, ...bearer(demo) } })).statusCode).toBe(200);
    await waitFor(() => server.testDb.db.selectFrom('settlements').select(['posting_status', 'send_state']).where('settlement_key', '=', key).executeTakeFirstOrThrow(), (r) => r.posting_status === 'POSTED' && r.send_state === 'IDLE', 'the send');

    const after = await list();
    const resolved = after.notifications.find((n) => n.notificationId === needs!.notificationId)!;
    expect(resolved.resolution).toBe('Resolved: the settlement is posted.');
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.readAt).not.toBeNull();
    expect(after.unreadCount).toBe(before.unreadCount - 1);
    expect((await get('/notifications/unread-count')).json<{ unreadCount: number }>().unreadCount).toBe(after.unreadCount);

    // Its history: imported, mapped (by Dana), sent (by Dana), posted (for Dana), in that order.
    const history = await get(`/settlement/history?settlementKey=${key}`);
    expect(history.statusCode, history.body).toBe(200);
    const entries = history.json<{ isDeleted: boolean; entries: { kind: string; by: string; at: string }[] }>().entries;
    const kinds = entries.map((e) => e.kind);
    expect(kinds.indexOf('imported')).toBe(0);
    for (const kind of ['mapped', 'sent', 'posted']) expect(entries.find((e) => e.kind === kind)?.by, kind).toBe('Dana Demo');
    expect(kinds.indexOf('mapped')).toBeLessThan(kinds.indexOf('sent'));
    expect(kinds.indexOf('sent')).toBeLessThan(kinds.indexOf('posted'));
    expect([...entries].map((e) => e.at)).toEqual([...entries].map((e) => e.at).sort());

    // Another account's user: not found.
    expect((await get(`/settlement/history?settlementKey=${key}`, other)).statusCode).toBe(404);
  });

  it("answers a deleted settlement's history with who deleted it, and not found for another account", async () => {
    const row = await server.testDb.db.selectFrom('settlements').select(['settlement_key', 'settlement_id']).where('account_key', '=', 'acme-shopify').where('posting_status', '=', 'NOT_POSTED').orderBy('settlement_key').executeTakeFirstOrThrow();
    const del = await get(`/settlement?ajax=true&action=delete&settlementKey=${row.settlement_key}`);
    expect(del.statusCode, del.body).toBe(200);
    const history = await get(`/settlement/history?settlementKey=${row.settlement_key}`);
    expect(history.statusCode).toBe(200);
    const body = history.json<{ isDeleted: boolean; entries: { kind: string; by: string }[] }>();
    expect(body.isDeleted).toBe(true);
    expect(body.entries.at(-1)).toMatchObject({ kind: 'deleted', by: 'Dana Demo' });
    expect((await get(`/settlement/history?settlementKey=${row.settlement_key}`, other)).statusCode).toBe(404);
    expect((await get('/settlement/history?settlementKey=stl_never_was')).json<ErrorBody>().code).toBe('settlement.not-found');
  });
});
