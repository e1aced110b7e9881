/**
 * Inventory through SP-API on a real database (decision 0050), the fake Amazon served over HTTP: a
 * month fetched by the background job stores exactly what the same file uploaded stores; a FATAL
 * report fails the fetch with Amazon's reason; settings are audited with a sentence in History; the
 * refusals (not Amazon 422, another account 404, view-only 403, a month not ended 422, no connection 409).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, InventoryFetchSettingsBody, InventorySummaryBody, TokenSet } from '@ledgerport/contract';
import { createFakeAmazon, serveFetch, type FakeAmazon, type ServedFetch } from '@ledgerport/integrations/testing';
import { bearer, testConfig } from '../../../test/test-app';
import type { Deps } from '../../http/deps';
import { loadChannelConfig } from '../../config/channel-config';
import { roleOfChannel, saveConnectedChannel, sealCredentials } from '../channel-connections/channel-connection-repository';
import { createSecretBox } from '../../security/secret-box';
import { startSettlementTestServer, type SettlementTestServer } from '../../../test/settlement-test-server';
import { scheduleMonthlyInventoryFetches } from './fetch-inventory-report-job';

const ACCOUNT = 'acme-amazon-us';
const FIXTURE = fs.readFileSync(path.join(__dirname, '../../../../../packages/core/src/inventory/__fixtures__/ledger-summary-2026-10.tsv'));
const app = { clientId: 'ledgerport-app', clientSecret: 'ledgerport-secret' };
let server: SettlementTestServer;
let served: ServedFetch;
let amazon: FakeAmazon;
let demo: TokenSet;
let other: TokenSet;
let viewer: TokenSet;

const get = (url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const put = (body: unknown, tokens = demo, accountKey = ACCOUNT) =>
  server.app.inject({ method: 'PUT', url: `/inventory/fetch-settings?accountKey=${accountKey}`, payload: body as object, headers: bearer(tokens) });
const fetchMonth = (month: string, tokens = demo, accountKey = ACCOUNT) =>
  server.app.inject({ method: 'POST', url: `/inventory/fetch-month?accountKey=${accountKey}`, payload: { month }, headers: bearer(tokens) });
const settings = async () => (await get(`/inventory/fetch-settings?accountKey=${ACCOUNT}`)).json<InventoryFetchSettingsBody>();

function upload(name: string, content: Buffer) {
  const boundary = '----inventoryfetchtest';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/tab-separated-values\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({ method: 'POST', url: `/inventory/reports?accountKey=${ACCOUNT}`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(demo) } });
}

/** Waits for the job to finish the fetch (pg-boss polls every half second in tests). */
async function finished(fetchId: string) {
  for (let i = 0; i < 120; i++) {
    const f = (await settings()).fetches.find((x) => x.fetchId === fetchId)!;
    if (f.status === 'DONE' || f.status === 'FAILED') return f;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`fetch ${fetchId} did not finish`);
}

const positions = () =>
  server.testDb.db.selectFrom('inventory_positions').select(['month', 'sku', 'location', 'title', 'starting_units', 'ending_units', 'shipped_units', 'returned_units']).where('account_key', '=', ACCOUNT).orderBy('sku').orderBy('location').execute();

beforeAll(async () => {
  served = await serveFetch((r) => amazon.fetch(r));
  amazon = await createFakeAmazon({ apiUrl: served.url, tokenUrl: `${served.url}/auth/o2/token`, ...app });
  amazon.ledgerPolls.count = 0;
  const channels = loadChannelConfig({
    LEDGERPORT_AMAZON_API_URL: served.url,
    LEDGERPORT_AMAZON_TOKEN_URL: `${served.url}/auth/o2/token`,
    LEDGERPORT_AMAZON_CLIENT_ID: app.clientId,
    LEDGERPORT_AMAZON_CLIENT_SECRET: app.clientSecret,
  });
  server = await startSettlementTestServer({ config: { channels } });
  server.clock.set(new Date('2026-11-22T12:00:00Z'));
  [demo, other, viewer] = [await server.signIn('demo@ledgerport.local'), await server.signIn('other@ledgerport.local'), await server.signIn('viewer@ledgerport.local')];
}, 120_000);
afterAll(async () => {
  await server?.close();
  await served?.close();
});

