/**
 * FIFO by purchase lots through the server: a premium account takes units from the oldest lot first,
 * the detail shows which lot each unit came from, a refresh gives its own takes back before taking
 * again, and the bulk COGS send and export act on the settlements chosen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CogsSettingsBody, SettlementCogsBody, TokenSet } from '@ledgerport/contract';
import type { Settlement } from '@ledgerport/core/settlements';
import { bearer } from '../../../test/test-app';
import { storeSettlements } from '../imports/store-settlements';
import { form, startSettlementTestServer, waitFor, type SettlementTestServer } from '../../../test/settlement-test-server';

const ACCOUNT = 'acme-amazon-us';
let server: SettlementTestServer;
let demo: TokenSet;
let settlementKey: string;

function settlement(): Settlement {
  const postedAt = Date.parse('2026-10-10T12:00:00Z');
  const line = (orderId: string, quantity: number) => ({ postedAt, typeKey: 'Order|ItemPrice|Principal', orderId, sku: 'TENT', quantity, marketplace: 'Amazon.com', fulfilmentChannel: 'AFN', amount: 500_000n, source: { file: 'fifo.txt', row: 2 } });
  const lines = [line('O-1', 3), line('O-2', 2)];
  return { channel: 'AMAZON', settlementId: '88001', format: 'amazon-v2', marketplace: 'Amazon.com', currency: 'USD', startDate: postedAt, endDate: postedAt, depositDate: postedAt, total: 1_000_000n, status: 'closed', sellerId: null, sourceFile: 'fifo.txt', lines };
}

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  const { db } = server.testDb;
  await db.deleteFrom('settlements').execute();
  await db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', ACCOUNT).execute();
  await db.updateTable('account_features').set({ cogs_enabled: true, premium: true }).where('account_key', '=', ACCOUNT).execute();
  const stored = await db.transaction().execute((trx) => storeSettlements(trx, ACCOUNT, { settlements: [settlement()], problems: [] }, { kind: 'file', at: new Date('2026-10-20T00:00:00Z') }));
  settlementKey = stored.settlements[0]!.settlementKey;
}, 120_000);
afterAll(() => server.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => server.app.inject({ method, url, headers: bearer(demo), ...(payload ? { payload } : {}) });
const bulk = (action: string) => {
  const f = form([['bulkAction', action], ['bulkSettlement', settlementKey]]);
  return server.app.inject({ method: 'POST', url: '/bulkActionSettlement', payload: f.payload, headers: { ...f.headers, ...bearer(demo) } });
};

describe('FIFO cost of goods sold', () => {
  it('takes units from the oldest lot first and shows which lot each came from; a refresh takes the same units again', async () => {
    expect((await call('PUT', `/account-settings/cogs?accountKey=${ACCOUNT}`, { costingMethod: 'fifo' })).json<CogsSettingsBody>()).toMatchObject({ costingMethod: 'fifo', canUseFifo: true });
    for (const lot of [
      { lotId: 'NEW', purchasedOn: '2026-09-01', quantity: 10, unitCost: '30' },
      { lotId: 'OLD', purchasedOn: '2026-08-01', quantity: 4, unitCost: '20' },
    ]) expect((await call('POST', `/cost-admin/lots?accountKey=${ACCOUNT}`, { ...lot, sku: 'TENT', currency: 'USD' })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect((await call('GET', `/settlement?ajax=true&action=refreshcogs&settlementKey=${settlementKey}`)).statusCode).toBe(200);
      const cogs = (await call('GET', `/settlement/cogs?settlementKey=${settlementKey}`)).json<SettlementCogsBody>();
      // 5 units: 4 from OLD at 20.00, 1 from NEW at 30.00.
      expect(cogs).toMatchObject({ method: 'fifo', total: '110.0000', missing: [] });
      expect(cogs.lots).toEqual([{ lotId: 'NEW', sku: 'TENT', units: 1 }, { lotId: 'OLD', sku: 'TENT', units: 4 }]);
    }
    const lots = (await call('GET', `/cost-admin/lots?accountKey=${ACCOUNT}&sku=TENT`)).json<{ lots: { lotId: string; unitsLeft: number }[] }>().lots;
    expect(lots.map((l) => [l.lotId, l.unitsLeft])).toEqual([['OLD', 0], ['NEW', 9]]);
  });

  it('the bulk COGS export links to the COGS journals of the settlements chosen, and the bulk COGS send posts them', async () => {
    const exported = (await bulk('cogsExport')).json<{ downloadUrl: string }>();
    expect(exported.downloadUrl).toBe(`/export-cogs/download?accountKey=${ACCOUNT}&format=csv&settlementKeys=${settlementKey}`);
    const file = await call('GET', exported.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-cogs-skipped']).toBe('0');
    expect(file.body).toContain('COGS-AMZ-88001');
    expect((await bulk('cogsSend')).json<{ queued: string[] }>().queued).toEqual([settlementKey]);
    await waitFor(() => server.testDb.db.selectFrom('settlements').select('cogs_posting_status').where('settlement_key', '=', settlementKey).executeTakeFirstOrThrow(), (r) => r.cogs_posting_status === 'POSTED', 'the bulk COGS send');
  });
});
