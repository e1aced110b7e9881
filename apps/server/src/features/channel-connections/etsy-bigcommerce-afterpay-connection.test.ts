/**
 * Connecting Etsy (OAuth with PKCE), BigCommerce (Braintree gateway keys) and Afterpay (merchant keys) through the server and fetching
 * their settlements, against the fakes served as local HTTP servers reached through configured base URLs. Assembled like
 * channel-connections.test.ts: only the auth routes and this feature.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serveFetch, type ServedFetch } from '@ledgerport/integrations/testing';
import { createFakeAfterpay, createFakeBraintree, createFakeEtsy, type FakeAfterpay, type FakeBraintree, type FakeEtsy } from '@ledgerport/integrations/testing';
import type { TokenSet } from '@ledgerport/contract';
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
import type { ChannelJobSender } from './channel-jobs';
import { registerChannelConnections } from './register-channel-connections';
import { runChannelFetch } from './fetch-channel-settlements-job';
import { assertPlanFeature } from '../billing/check-billing';

const ACCOUNT = 'trial-etsy';
const CLIENT_ID = 'ledgerport-etsy-keystring';
let testDb: TestDb;
let server: FastifyInstance;
let deps: Deps;
let etsy: FakeEtsy;
let served: ServedFetch;
let afterpay: FakeAfterpay;
let afterpayServed: ServedFetch;
let braintree: FakeBraintree;
let braintreeServed: ServedFetch;
const BRAINTREE_KEYS = { merchantId: 'birchstore', publicKey: 'pub-1', privateKey: 'priv-1' };
const AFTERPAY_KEYS = { merchantId: '41234', secretKey: 'sk-afterpay-1' };
let demo: TokenSet;
let other: TokenSet;
const auth = (t: TokenSet) => ({ authorization: `Bearer ${t.accessToken}`, host: 'ledgerport.test' });
const at = (iso: string) => Date.parse(iso) / 1000;

beforeAll(async () => {
  testDb = await openTestDb();
  const clock = () => new Date('2026-11-22T12:00:00Z');
  served = await serveFetch((r) => etsy.fetch(r));
  afterpayServed = await serveFetch((r) => afterpay.fetch(r));
  braintreeServed = await serveFetch((r) => braintree.fetch(r));
  const channels = loadChannelConfig({ LEDGERPORT_ETSY_API_URL: served.url, LEDGERPORT_ETSY_TOKEN_URL: `${served.url}/v3/public/oauth/token`, LEDGERPORT_ETSY_CONSENT_URL: `${served.url}/oauth/connect`, LEDGERPORT_ETSY_CLIENT_ID: CLIENT_ID, LEDGERPORT_AFTERPAY_API_URL: afterpayServed.url, LEDGERPORT_BIGCOMMERCE_GATEWAY_URL: braintreeServed.url });
  const config = { port: 0, host: '127.0.0.1', dataDir: '/nonexistent', dbDir: '/nonexistent/db', databaseUrl: undefined, secret: 'test-secret-not-for-production', webDistDir: '/nonexistent', signInAttemptsMax: 100, signInWindowMs: 60_000, signInFailuresPerIpMax: 100, signInIpWindowMs: 60_000, bodyLimitBytes: 1024 * 1024, logLevel: 'silent', channels } as unknown as Config;
  const jobs: ChannelJobSender = { send: () => Promise.resolve('job') };
  server = Fastify();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.decorateRequest('caller', null);
  deps = { db: testDb.db, config, clock, accessTokens: createAccessTokens(config.secret, clock), signInLimiter: createSignInLimiter(config, clock), ...mailDepsForTests(clock), planGate: assertPlanFeature, secretBox: createSecretBox(config.secret), resolveAccountingPort: noAccountingConnections, jobs, fetchChannelReport: () => Promise.resolve(null) };
  registerErrorHandling(server, config.bodyLimitBytes, () => false);
  registerAuthRoutes(server, deps);
  registerChannelConnections(server, deps);
  await server.ready();
  const signIn = async (email: string) => (await server.inject({ method: 'POST', url: '/oauth/login', payload: { email, password: DEMO_PASSWORD } })).json<TokenSet>();
  demo = await signIn('demo@ledgerport.local');
  other = await signIn('other@ledgerport.local');
});

afterAll(async () => {
  await server?.close();
  await served?.close();
  await afterpayServed?.close();
  await braintreeServed?.close();
  await testDb?.close();
});

beforeEach(async () => {
  etsy = await createFakeEtsy({ apiUrl: served.url, tokenUrl: `${served.url}/v3/public/oauth/token`, clientId: CLIENT_ID });
  afterpay = createFakeAfterpay({ apiUrl: afterpayServed.url, ...AFTERPAY_KEYS });
  braintree = createFakeBraintree({ gatewayUrl: braintreeServed.url, ...BRAINTREE_KEYS });
});

describe('connecting Etsy', () => {
  it('sends the seller to Etsy with a PKCE challenge, stores the shop and fetches its deposits once', async () => {
    etsy.payments.set(501, 4100000001);
    let id = 1;
    const entry = (iso: string, ledger_type: string, amount: number, ref: [string, string] | null = null) => ({ entry_id: id, sequence_number: id++, amount, currency: 'USD', created_timestamp: at(iso), ledger_type, reference_type: ref?.[0] ?? 'fee', reference_id: ref?.[1] ?? null });
    etsy.entries.push(
      entry('2026-09-01T10:00:00Z', 'DISBURSE2', -500, ['disbursement', '1']),
      entry('2026-11-02T10:00:00Z', 'PAYMENT', 6000, ['payment', '501']),
      entry('2026-11-02T10:00:01Z', 'PAYMENT_PROCESSING_FEE', -205, ['receipt', '4100000001']),
      entry('2026-11-05T08:00:00Z', 'DISBURSE2', -5795, ['disbursement', '2']),
      entry('2026-11-20T08:00:00Z', 'listing', -20),
    );
    const start = await server.inject({ method: 'POST', url: '/sales-channel/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, channel: 'ETSY' } });
    expect(start.statusCode).toBe(200);
    const authorizeUrl = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const code = etsy.auth.issueCode({ codeChallenge: authorizeUrl.searchParams.get('code_challenge')! });
    const cb = await server.inject({ method: 'POST', url: '/sales-channel/callback', headers: auth(demo), payload: { channel: 'ETSY', query: { state: authorizeUrl.searchParams.get('state')!, code } } });
    expect(cb.statusCode).toBe(200);
    const conn = await testDb.db.selectFrom('connections').selectAll().where('account_key', '=', ACCOUNT).where('role', '=', 'sales-channel').executeTakeFirstOrThrow();
    expect([conn.system, conn.status]).toEqual(['ETSY', 'CONNECTED']);

    expect(await runChannelFetch({ accountKey: ACCOUNT, role: 'sales-channel', kind: 'scheduled' }, deps)).toEqual({ stored: 2 });
    const stored = await testDb.db.selectFrom('settlements').select(['settlement_id', 'source_kind', 'total', 'duplicate_key']).where('account_key', '=', ACCOUNT).orderBy('settlement_id').execute();
    expect(stored).toEqual([
      { settlement_id: '2026-11-05_57.95', source_kind: 'api', total: '57.9500', duplicate_key: expect.stringContaining('2026-11-05_57.95') as string },
      { settlement_id: 'open_2026-11-20', source_kind: 'api', total: null, duplicate_key: expect.stringContaining('open_2026-11-20') as string },
    ]);
    // The next fetch refreshes the open tail in place (unchanged, so not counted as stored) and recognises the closed deposit: still two rows.
    expect(await runChannelFetch({ accountKey: ACCOUNT, role: 'sales-channel', kind: 'scheduled' }, deps)).toEqual({ stored: 0, unchanged: 1 });
    const again = await testDb.db.selectFrom('settlements').select(['settlement_id', 'duplicate_of']).where('account_key', '=', ACCOUNT).orderBy('settlement_id').execute();
    expect(again.map((r) => r.settlement_id)).toEqual(['2026-11-05_57.95', 'open_2026-11-20']);
    expect(etsy.violations()).toEqual([]);
  });

  it("answers not-found when another account's user starts an Etsy connect for this account", async () => {
    const res = await server.inject({ method: 'POST', url: '/sales-channel/connect', headers: auth(other), payload: { accountKey: ACCOUNT, channel: 'ETSY' } });
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([404, 'account.not-found']);
  });
});

describe('connecting Afterpay', () => {
  const PAYMENTS_ACCOUNT = 'acme-amazon-us';
  const money = (amount: string) => ({ amount, currency: 'USD' });

  it('checks the typed keys, refusing wrong ones with the spec wording and the reason', async () => {
    const res = await server.inject({ method: 'POST', url: '/sales-channel/connect-keys', headers: auth(demo), payload: { accountKey: PAYMENTS_ACCOUNT, channel: 'AFTERPAY', fields: { merchantId: '41234', secretKey: 'wrong' } } });
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([502, 'channel.connect-failed']);
    expect(res.json<{ details: { reason: string } }>().details.reason).toContain('Merchant ID and Secret Key');
  });

  it('connects with the merchant keys as a sales source and loads each settlement day once', async () => {
    afterpay.records.push(
      { settlementDate: '2026-11-20', orderDate: '2026-11-19T10:00:00Z', afterpayOrderId: '1', merchantOrderId: 'ORD-1', type: 'Order', settlementAmount: money('100.00'), merchantFeeExclTax: money('6.30'), merchantFeeTax: money('0.00'), merchantFeeInclTax: money('6.30'), netSettlementAmount: money('93.70') },
      { settlementDate: '2026-11-20', orderDate: '2026-11-18T10:00:00Z', afterpayOrderId: '2', merchantOrderId: 'ORD-2', merchantRefundId: 'R-2', type: 'Refund', settlementAmount: money('-20.00'), netSettlementAmount: money('-20.00') },
    );
    const res = await server.inject({ method: 'POST', url: '/sales-channel/connect-keys', headers: auth(demo), payload: { accountKey: PAYMENTS_ACCOUNT, channel: 'AFTERPAY', fields: AFTERPAY_KEYS } });
    expect(res.statusCode).toBe(200);
    const conn = await testDb.db.selectFrom('connections').selectAll().where('account_key', '=', PAYMENTS_ACCOUNT).where('role', '=', 'sales-source').executeTakeFirstOrThrow();
    expect([conn.system, conn.status, conn.credentials_sealed?.includes(AFTERPAY_KEYS.secretKey)]).toEqual(['AFTERPAY', 'CONNECTED', false]);
    expect(await runChannelFetch({ accountKey: PAYMENTS_ACCOUNT, role: 'sales-source', kind: 'scheduled' }, deps)).toEqual({ stored: 1 });
    expect(await runChannelFetch({ accountKey: PAYMENTS_ACCOUNT, role: 'sales-source', kind: 'scheduled' }, deps)).toEqual({ stored: 0 });
    const stored = await testDb.db.selectFrom('settlements').select(['settlement_id', 'source_kind', 'total', 'duplicate_key', 'duplicate_of', 'status']).where('account_key', '=', PAYMENTS_ACCOUNT).where('settlement_id', '=', '2026-11-20_USD').execute();
    // The overlapping next fetch brings the same day again: recognised by its duplicate key, not loaded twice.
    expect(stored.filter((r) => r.duplicate_of === null).map((r) => [r.settlement_id, r.source_kind, r.total, r.duplicate_key])).toEqual([['2026-11-20_USD', 'api', '73.7000', 'afterpay:2026-11-20_usd:usd']]);
    expect(stored.filter((r) => r.duplicate_of !== null)).toEqual([]);
    expect(afterpay.violations()).toEqual([]);
  });

  it("answers not-found when another account's user types Afterpay keys for this account", async () => {
    const res = await server.inject({ method: 'POST', url: '/sales-channel/connect-keys', headers: auth(other), payload: { accountKey: PAYMENTS_ACCOUNT, channel: 'AFTERPAY', fields: AFTERPAY_KEYS } });
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([404, 'account.not-found']);
  });
});

describe('connecting BigCommerce (Braintree payouts)', () => {
  // A BigCommerce store of the demo user's organization (the seed's BigCommerce account belongs to another one).
  const BC_ACCOUNT = 'acme-ebay';

  it('connects with the gateway keys and stores each settlement date and merchant account once', async () => {
    braintree.merchantAccounts.set('birch_USD', 'USD');
    braintree.records.push(
      { settlementDate: '2026-11-20', merchantAccountId: 'birch_USD', cardType: 'Visa', kind: 'sale', count: 3, amountSettled: '150.00' },
      { settlementDate: '2026-11-20', merchantAccountId: 'birch_USD', cardType: 'Visa', kind: 'credit', count: 1, amountSettled: '-20.00' },
    );
    const wrong = await server.inject({ method: 'POST', url: '/sales-channel/connect-keys', headers: auth(demo), payload: { accountKey: BC_ACCOUNT, channel: 'BIGCOMMERCE', fields: { ...BRAINTREE_KEYS, privateKey: 'nope' } } });
    expect([wrong.statusCode, wrong.json<{ code: string }>().code]).toEqual([502, 'channel.connect-failed']);
    const res = await server.inject({ method: 'POST', url: '/sales-channel/connect-keys', headers: auth(demo), payload: { accountKey: BC_ACCOUNT, channel: 'BIGCOMMERCE', fields: BRAINTREE_KEYS } });
    expect(res.statusCode).toBe(200);
    expect(await runChannelFetch({ accountKey: BC_ACCOUNT, role: 'sales-channel', kind: 'scheduled' }, deps)).toEqual({ stored: 1 });
    const stored = await testDb.db.selectFrom('settlements').select(['settlement_id', 'source_kind', 'total', 'duplicate_key']).where('account_key', '=', BC_ACCOUNT).where('source_kind', '=', 'api').execute();
    expect(stored.map((r) => [r.settlement_id, r.total, r.duplicate_key])).toEqual([['2026-11-20_birch_USD', '130.0000', 'bigcommerce:2026-11-20_birch_usd:usd']]);
    expect(braintree.violations()).toEqual([]);
  });

  it("answers not-found when another account's user types gateway keys for this account", async () => {
    const res = await server.inject({ method: 'POST', url: '/sales-channel/connect-keys', headers: auth(other), payload: { accountKey: BC_ACCOUNT, channel: 'BIGCOMMERCE', fields: BRAINTREE_KEYS } });
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([404, 'account.not-found']);
  });
});
