/**
 * A settlement's send runs once at a time (send-lock.ts). Two runs of one send at the same moment
 * (a Send queued twice through two web processes, or a job handed to a second worker while the first
 * still runs it) would both find the part's SENDING row and both call the system; Sage's idempotency
 * is a lookup by the document number before the create, so both lookups find nothing and both create.
 * The second run now leaves the send to the first: Sage holds one invoice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mappings, TokenSet } from '@ledgerport/contract';
import type { Settlement } from '@ledgerport/core/settlements';
import { localEndpoints, startVendorServer, type VendorServer } from '@ledgerport/integrations/accounting/testing';
import { createDeps } from '../../app';
import type { Deps } from '../../http/deps';
import { bearer, testConfig } from '../../../test/test-app';
import { startSettlementTestServer, type SettlementTestServer } from '../../../test/settlement-test-server';
import { storeSettlements } from '../imports/store-settlements';
import { sendSettlement } from './send-settlement';

const ACCOUNT = 'acme-amazon-ca';
let vendors: VendorServer;
let server: SettlementTestServer;
let demo: TokenSet;
let deps: Deps;

function settlement(settlementId: string): Settlement {
  const postedAt = Date.parse('2026-10-10T12:00:00Z');
  const lines = [{ postedAt, typeKey: 'Order|ItemPrice|Principal', orderId: 'O-1', sku: 'MUG', quantity: 1, marketplace: 'Amazon.ca', fulfilmentChannel: 'AFN', amount: 250_000n, source: { file: 'once.txt', row: 2 } }];
  return { channel: 'AMAZON', settlementId, format: 'amazon-v2', marketplace: 'Amazon.ca', currency: 'CAD', startDate: postedAt, endDate: postedAt, depositDate: postedAt, total: 250_000n, status: 'closed', sellerId: null, sourceFile: 'once.txt', lines };
}

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => server.app.inject({ method, url, headers: bearer(demo), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  vendors = await startVendorServer();
  const accounting = localEndpoints(vendors.url);
  server = await startSettlementTestServer({ config: { accounting } });
  demo = await server.signIn('demo@ledgerport.local');
  const start = await call('POST', '/accounting/connect', { accountKey: ACCOUNT, system: 'SAGE' });
  const authorize = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl);
  const decide = new URL('decide', authorize);
  decide.search = authorize.search;
  decide.searchParams.set('decision', 'allow');
  const back = new URL((await fetch(decide, { redirect: 'manual' })).headers.get('location')!);
  expect((await call('POST', '/accounting/callback', { system: 'SAGE', query: Object.fromEntries(back.searchParams) })).statusCode).toBe(200);
  // The send service as a job runs it; on PostgreSQL with the lock PostgreSQL holds (databaseUrl says which engine).
  deps = createDeps({ db: server.testDb.db, config: testConfig({ accounting, databaseUrl: server.testDb.kind === 'postgres' ? process.env.DATABASE_URL : undefined }), clock: server.clock, jobs: server.jobs });
}, 180_000);

afterAll(async () => {
  await server?.close();
  await vendors?.close();
});

describe('two runs of one send at the same moment', () => {
  it('make one invoice at Sage: the second leaves the send to the first', async () => {
    const { db } = server.testDb;
    const stored = await db.transaction().execute((trx) => storeSettlements(trx, ACCOUNT, { settlements: [settlement('77001')], problems: [] }, { kind: 'file', at: new Date('2026-10-20T00:00:00Z') }));
    const key = stored.settlements[0]!.settlementKey;
    // Its sale on Sales - Amazon (la-4000) of the connected Sage chart.
    const mappings = (await call('GET', `/mappings?accountKey=${ACCOUNT}`)).json<Mappings>();
    const entries = mappings.rows.filter((r) => r.isUnmapped).map((r) => ({ channel: r.channel, typeKey: r.typeKey, accountCode: 'la-4000', taxRateCode: mappings.defaultTaxRateCode ?? 'NONE' }));
    const saved = await call('PUT', `/mappings?accountKey=${ACCOUNT}`, { entries });
    expect(saved.statusCode, saved.body).toBe(200);
    // Sage answers each lookup a second after making it: both runs' lookups see no invoice yet.
    vendors.addFault({ system: 'sage', match: '^GET .*/(sales_invoices|purchase_invoices|journals)', answerDelayMs: 1000, times: 4 });
    const first = sendSettlement(deps, key);
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
      if (await db.selectFrom('settlement_documents').select('status').where('settlement_key', '=', key).where('status', '=', 'SENDING').executeTakeFirst()) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const second = sendSettlement(deps, key);
    await Promise.all([first, second]);

    const docs = await db.selectFrom('settlement_documents').select(['status', 'remote_id', 'error']).where('settlement_key', '=', key).execute();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ status: 'POSTED', error: null });
    const atSage = () => vendors.sage.documents.filter((d) => d.number.includes('77001'));
    expect(atSage()).toHaveLength(1);
    expect(atSage()[0]!.id).toBe(docs[0]!.remote_id);
    const row = await db.selectFrom('settlements').select(['posting_status', 'send_state']).where('settlement_key', '=', key).executeTakeFirstOrThrow();
    expect(row).toEqual({ posting_status: 'POSTED', send_state: 'IDLE' });

    // A third run after it is posted (a job queued twice) changes nothing.
    await sendSettlement(deps, key);
    expect(atSage()).toHaveLength(1);
    expect(await db.selectFrom('settlement_documents').select(['status', 'remote_id', 'error']).where('settlement_key', '=', key).execute()).toEqual(docs);
  }, 90_000);
});
