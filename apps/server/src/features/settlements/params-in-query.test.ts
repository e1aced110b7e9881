/**
 * settlementSend and bulkActionSettlement take their parameters in the query string too, as the spec's
 * callers send them (section 7: POST settlementSend?settlementKey&action). Issue 30. Runs on PGlite,
 * and on PostgreSQL with DATABASE_URL.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, TokenSet } from '@ledgerport/contract';
import { parseReport } from '@ledgerport/core/channels';
import { bearer } from '../../../test/test-app';
import { storeSettlements } from '../imports/store-settlements';
import { coreFixture, form, startSettlementTestServer, type SettlementTestServer } from '../../../test/settlement-test-server';

let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
let keys: string[] = [];

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  await server.testDb.db.deleteFrom('settlements').execute();
  // The built-in ledger: a send needs no outside system.
  await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', 'acme-amazon-us').execute();
  const result = await parseReport(new Uint8Array(fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'))), { fileName: 'report-q' });
  const stored = await server.testDb.db.transaction().execute((trx) => storeSettlements(trx, 'acme-amazon-us', result, { kind: 'api', reportId: 'report-q', at: new Date() }));
  keys = stored.settlements.map((s) => s.settlementKey);
}, 120_000);
afterAll(() => server.close());

const post = (url: string, tokens: TokenSet, payload?: ReturnType<typeof form>) =>
  server.app.inject({ method: 'POST', url, ...(payload ? { payload: payload.payload, headers: { ...payload.headers, ...bearer(tokens) } } : { headers: bearer(tokens) }) });

describe('parameters in the query string', () => {
  it('settlementSend?settlementKey&action with no body answers as the form-encoded call does', async () => {
    const key = keys[0]!;
    const byQuery = await post(`/settlementSend?settlementKey=${encodeURIComponent(key)}&action=send`, demo);
    expect(byQuery.statusCode).toBe(200);
    const byForm = await post('/settlementSend', demo, form([['settlementKey', key], ['action', 'send']]));
    expect(byForm.statusCode).toBe(200);
    // The same settlement, the same answer shape; sending twice never posts twice.
    expect(Object.keys(byQuery.json<object>()).sort()).toEqual(Object.keys(byForm.json<object>()).sort());
    expect([...byQuery.json<{ queued: string[] }>().queued, ...byQuery.json<{ skipped: Array<{ settlementKey: string }> }>().skipped.map((s) => s.settlementKey)]).toEqual([key]);
  });

  it('bulkActionSettlement?bulkAction&bulkSettlement (repeated) takes every key', async () => {
    const url = `/bulkActionSettlement?bulkAction=export&${keys.map((k) => `bulkSettlement=${encodeURIComponent(k)}`).join('&')}`;
    const res = await post(url, demo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bulkAction: 'export', downloadUrl: expect.any(String) as unknown });
  });

  it('refuses a parameter given twice with different values, and a missing one, naming it; another account answers not-found', async () => {
    const key = keys[0]!;
    const twice = await post(`/settlementSend?settlementKey=${encodeURIComponent(key)}&action=send`, demo, form([['settlementKey', 'stl_other'], ['action', 'send']]));
    expect(twice.statusCode).toBe(400);
    expect(twice.json<ErrorBody>().message).toBe('settlementKey is given in both the query string and the body, with different values. Give it once.');
    const missing = await post('/settlementSend?action=send', demo);
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json<ErrorBody>())).toContain('settlementKey');
    const unknownParam = await post(`/settlementSend?settlementKey=${encodeURIComponent(key)}&action=send&extra=1`, demo);
    expect(unknownParam.statusCode).toBe(400);
    const foreign = await post(`/settlementSend?settlementKey=${encodeURIComponent(key)}&action=send`, other);
    expect(foreign.statusCode).toBe(404);
  });
});