async function connectAmazon() {
  const box = createSecretBox(testConfig().secret);
  const role = roleOfChannel('AMAZON');
  const credentials = { tokens: { accessToken: amazon.auth.issueAccessToken(), refreshToken: null, expiresAt: Date.parse('2027-01-31T00:00:00Z') }, params: { sellingPartnerId: 'A1SELLER' } };
  await saveConnectedChannel(server.testDb.db, {
    accountKey: ACCOUNT, role, system: 'AMAZON', remoteId: 'A1SELLER', remoteName: 'Amazon seller A1SELLER',
    credentialsSealed: sealCredentials(box, ACCOUNT, role, credentials), accessTokenExpiresAt: null, now: server.clock(),
  });
}

describe('Account Settings > Inventory refusals', () => {
  it('refuses a non-Amazon account with 422 account.not-amazon', async () => {
    for (const res of [await get('/inventory/fetch-settings?accountKey=acme-shopify'), await put({ isMonthlyFetchEnabled: true, aggregateBy: 'FC', marketplaceId: 'ATVPDKIKX0DER', valuationCurrency: null }, demo, 'acme-shopify'), await fetchMonth('2026-10', demo, 'acme-shopify')]) {
      expect(res.statusCode).toBe(422);
      expect(res.json<ErrorBody>().code).toBe('account.not-amazon');
    }
  });

  it("a user of another account gets 404 on this account's settings and fetches", async () => {
    expect((await get(`/inventory/fetch-settings?accountKey=${ACCOUNT}`, other)).statusCode).toBe(404);
    expect((await put({ isMonthlyFetchEnabled: true, aggregateBy: 'FC', marketplaceId: 'ATVPDKIKX0DER', valuationCurrency: null }, other)).statusCode).toBe(404);
    expect((await fetchMonth('2026-10', other)).statusCode).toBe(404);
  });

  it('a view-only user reads the settings but cannot change them nor fetch', async () => {
    const read = await get(`/inventory/fetch-settings?accountKey=${ACCOUNT}`, viewer);
    expect(read.statusCode).toBe(200);
    expect(read.json<InventoryFetchSettingsBody>()).toMatchObject({ canEdit: false, isMonthlyFetchEnabled: false, aggregateBy: 'FC', isConnected: false });
    expect((await put({ isMonthlyFetchEnabled: true, aggregateBy: 'FC', marketplaceId: 'ATVPDKIKX0DER', valuationCurrency: null }, viewer)).statusCode).toBe(403);
    expect((await fetchMonth('2026-10', viewer)).statusCode).toBe(403);
  });

  it('refuses to fetch without an Amazon connection (409) and a month not ended (422)', async () => {
    const notConnected = await fetchMonth('2026-10');
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json<ErrorBody>().message).toContain('Amazon is not connected');
    const running = await fetchMonth('2026-11');
    expect(running.statusCode).toBe(422);
    expect(running.json<ErrorBody>()).toMatchObject({ code: 'inventory.month-not-ended', message: "2026-11 has not ended yet; Amazon's inventory ledger of a month can be fetched once the month is over." });
  });

  it('refuses a marketplace id that is not Amazon’s', async () => {
    const res = await put({ isMonthlyFetchEnabled: true, aggregateBy: 'FC', marketplaceId: 'NOTAMARKET1', valuationCurrency: null });
    expect(res.statusCode).toBe(400);
  });
});

