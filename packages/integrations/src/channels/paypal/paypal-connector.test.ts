import { parseReport } from '@ledgerport/core/channels';
import { duplicateKey, type Settlement } from '@ledgerport/core/settlements';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakePayPal, type FakePayPal } from '../../testing/fake-channels/fake-paypal';
import { createTestSession } from '../../testing/test-session';
import { ChannelAuthError } from '../shared/channel-errors';
import { paypalConnector } from './paypal-connector';

const API = 'https://api-m.paypal.com';
const endpoints = { api: API };
const NOW = Date.parse('2026-03-31T12:00:00Z');
const DAY = 86_400_000;
let paypal: FakePayPal;

const txn = (i: number, at: number, gross: string, fee: string, code = 'T0006') => ({
  transaction_info: { transaction_id: `9AB${String(i).padStart(14, '0')}`, transaction_event_code: code, transaction_initiation_date: new Date(at).toISOString().replace(/\.\d+Z$/, 'Z'), transaction_status: 'S', transaction_amount: { currency_code: 'USD', value: gross }, fee_amount: { currency_code: 'USD', value: fee } },
  payer_info: { payer_name: { alternate_full_name: `Buyer ${i}` } },
});

async function connected(now = NOW) {
  const account = await paypalConnector.finishConnect({ fetch: paypal.fetch, endpoints, app: { clientId: '', clientSecret: '' }, now: () => now }, { redirectUri: '', query: {}, codeVerifier: '', form: { clientId: 'seller-app', clientSecret: 'seller-secret' } });
  return createTestSession({ fetch: paypal.fetch, endpoints, tokens: account.credentials.tokens, params: account.credentials.params, now: () => now });
}

beforeEach(async () => {
  paypal = await createFakePayPal({ apiUrl: API, clientId: 'seller-app', clientSecret: 'seller-secret' });
});

describe('PayPal Transaction Search (official spec)', () => {
  it('splits a long period into 31-day searches and reads every page', async () => {
    for (let i = 0; i < 1200; i++) paypal.transactions.push(txn(i, NOW - 80 * DAY + i * 5_000_000, '10.00', '-0.59'));
    const s = await connected();
    const { result } = await paypalConnector.fetchSettlements(s, { from: NOW - 85 * DAY, to: NOW });
    expect(result.problems).toEqual([]);
    const lines = result.settlements.flatMap((x) => x.lines);
    expect(lines.filter((l) => l.amount === 10_0000n)).toHaveLength(1200);
    expect(result.settlements.reduce((sum, x) => sum + (x.total ?? 0n), 0n)).toBe(1200n * 9_4100n);
    const searches = paypal.apiCalls().filter((c) => c.operationId === 'search.get');
    expect(new Set(searches.map((c) => new URL(c.url).searchParams.get('start_date'))).size).toBe(3);
    expect(searches.some((c) => new URL(c.url).searchParams.get('page') === '2')).toBe(true);
    expect(paypal.violations()).toEqual([]);
  });

  it('hands back every transaction as received, amounts exact, beside the statements', async () => {
    paypal.transactions.push(txn(1, NOW - 2 * DAY, '1,250.10', '-36.56'), txn(2, NOW - DAY, 'n/a', '0.00', 'T1107'));
    const s = await connected();
    const outcome = await paypalConnector.fetchSettlements(s, { from: NOW - 3 * DAY, to: NOW });
    expect(outcome.rawTransactions?.map((t) => [t.transactionId, t.eventCode, t.status, t.currency, t.gross, t.fee])).toEqual([
      ['9AB00000000000001', 'T0006', 'S', 'USD', '1250.1000', '-36.5600'],
      ['9AB00000000000002', 'T1107', 'S', 'USD', null, '0.0000'],
    ]);
    expect(outcome.rawTransactions?.[0]?.raw).toEqual(paypal.transactions[0]);
  });

  it('asks for a new client-credentials token when PayPal says it expired', async () => {
    paypal.transactions.push(txn(1, NOW - DAY, '25.00', '-1.03'));
    const s = await connected();
    paypal.auth.expireAccessTokens();
    const { result } = await paypalConnector.fetchSettlements(s, { from: NOW - 2 * DAY, to: NOW });
    expect(result.settlements).toHaveLength(1);
    expect(s.savedTokens).toHaveLength(1);
  });

  it('waits on 429 Retry-After', async () => {
    const s = await connected();
    paypal.throttleNext(1, 4);
    await paypalConnector.fetchSettlements(s, { from: NOW - DAY, to: NOW });
    expect(s.sleeps).toEqual([4000]);
  });

  it('refuses wrong app credentials at connect', async () => {
    await expect(paypalConnector.finishConnect({ fetch: paypal.fetch, endpoints, app: { clientId: '', clientSecret: '' }, now: () => NOW }, { redirectUri: '', query: {}, codeVerifier: '', form: { clientId: 'seller-app', clientSecret: 'wrong' } })).rejects.toBeInstanceOf(ChannelAuthError);
  });

  it('gives the same statement as the activity download of that day (local day of the account, same id, lines and total)', async () => {
    for (const t of DAY_TRANSACTIONS) paypal.transactions.push(t);
    const s = await connected();
    const { result } = await paypalConnector.fetchSettlements(s, { from: Date.parse('2026-03-09T00:00:00Z'), to: NOW });
    const file = await parseReport(new TextEncoder().encode(DAY_DOWNLOAD), { fileName: 'Download.CSV' });
    expect(file.problems).toEqual([]);
    expect(result.problems).toEqual([]);
    expect(result.settlements.map((x) => [x.settlementId, x.status])).toEqual([['2026-03-10_2026-03-10_USD', 'closed'], ['2026-03-11_2026-03-11_USD', 'closed']]);
    const api = result.settlements[0]!;
    // The search answer's account_number names the PayPal account (Settings > PayPal turns accounts off by it); the download has none.
    expect(api.sellerId).toBe('XZXSPECYZZGNQ');
    expect(withoutSource({ ...api, sellerId: null })).toEqual(withoutSource(file.settlements[0]!));
    expect(duplicateKey(api)).toBe(duplicateKey(file.settlements[0]!));
    expect(paypal.violations()).toEqual([]);
  });

  it('gives the same day statements to overlapping fetches, the day still running open', async () => {
    for (const t of DAY_TRANSACTIONS) paypal.transactions.push(t);
    const at = Date.parse('2026-03-11T16:00:00Z');
    const first = await paypalConnector.fetchSettlements(await connected(at), { from: Date.parse('2026-03-05T00:00:00Z'), to: at });
    expect(first.result.settlements.map((x) => [x.settlementId, x.status, x.total])).toEqual([['2026-03-10_2026-03-10_USD', 'closed', 1_586_0600n], ['2026-03-11_2026-03-11_USD', 'open', null]]);
    const later = Date.parse('2026-03-12T12:00:00Z');
    const second = await paypalConnector.fetchSettlements(await connected(later), { from: at - 2 * DAY, to: later });
    expect(second.result.settlements.map((x) => [x.settlementId, x.status, x.total])).toEqual([['2026-03-10_2026-03-10_USD', 'closed', 1_586_0600n], ['2026-03-11_2026-03-11_USD', 'closed', 10_0000n]]);
    const again = await paypalConnector.fetchSettlement(await connected(later), '2026-03-10_2026-03-10_USD');
    expect(again.settlements.map((x) => [x.settlementId, x.total, x.lines.length])).toEqual([['2026-03-10_2026-03-10_USD', 1_586_0600n, 6]]);
  });
});

