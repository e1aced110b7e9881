import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchHistoryStatus, InconsistentSettlement, TokenSet } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let demo: TokenSet;
let support: TokenSet;
let admin: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, support, admin] = await server.signInAll('demo@ledgerport.local', 'support@ledgerport.local', 'admin@ledgerport.local');
  const db = server.testDb.db;
  // Two accounts' settlements made inconsistent as a file whose lines miss the deposit would be.
  for (const accountKey of ['acme-amazon-us', 'acme-ebay']) {
    const s = await db.selectFrom('settlements').select(['settlement_key', 'lines_total']).where('account_key', '=', accountKey).orderBy('settlement_key').executeTakeFirstOrThrow();
    await db
      .updateTable('settlements')
      .set({ inconsistent: true, total: '100.0000', lines_total: '99.9900', difference: '0.0100', inconsistency_reason: 'The lines do not add up to the deposit.' })
      .where('settlement_key', '=', s.settlement_key)
      .execute();
  }
});
afterAll(() => server.close());

const get = (url: string, tokens: TokenSet) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });

describe('GET /backend/inconsistent-settlements', () => {
  it('lists every inconsistent settlement across accounts with its difference, for support staff', async () => {
    for (const staff of [support, admin]) {
      const res = await get('/backend/inconsistent-settlements', staff);
      expect(res.statusCode).toBe(200);
      const rows = res.json<{ settlements: InconsistentSettlement[] }>().settlements;
      expect(rows.map((r) => r.accountKey).sort()).toEqual(['acme-ebay', 'acme-amazon-us'].sort());
      for (const r of rows) expect(r).toMatchObject({ total: '100.0000', linesTotal: '99.9900', difference: '0.0100', reason: 'The lines do not add up to the deposit.' });
      expect(rows.find((r) => r.accountKey === 'acme-ebay')).toMatchObject({ accountName: 'Acme Outdoor eBay', salesChannel: 'EBAY' });
    }
  });

  it('keeps to the limit asked for', async () => {
    expect((await get('/backend/inconsistent-settlements?limit=1', support)).json<{ settlements: unknown[] }>().settlements).toHaveLength(1);
    expect((await get('/backend/inconsistent-settlements?limit=0', support)).statusCode).toBe(400);
  });

  it('does not exist for a merchant, even one who owns the settlements', async () => {
    const res = await get('/backend/inconsistent-settlements', demo);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'There is no endpoint GET /backend/inconsistent-settlements.', code: 'not-found', httpStatusCode: 404 });
  });
});

describe('GET /backend/fetch-history-status', () => {
  it('lists the history requests of every account, newest first', async () => {
    const db = server.testDb.db;
    const at = new Date('2026-11-20T10:00:00Z');
    const request = (requestId: string, requestedAt: string) => ({ requestId, fromDate: '2026-01-01', toDate: '2026-01-31', status: 'DONE', requestedAt, finishedAt: requestedAt, settlementCount: 2, message: null });
    await db
      .insertInto('connections')
      .values([
        { connection_id: 'c-hist-1', account_key: 'acme-amazon-ca', role: 'sales-channel', system: 'AMAZON', settings: JSON.stringify({ historyRequests: [request('r-old', '2026-11-01T00:00:00.000Z')] }), updated_at: at },
        { connection_id: 'c-hist-2', account_key: 'other-seller', role: 'sales-channel', system: 'AMAZON', settings: JSON.stringify({ historyRequests: [request('r-new', '2026-11-02T00:00:00.000Z')] }), updated_at: at },
      ])
      .execute();
    const rows = (await get('/backend/fetch-history-status', support)).json<{ requests: FetchHistoryStatus[] }>().requests;
    expect(rows.map((r) => [r.requestId, r.accountKey])).toEqual([
      ['r-new', 'other-seller'],
      ['r-old', 'acme-amazon-ca'],
    ]);
    expect(rows[0]).toMatchObject({ accountName: 'Other Seller Ltd', status: 'DONE', settlementCount: 2 });
  });

  it('does not exist for a merchant', async () => {
    expect((await get('/backend/fetch-history-status', demo)).statusCode).toBe(404);
  });
});
