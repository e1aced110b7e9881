import { createHash } from 'node:crypto';
import { parseReport } from '@ledgerport/core/channels';
import { duplicateKey, type Settlement } from '@ledgerport/core/settlements';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestSession } from '../../testing/test-session';
import { ChannelAuthError } from '../shared/channel-errors';
import { etsyConnector } from './etsy-connector';
import { createFakeEtsy, type FakeEtsy } from './etsy-fake';
import type { EtsyLedgerEntry } from './etsy-statement-rows';

const API = 'https://openapi.etsy.com';
const TOKEN = 'https://api.etsy.com/v3/public/oauth/token';
const endpoints = { api: API, token: TOKEN, consent: 'https://www.etsy.com/oauth/connect' };
const app = { clientId: 'etsy-keystring', clientSecret: '' };
const NOW = Date.parse('2025-10-25T12:00:00Z');
const at = (iso: string) => Date.parse(iso) / 1000;
let etsy: FakeEtsy;
let nextId = 1;

const entry = (iso: string, ledger_type: string, amount: number, ref?: [string, string]): EtsyLedgerEntry => ({
  entry_id: nextId, ledger_id: 9, sequence_number: nextId++, amount, currency: 'USD', description: ledger_type, balance: 0,
  create_date: at(iso), created_timestamp: at(iso), ledger_type, reference_type: ref?.[0] ?? 'fee', reference_id: ref?.[1] ?? null,
});

/** What Etsy's October 2025 statement shows for the ledger below. */
const STATEMENT = `Date,Type,Title,Info,Currency,Amount,"Fees & Taxes",Net,"Tax Details"
"October 20, 2025",Marketing,"Fee for sale made through Offsite Ads","Order #3866000002",USD,--,-$6.75,-$6.75,--
"October 20, 2025",Fee,"Processing fee","Order #3866000002",USD,--,-$1.60,-$1.60,--
"October 20, 2025",Sale,"Payment for Order #3866000002","Order #3866000002",USD,$45.00,--,$45.00,--
"October 3, 2025",Deposit,"$40.47 sent to your bank account",--,USD,--,--,--,--
"October 1, 2025",Fee,"Transaction fee: Oak board","Order #3866000001",USD,--,-$2.93,-$2.93,--
"October 1, 2025",Fee,"Processing fee","Order #3866000001",USD,--,-$1.60,-$1.60,--
"October 1, 2025",Sale,"Payment for Order #3866000001","Order #3866000001",USD,$45.00,--,$45.00,--
`;

function addOctoberLedger() {
  etsy.payments.set(901, 3866000001).set(902, 3866000002);
  etsy.entries.push(
    entry('2025-09-27T10:00:00Z', 'PAYMENT', 1000, ['payment', '900']),
    entry('2025-09-28T10:00:00Z', 'DISBURSE2', -1000, ['disbursement', '1']),
    entry('2025-10-01T09:00:00Z', 'PAYMENT', 4500, ['payment', '901']),
    entry('2025-10-01T09:00:01Z', 'PAYMENT_PROCESSING_FEE', -160, ['receipt', '3866000001']),
    entry('2025-10-01T09:00:02Z', 'transaction', -293, ['receipt', '3866000001']),
    entry('2025-10-03T06:00:00Z', 'DISBURSE2', -4047, ['disbursement', '2']),
    entry('2025-10-20T15:00:00Z', 'PAYMENT', 4500, ['payment', '902']),
    entry('2025-10-20T15:00:01Z', 'PAYMENT_PROCESSING_FEE', -160, ['receipt', '3866000002']),
    entry('2025-10-20T15:00:02Z', 'offsite_ads_fee', -675, ['receipt', '3866000002']),
  );
}

const comparable = (s: Settlement) => ({
  duplicateKey: duplicateKey(s), settlementId: s.settlementId, status: s.status, currency: s.currency, total: s.total, depositDate: s.depositDate,
  lines: s.lines.map((l) => [l.postedAt, l.typeKey, l.amount, l.orderId].join('|')).sort(),
});

async function connected() {
  const verifier = 'v'.repeat(64);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const account = await etsyConnector.finishConnect({ fetch: etsy.fetch, endpoints, app, now: () => NOW }, { redirectUri: 'https://app.example/admin/sales-channel/etsy/cb', query: { code: etsy.auth.issueCode({ codeChallenge: challenge }) }, codeVerifier: verifier, form: {} });
  return { account, session: createTestSession({ fetch: etsy.fetch, endpoints, app, tokens: account.credentials.tokens, params: account.credentials.params, now: () => NOW }) };
}

beforeEach(async () => {
  nextId = 1;
  etsy = await createFakeEtsy({ apiUrl: API, tokenUrl: TOKEN, clientId: app.clientId });
});