/** One day of a seller in California (PDT, UTC-07:00): the activity download and the same transactions from the API. */
const DAY_DOWNLOAD = [
  'Date,Time,TimeZone,Name,Type,Status,Currency,Gross,Fee,Net,Balance,Transaction ID,Reference Txn ID,Invoice Number,Item ID,Item Title,Quantity',
  '03/10/2026,00:15:00,PDT,Anna Buyer,Express Checkout Payment,Completed,USD,72.78,-2.41,70.37,570.37,1AB23456CD789012E,,INV-1001,MUG-01,Blue mug,1',
  '03/10/2026,14:05:10,PDT,Anna Buyer,Payment Refund,Completed,USD,-20.00,0.21,-19.79,550.58,4DE56789FG012345H,1AB23456CD789012E,INV-1001,MUG-01,Blue mug,1',
  '03/10/2026,23:50:00,PDT,Bob Buyer,Website Payment,Completed,USD,"1,583.75",-48.27,"1,535.48","2,086.06",2BC34567DE890123F,,INV-1002,DESK-7,Walnut desk,1',
].join('\n') + '\n';

function apiTransaction(id: string, at: string, code: string, gross: string, fee: string, balance: string, o: { name: string; invoice: string; item: [string, string]; ref?: string }) {
  const usd = (value: string) => ({ currency_code: 'USD', value });
  return {
    transaction_info: { transaction_id: id, ...(o.ref ? { paypal_reference_id: o.ref } : {}), transaction_event_code: code, transaction_initiation_date: at, transaction_status: 'S', transaction_amount: usd(gross), fee_amount: usd(fee), ending_balance: usd(balance), invoice_id: o.invoice },
    payer_info: { payer_name: { alternate_full_name: o.name } },
    cart_info: { item_details: [{ item_code: o.item[0], item_name: o.item[1], item_quantity: '1' }] },
  };
}

const DAY_TRANSACTIONS = [
  apiTransaction('1AB23456CD789012E', '2026-03-10T00:15:00-07:00', 'T0006', '72.78', '-2.41', '570.37', { name: 'Anna Buyer', invoice: 'INV-1001', item: ['MUG-01', 'Blue mug'] }),
  apiTransaction('4DE56789FG012345H', '2026-03-10T14:05:10-07:00', 'T1107', '-20.00', '0.21', '550.58', { name: 'Anna Buyer', invoice: 'INV-1001', item: ['MUG-01', 'Blue mug'], ref: '1AB23456CD789012E' }),
  apiTransaction('2BC34567DE890123F', '2026-03-10T23:50:00-07:00', 'T0007', '1583.75', '-48.27', '2086.06', { name: 'Bob Buyer', invoice: 'INV-1002', item: ['DESK-7', 'Walnut desk'] }),
  apiTransaction('5EF67890GH123456J', '2026-03-11T00:30:00-07:00', 'T0006', '10.59', '-0.59', '2096.06', { name: 'Cleo Buyer', invoice: 'INV-1003', item: ['CUP-02', 'Red cup'] }),
];

const withoutSource = (x: Settlement) => ({ ...x, sourceFile: '', lines: x.lines.map((l) => ({ ...l, source: { file: '', row: l.source.row } })) });
