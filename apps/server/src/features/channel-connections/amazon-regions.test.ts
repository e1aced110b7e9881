/**
 * Issue 28: an Amazon seller of any marketplace through the API. The seller picks the marketplace when
 * connecting; its Seller Central's consent page is used, the region is stored with the connection, and
 * every call of the connection (settlement reports, the Finances API, inventory reports) goes to that
 * region's SP-API. Two local SP-APIs, North America and Europe, share one Login with Amazon (as at
 * Amazon); the base URL of each region is its own setting. Assembled like channel-connections.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AMAZON_LOCALES, writeAmazonV2 } from '@ledgerport/core/channels/amazon';
import type { Settlement } from '@ledgerport/core/settlements';
import { createFakeAmazon, serveFetch, type FakeAmazon, type ServedFetch } from '@ledgerport/integrations/testing';
import type { ErrorBody, TokenSet } from '@ledgerport/contract';
import type { Config } from '../../config';
import { openTestDb, type TestDb } from '../../../test/test-db';
import { mailDepsForTests } from '../../../test/test-app';
import { createAccessTokens } from '../../security/access-tokens';
import { registerAuthRoutes } from '../auth/auth-routes';
import { createSignInLimiter } from '../../security/sign-in-limiter';
import type { Deps } from '../../http/deps';
import { registerErrorHandling } from '../../http/error-handler';
import { createSecretBox } from '../../security/secret-box';
import { noAccountingConnections } from '../../http/accounting-port-resolver';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { loadChannelConfig } from '../../config/channel-config';
import { registerChannelConnections } from './register-channel-connections';
import { runChannelFetch } from './fetch-channel-settlements-job';
import { assertPlanFeature } from '../billing/check-billing';
import { insertInventoryFetch, findInventoryFetch } from '../inventory/inventory-fetch-repository';
import { runInventoryFetch } from '../inventory/fetch-inventory-report-job';

const ACCOUNT = 'acme-amazon-us';
const DE = 'A1PA6795UKMFR9';
const app = { clientId: 'ledgerport-app', clientSecret: 'ledgerport-secret' };
const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY = 24 * 3600 * 1000;
const LEDGER = fs.readFileSync(path.join(__dirname, '../../../../../packages/core/src/inventory/__fixtures__/ledger-summary-2026-10.tsv'));
let testDb: TestDb;
let server: FastifyInstance;
let deps: Deps;
let na: FakeAmazon;
let eu: FakeAmazon;
const served: ServedFetch[] = [];
let demo: TokenSet;
const auth = (t: TokenSet) => ({ authorization: `Bearer ${t.accessToken}`, host: 'ledgerport.test' });

function germanSettlement(id: string): Settlement {
  const at = NOW - 3 * DAY;
  const lines = [
    { typeKey: 'Order|ItemPrice|Principal', amount: 3999_0000n },
    { typeKey: 'Order|ItemFees|Commission', amount: -600_0000n },
  ].map((l) => ({ ...l, postedAt: at - DAY, orderId: '302-0000000-0000001', sku: 'DE-SKU', quantity: 1, marketplace: 'Amazon.de', fulfilmentChannel: 'AFN', source: { file: '', row: 0 } }));
  return { channel: 'AMAZON', settlementId: id, format: 'amazon-v2', marketplace: 'Amazon.de', currency: 'EUR', startDate: at - 14 * DAY, endDate: at - DAY, depositDate: at, total: 3399_0000n, status: 'closed', sellerId: null, sourceFile: '', lines };
}

beforeAll(async () => {
  testDb = await openTestDb();
  const clock = () => new Date(NOW);
  served.push(await serveFetch((r) => na.fetch(r)), await serveFetch((r) => eu.fetch(r)));
  const [naUrl, euUrl] = served.map((s) => s.url);
  const channels = loadChannelConfig({
    LEDGERPORT_AMAZON_API_URL: naUrl,
    LEDGERPORT_AMAZON_API_URL_EU: euUrl,
    LEDGERPORT_AMAZON_TOKEN_URL: `${naUrl}/auth/o2/token`,
    LEDGERPORT_AMAZON_CONSENT_URL: `${naUrl}/apps/authorize/consent`,
    LEDGERPORT_AMAZON_CONSENT_URL_EU: `${euUrl}/apps/authorize/consent`,
    LEDGERPORT_AMAZON_CLIENT_ID: app.clientId,
    LEDGERPORT_AMAZON_CLIENT_SECRET: app.clientSecret,
  });
  const config = { port: 0, host: '127.0.0.1', dataDir: '/nonexistent', dbDir: '/nonexistent/db', databaseUrl: undefined, secret: 'test-secret-not-for-production', webDistDir: '/nonexistent', signInAttemptsMax: 100, signInWindowMs: 60_000, signInFailuresPerIpMax: 100, signInIpWindowMs: 60_000, bodyLimitBytes: 1024 * 1024, logLevel: 'silent', channels } as unknown as Config;
  server = Fastify();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.decorateRequest('caller', null);
  deps = { db: testDb.db, config, clock, accessTokens: createAccessTokens(config.secret, clock), signInLimiter: createSignInLimiter(config, clock), ...mailDepsForTests(clock), planGate: assertPlanFeature, secretBox: createSecretBox(config.secret), resolveAccountingPort: noAccountingConnections, jobs: { send: () => Promise.resolve('job') }, fetchChannelReport: () => Promise.resolve(null) };
  registerErrorHandling(server, config.bodyLimitBytes, () => false);
  registerAuthRoutes(server, deps);
  registerChannelConnections(server, deps);
  await server.ready();
  demo = (await server.inject({ method: 'POST', url: '/oauth/login', payload: { email: 'demo@ledgerport.local', password: DEMO_PASSWORD } })).json<TokenSet>();
});

afterAll(async () => {
  await server?.close();
  for (const s of served) await s.close();
  await testDb?.close();
});

beforeEach(async () => {
  na = await createFakeAmazon({ apiUrl: served[0]!.url, tokenUrl: `${served[0]!.url}/auth/o2/token`, ...app, now: () => NOW });
  eu = await createFakeAmazon({ apiUrl: served[1]!.url, tokenUrl: `${served[0]!.url}/auth/o2/token`, ...app, now: () => NOW, auth: na.auth });
  na.addReport({ document: new TextEncoder().encode(writeAmazonV2({ ...germanSettlement('91000000009'), marketplace: 'Amazon.com', currency: 'USD' }, { locale: AMAZON_LOCALES.US!, hasPromotionId: true })), createdTime: new Date(NOW - 2 * DAY).toISOString() });
  eu.addReport({ document: new TextEncoder().encode(writeAmazonV2(germanSettlement('92000000001'), { locale: AMAZON_LOCALES.DE!, hasPromotionId: true })), createdTime: new Date(NOW - 2 * DAY).toISOString(), isGzip: true });
});

async function connect(marketplaceId: string | undefined, sellerId: string) {
  const start = await server.inject({ method: 'POST', url: '/sales-channel/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, channel: 'AMAZON', ...(marketplaceId ? { marketplaceId } : {}) } });
  expect(start.statusCode).toBe(200);
  const authorizeUrl = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl);
  const state = authorizeUrl.searchParams.get('state')!;
  const finish = await server.inject({ method: 'POST', url: '/sales-channel/callback', headers: auth(demo), payload: { channel: 'AMAZON', query: { state, spapi_oauth_code: na.auth.issueCode(), selling_partner_id: sellerId } } });
  expect(finish.statusCode).toBe(200);
  return { authorizeUrl, storeName: finish.json<{ storeName: string }>().storeName };
}

const connection = () => testDb.db.selectFrom('connections').selectAll().where('account_key', '=', ACCOUNT).where('role', '=', 'sales-channel').executeTakeFirstOrThrow();
const storedIds = async () => (await testDb.db.selectFrom('settlements').select(['settlement_id', 'currency']).where('account_key', '=', ACCOUNT).where('settlement_id', 'in', ['91000000009', '92000000001']).orderBy('settlement_id').execute()).map((r) => `${r.settlement_id} ${r.currency}`);
const fetchNow = () => runChannelFetch({ accountKey: ACCOUNT, role: 'sales-channel', kind: 'scheduled' }, deps);

describe('connecting an Amazon.de seller', () => {
  it("consents on Europe's Seller Central, stores the Europe region, and fetches settlements and event groups from the Europe SP-API only", async () => {
    await testDb.db.deleteFrom('settlements').where('account_key', '=', ACCOUNT).execute();
    const { authorizeUrl, storeName } = await connect(DE, 'A1DESELLER');
    expect(authorizeUrl.origin).toBe(new URL(served[1]!.url).origin);
    expect(storeName).toBe('Amazon seller A1DESELLER (Amazon.de)');
    const row = await connection();
    expect([row.region, row.remote_id]).toEqual(['EU', 'A1DESELLER']);
    const audit = await testDb.db.selectFrom('audit_log').select('after_state').where('account_key', '=', ACCOUNT).where('action', '=', 'connection.connected').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(audit.after_state).toMatchObject({ region: 'EU', storeName: 'Amazon seller A1DESELLER (Amazon.de)' });
    expect(await fetchNow()).toMatchObject({ stored: 1 });
    expect(await storedIds()).toEqual(['92000000001 EUR']);
    expect(eu.apiCalls().map((c) => c.operationId)).toEqual(expect.arrayContaining(['getReports', 'listFinancialEventGroups']));
    expect(na.apiCalls()).toEqual([]);
    expect([...na.violations(), ...eu.violations()]).toEqual([]);
  });

  it("asks for inventory reports at the connection's region, and refuses a marketplace of another region without calling Amazon", async () => {
    await connect(DE, 'A1DESELLER');
    eu.ledgerPolls.count = 0;
    eu.ledgerDocuments.set('2026-10', { document: new Uint8Array(LEDGER) });
    await testDb.db.deleteFrom('inventory_fetch_settings').where('account_key', '=', ACCOUNT).execute();
    await testDb.db.insertInto('inventory_fetch_settings').values({ account_key: ACCOUNT, is_monthly_fetch_enabled: false, aggregate_by: 'FC', marketplace_id: DE, valuation_currency: null, updated_at: new Date(NOW), updated_by: null }).execute();
    const fetch = await insertInventoryFetch(testDb.db, { accountKey: ACCOUNT, month: '2026-10', aggregateBy: 'FC', userId: null, at: new Date(NOW) });
    expect(await runInventoryFetch({ accountKey: ACCOUNT, fetchId: fetch.fetch_id }, deps)).toBe('DONE');
    expect(eu.apiCalls().filter((c) => c.operationId === 'createReport')).toHaveLength(1);
    expect(na.apiCalls()).toEqual([]);

    await testDb.db.updateTable('inventory_fetch_settings').set({ marketplace_id: 'ATVPDKIKX0DER' }).where('account_key', '=', ACCOUNT).execute();
    const other = await insertInventoryFetch(testDb.db, { accountKey: ACCOUNT, month: '2026-09', aggregateBy: 'FC', userId: null, at: new Date(NOW) });
    expect(await runInventoryFetch({ accountKey: ACCOUNT, fetchId: other.fetch_id }, deps)).toBe('FAILED');
    expect((await findInventoryFetch(testDb.db, ACCOUNT, other.fetch_id))?.message).toBe(
      "Amazon.com is in Amazon's North America region, but this account's Amazon connection is in Europe: choose a marketplace of Europe, or reconnect Amazon choosing Amazon.com.",
    );
    expect(eu.apiCalls().filter((c) => c.operationId === 'createReport')).toHaveLength(1);
  });

  it('keeps a connection without a marketplace, or stored before regions, on North America', async () => {
    await testDb.db.deleteFrom('settlements').where('account_key', '=', ACCOUNT).execute();
    const { authorizeUrl } = await connect(undefined, 'A2SELLER');
    expect(authorizeUrl.origin).toBe(new URL(served[0]!.url).origin);
    expect((await connection()).region).toBe('NA');
    await testDb.db.updateTable('connections').set({ region: null }).where('account_key', '=', ACCOUNT).execute();
    await fetchNow();
    expect(await storedIds()).toEqual(['91000000009 USD']);
    expect(eu.apiCalls()).toEqual([]);
  });

  it('refuses an unknown marketplace, and a marketplace for another channel, naming the field, and starts nothing', async () => {
    const before = await testDb.db.selectFrom('oauth_states').select('state').execute();
    const unknown = await server.inject({ method: 'POST', url: '/sales-channel/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, channel: 'AMAZON', marketplaceId: 'A0NOSUCHPLACE' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().message).toBe('A0NOSUCHPLACE is not an Amazon marketplace we know; choose one from the list.');
    const shopify = await server.inject({ method: 'POST', url: '/sales-channel/connect', headers: auth(demo), payload: { accountKey: 'acme-shopify', channel: 'SHOPIFY', shop: 'x.myshopify.com', marketplaceId: DE } });
    expect(shopify.statusCode).toBe(400);
    expect(shopify.json<ErrorBody>().message).toBe('A marketplace is chosen only when connecting Amazon, not SHOPIFY.');
    expect(await testDb.db.selectFrom('oauth_states').select('state').execute()).toEqual(before);
  });
});