describe('Etsy Open API v3 (official spec)', () => {
  it('asks for consent with a PKCE S256 challenge and the transactions_r scope', () => {
    const url = new URL(etsyConnector.authorizeUrl({ fetch: etsy.fetch, endpoints, app, now: () => NOW }, { redirectUri: 'https://x/cb', state: 'st', codeChallenge: 'ch', params: {} }));
    expect([url.origin + url.pathname, url.searchParams.get('code_challenge'), url.searchParams.get('code_challenge_method'), url.searchParams.get('client_id')]).toEqual(['https://www.etsy.com/oauth/connect', 'ch', 'S256', 'etsy-keystring']);
    expect(url.searchParams.get('scope')).toContain('transactions_r');
  });

  it('connects with the PKCE verifier and learns the shop from getMe', async () => {
    const { account } = await connected();
    expect(account.remoteId).toBe(String(etsy.shopId));
    expect(account.credentials.params.shopId).toBe(String(etsy.shopId));
    expect(etsy.violations()).toEqual([]);
  });

  it('refuses a code exchanged with the wrong PKCE verifier', async () => {
    const code = etsy.auth.issueCode({ codeChallenge: createHash('sha256').update('right').digest('base64url') });
    await expect(etsyConnector.finishConnect({ fetch: etsy.fetch, endpoints, app, now: () => NOW }, { redirectUri: 'x', query: { code }, codeVerifier: 'wrong', form: {} })).rejects.toBeInstanceOf(ChannelAuthError);
  });

  it('API and statement file give the same normalized settlements (deposits, open tail, duplicate key)', async () => {
    addOctoberLedger();
    const { session } = await connected();
    const { result } = await etsyConnector.fetchSettlements(session, { from: Date.parse('2025-10-01T00:00:00Z'), to: NOW });
    expect(etsy.violations()).toEqual([]);
    expect(result.problems).toEqual([]);
    const file = await parseReport(new TextEncoder().encode(STATEMENT), { fileName: 'etsy_statement_2025_10.csv', channel: 'ETSY' });
    expect(file.problems).toEqual([]);
    expect(result.settlements.map(comparable)).toEqual(file.settlements.map(comparable));
    expect(result.settlements.map((s) => [s.settlementId, s.status, s.total])).toEqual([
      ['2025-10-03_40.47', 'closed', 40_4700n],
      ['open_2025-10-20', 'open', null],
    ]);
  });

  it("keeps a new shop's first deposit whole (no earlier deposit in the ledger)", async () => {
    etsy.entries.push(entry('2025-10-01T09:00:00Z', 'PAYMENT', 2000, ['payment', '1']), entry('2025-10-03T06:00:00Z', 'DISBURSE2', -2000, ['disbursement', '1']));
    const { session } = await connected();
    const { result } = await etsyConnector.fetchSettlements(session, { from: Date.parse('2025-10-01T00:00:00Z'), to: NOW });
    expect(result.settlements.map((s) => [s.settlementId, s.total, s.lines.length])).toEqual([['2025-10-03_20.00', 20_0000n, 1]]);
  });

  it('redownloads one deposit by its id', async () => {
    addOctoberLedger();
    const { session } = await connected();
    const one = await etsyConnector.fetchSettlement(session, '2025-10-03_40.47');
    expect(one.settlements.map((s) => [s.settlementId, s.total, s.lines.length])).toEqual([['2025-10-03_40.47', 40_4700n, 3]]);
  });

  it('reads the ledger over offset pages of 100', async () => {
    for (let i = 0; i < 250; i++) etsy.entries.push(entry('2025-10-10T00:00:00Z', 'listing', -20));
    etsy.entries.push(entry('2025-10-11T00:00:00Z', 'DISBURSE2', 5000));
    const { session } = await connected();
    const { result } = await etsyConnector.fetchSettlements(session, { from: Date.parse('2025-10-05T00:00:00Z'), to: NOW });
    expect(etsy.violations()).toEqual([]);
    const open = result.settlements.find((s) => s.status === 'open');
    expect(open).toBeUndefined();
    const ledgerCalls = etsy.apiCalls().filter((c) => c.operationId === 'getShopPaymentAccountLedgerEntries');
    expect(ledgerCalls.filter((c) => /offset=(100|200)\b/.test(c.url))).toHaveLength(2);
  });

  it('refreshes the 1-hour token (rotating refresh token saved) and says reconnect when the seller revokes access', async () => {
    const { session } = await connected();
    etsy.auth.expireAccessTokens();
    await etsyConnector.fetchSettlements(session, { from: NOW - 86_400_000, to: NOW });
    expect(session.savedTokens).toHaveLength(1);
    expect(session.savedTokens[0]!.refreshToken).not.toBeNull();
    etsy.auth.revokeAll();
    await expect(etsyConnector.fetchSettlements(session, { from: NOW - 86_400_000, to: NOW })).rejects.toBeInstanceOf(ChannelAuthError);
  });

  it('waits on 429 Retry-After', async () => {
    const { session } = await connected();
    etsy.throttleNext(2, 3);
    await etsyConnector.fetchSettlements(session, { from: NOW - 86_400_000, to: NOW });
    expect(session.sleeps).toEqual([3000, 3000]);
  });
});