describe('fetching the Inventory Ledger summary through SP-API', () => {
  it('saves the settings, audited with a sentence in History, and values inventory in the chosen currency', async () => {
    const res = await put({ isMonthlyFetchEnabled: true, aggregateBy: 'COUNTRY', marketplaceId: 'ATVPDKIKX0DER', valuationCurrency: 'eur' });
    expect(res.statusCode).toBe(200);
    expect(res.json<InventoryFetchSettingsBody>()).toMatchObject({ isMonthlyFetchEnabled: true, aggregateBy: 'COUNTRY', valuationCurrency: 'EUR', effectiveCurrency: 'EUR', canEdit: true });
    const history = (await get(`/account-settings/history?accountKey=${ACCOUNT}`)).json<{ entries: { summary: string; actorEmail: string | null }[] }>();
    // The changed fields in the order the audit row keeps them (PostgreSQL's jsonb orders keys its own way).
    const entry = history.entries[0]!;
    expect(entry.actorEmail).toBe('demo@ledgerport.local');
    expect(entry.summary).toMatch(/^Changed the inventory fetch settings: /);
    expect(entry.summary.split(': ')[1]!.split('; ').sort()).toEqual(['Fetch inventory monthly off → on', 'Inventory by fulfilment centre → country', 'Valuation currency none → EUR']);
    expect((await get(`/inventory/summary?accountKey=${ACCOUNT}&month=2026-10`)).json<InventorySummaryBody>().currency).toBe('EUR');
    await put({ isMonthlyFetchEnabled: true, aggregateBy: 'FC', marketplaceId: 'ATVPDKIKX0DER', valuationCurrency: null });
  });

  it('a fetched month (GZIP document) stores the same positions as the same file uploaded, and says where it came from', async () => {
    await connectAmazon();
    amazon.ledgerDocuments.set('2026-10', { document: new Uint8Array(FIXTURE), isGzip: true });
    const asked = await fetchMonth('2026-10');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ month: '2026-10', status: 'QUEUED', aggregateBy: 'FC', requestedBy: 'demo@ledgerport.local' });
    const done = await finished(asked.json<{ fetchId: string }>().fetchId);
    expect(done).toMatchObject({ status: 'DONE', message: `5 rows of Amazon report ${done.reportId} stored for 2026-10.` });
    const made = amazon.reports.find((r) => r.reportId === done.reportId)!;
    expect(made.specification).toMatchObject({ reportType: 'GET_LEDGER_SUMMARY_VIEW_DATA', marketplaceIds: ['ATVPDKIKX0DER'], reportOptions: { aggregateByLocation: 'FC', aggregatedByTimePeriod: 'MONTHLY' } });
    expect(amazon.violations()).toEqual([]);

    const fetched = await positions();
    const summary = (await get(`/inventory/summary?accountKey=${ACCOUNT}&month=2026-10`)).json<InventorySummaryBody>();
    expect(summary).toMatchObject({ hasReport: true, source: 'SP_API', reportId: done.reportId, fileName: `Amazon report ${done.reportId}`, units: 396 });
    expect(summary.months).toEqual([expect.objectContaining({ month: '2026-10', source: 'SP_API' })]);

    expect((await upload('ledger-2026-10.tsv', FIXTURE)).statusCode).toBe(200);
    expect(await positions()).toEqual(fetched);
    const uploaded = (await get(`/inventory/summary?accountKey=${ACCOUNT}&month=2026-10`)).json<InventorySummaryBody>();
    expect(uploaded).toMatchObject({ source: 'UPLOAD', reportId: null, fileName: 'ledger-2026-10.tsv' });
    const { source: _a, reportId: _b, fileName: _c, uploadedAt: _d, months: _e, ...fromFile } = uploaded;
    const { source: _f, reportId: _g, fileName: _h, uploadedAt: _i, months: _j, ...fromApi } = summary;
    expect(fromFile).toEqual(fromApi);
    const actions = await server.testDb.db.selectFrom('audit_log').select('action').where('account_key', '=', ACCOUNT).where('action', 'like', 'inventory.%').execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['inventory.month-fetch-asked', 'inventory.report-fetched', 'inventory.report-uploaded']);
  });

  it("a FATAL report fails the fetch with Amazon's reason and keeps what was stored", async () => {
    amazon.ledgerOutcomes.set('2026-09', { processingStatus: 'FATAL', errorDocument: new TextEncoder().encode(JSON.stringify({ errorDetails: 'Report processing failed for an internal reason.' })) });
    const asked = await fetchMonth('2026-09');
    const failed = await finished(asked.json<{ fetchId: string }>().fetchId);
    expect(failed.status).toBe('FAILED');
    expect(failed.message).toBe(`Amazon could not make inventory report ${failed.reportId} for 2026-09: Report processing failed for an internal reason.`);
    expect((await get(`/inventory/summary?accountKey=${ACCOUNT}&month=2026-09`)).json<InventorySummaryBody>().hasReport).toBe(false);
  });

  it('the monthly schedule asks for the month before, once, for accounts that turned it on', async () => {
    server.clock.set(new Date('2026-12-02T06:00:00Z'));
    amazon.ledgerDocuments.set('2026-11', { document: new Uint8Array(Buffer.from(FIXTURE.toString('utf8').replaceAll('10/2026', '11/2026'))) });
    // What the cron job's handler gets: the server's database, clock and queue.
    const deps = { db: server.testDb.db, clock: server.clock, jobs: server.jobs } as unknown as Deps;
    expect(await scheduleMonthlyInventoryFetches(deps)).toBe(1);
    expect(await scheduleMonthlyInventoryFetches(deps)).toBe(0);
    demo = await server.signIn('demo@ledgerport.local');
    const scheduled = (await settings()).fetches.find((f) => f.month === '2026-11')!;
    expect(scheduled.requestedBy).toBeNull();
    expect(await finished(scheduled.fetchId)).toMatchObject({ status: 'DONE' });
  });
});
