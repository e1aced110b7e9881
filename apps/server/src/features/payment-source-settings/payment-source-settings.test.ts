/**
 * Settings > PayPal and Settings > Amazon Pay: each save is a new version with one History entry;
 * the next posting preview follows it (a PayPal currency turned off is not posted, another posts to
 * its own clearing account; Amazon Pay lines post to the Amazon Pay clearing account and the
 * document still sums to the deposit); a currency turned off is not imported by the fetch; another
 * account is not found, a view-only member cannot save, the wrong channel is a 409.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmazonPaySettingsBody, AuditEntryBody, ErrorBody, PayPalSettingsBody, SettlementDetail, TokenSet } from '@ledgerport/contract';
import { parseReport } from '@ledgerport/core/channels';
import { decimalToUnits } from '@ledgerport/core/money';
import { bearer } from '../../../test/test-app';
import type { Deps } from '../../http/deps';
import { storeFetchedSettlements } from '../channel-connections/store-fetched-settlements';
import { coreFixture, startSettlementTestServer, upload, waitForImport, type SettlementTestServer } from '../../../test/settlement-test-server';

let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
let viewer: TokenSet;
let paypalKey: string;
const AMAZON = 'acme-amazon-us';
const STL = fs.readFileSync(coreFixture('paypal', 'STL-20260106.01.010.CSV'));

/** A v1 Amazon settlement (36 columns) with one order and one Amazon Pay direct payment (direct-payment-* columns). */
function amazonPaySettlement(): string {
  const row = (cells: Record<number, string>) => Array.from({ length: 36 }, (_, i) => cells[i + 1] ?? '').join('\t');
  const header = 'settlement-id settlement-start-date settlement-end-date deposit-date total-amount currency transaction-type order-id merchant-order-id adjustment-id shipment-id marketplace-name shipment-fee-type shipment-fee-amount order-fee-type order-fee-amount fulfillment-id posted-date order-item-code merchant-order-item-id merchant-adjustment-item-id sku quantity-purchased price-type price-amount item-related-fee-type item-related-fee-amount misc-fee-amount other-fee-amount other-fee-reason-description promotion-id promotion-type promotion-amount direct-payment-type direct-payment-amount other-amount'.split(' ').join('\t');
  const line = (cells: Record<number, string>) => row({ 1: '90000000044', 7: 'Order', 8: '701-0000000-0000044', 12: 'Amazon.com', 17: 'MFN', 18: '2025-06-06T10:00:00+00:00', 22: 'SKU-44', ...cells });
  return [
    header,
    row({ 1: '90000000044', 2: '2025-06-05T00:00:00+00:00', 3: '2025-06-19T00:00:00+00:00', 4: '2025-06-21T00:00:00+00:00', 5: '123.47', 6: 'USD' }),
    line({ 24: 'Principal', 25: '100.00' }),
    line({ 26: 'Commission', 27: '-15.00' }),
    line({ 34: 'Charge', 35: '40.00' }),
    line({ 34: 'Fee', 35: '-1.53' }),
  ].join('\n');
}

beforeAll(async () => {
  server = await startSettlementTestServer();
  [demo, other, viewer] = [await server.signIn('demo@ledgerport.local'), await server.signIn('other@ledgerport.local'), await server.signIn('viewer@ledgerport.local')];
  const created = await server.app.inject({ method: 'POST', url: '/account/new', headers: bearer(demo), payload: { accountName: 'Acme PayPal', salesChannel: 'PAYPAL', accountingSystem: 'XERO', organizationId: 'org-acme' } });
  expect(created.statusCode).toBe(200);
  paypalKey = created.json<{ accountKey: string }>().accountKey;
  for (const key of [paypalKey, AMAZON]) expect((await server.app.inject({ method: 'PUT', url: `/mappings?accountKey=${key}`, payload: { isUnmappedToSuspense: true }, headers: bearer(demo) })).statusCode).toBe(200);
  const stl = await upload(server, demo, paypalKey, [{ name: 'STL-20260106.01.010.CSV', content: STL }]);
  expect(stl.statusCode, stl.body).toBe(200);
  expect((await waitForImport(server, demo, stl.json<{ importId: string }>().importId)).status).toBe('DONE');
  const amazon = await upload(server, demo, AMAZON, [{ name: '90000000044.txt', content: amazonPaySettlement() }]);
  expect(amazon.statusCode, amazon.body).toBe(200);
  expect((await waitForImport(server, demo, amazon.json<{ importId: string }>().importId)).status).toBe('DONE');
}, 120_000);
afterAll(() => server.close());

const get = (url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const put = (path: string, accountKey: string, body: object, tokens = demo) => server.app.inject({ method: 'PUT', url: `${path}?accountKey=${accountKey}`, payload: body, headers: bearer(tokens) });
const history = async (accountKey: string) => (await get(`/account-settings/history?accountKey=${accountKey}`)).json<{ entries: AuditEntryBody[] }>().entries;
async function detailOf(accountKey: string, settlementId: string): Promise<SettlementDetail> {
  const row = await server.testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '=', accountKey).where('settlement_id', '=', settlementId).executeTakeFirstOrThrow();
  return (await get(`/settlement/detail?settlementKey=${row.settlement_key}`)).json<SettlementDetail>();
}
const signedSum = (lines: SettlementDetail['documents'][number]['lines']) => lines.reduce((a, l) => a + (l.side === 'debit' ? 1n : -1n) * decimalToUnits(l.amount), 0n);

describe('Settings > PayPal', () => {
  it('lists the PayPal account and currencies of the stored statements, everything imported to the chart clearing account', async () => {
    const body = (await get(`/account-settings/paypal?accountKey=${paypalKey}`)).json<PayPalSettingsBody>();
    expect(body).toMatchObject({
      version: 0,
      paypalAccounts: [{ accountId: 'EZ782AXEUJUW8', name: 'PayPal account EZ782AXEUJUW8', isConnected: false, isImported: true, statementCount: 2 }],
      currencies: [
        { currency: 'JPY', isImported: true, clearingAccount: null, statementCount: 1 },
        { currency: 'USD', isImported: true, clearingAccount: null, statementCount: 1 },
      ],
      canEdit: true,
      updatedBy: null,
    });
    expect(body.defaultClearingAccount?.name).toMatch(/PayPal/);
  });

  it('JPY turned off is not posted, USD posts to its own clearing account for the same amount; History says so', async () => {
    const usdBefore = (await detailOf(paypalKey, '2026-01-06_EZ782AXEUJUW8_USD')).documents[0]!;
    const saved = await put('/account-settings/paypal', paypalKey, {
      paypalAccounts: [{ accountId: 'EZ782AXEUJUW8', isImported: true }],
      currencies: [
        { currency: 'jpy', isImported: false, clearingAccount: null },
        { currency: 'USD', isImported: true, clearingAccount: { code: '1215', name: 'PayPal USD' } },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PayPalSettingsBody>()).toMatchObject({ version: 1, updatedBy: 'demo@ledgerport.local', currencies: [{ currency: 'JPY', isImported: false }, { currency: 'USD', clearingAccount: { code: '1215', name: 'PayPal USD' } }] });

    const jpy = await detailOf(paypalKey, '2026-01-06_EZ782AXEUJUW8_JPY');
    expect(jpy.documents.filter((d) => d.status !== 'POSTED')).toEqual([]);
    expect(jpy.problems).toContainEqual({ code: 'not-posted', message: 'PayPal statement 2026-01-06_EZ782AXEUJUW8_JPY is in JPY, which is turned off in Settings > PayPal; it is not posted.' });
    const usd = (await detailOf(paypalKey, '2026-01-06_EZ782AXEUJUW8_USD')).documents[0]!;
    const clearing = usd.lines.find((l) => l.role === 'clearing')!;
    expect([clearing.accountCode, clearing.accountName, clearing.amount]).toEqual(['1215', 'PayPal USD', usdBefore.lines.find((l) => l.role === 'clearing')!.amount]);
    expect(signedSum(usd.lines)).toBe(0n);
    expect((await history(paypalKey))[0]!.summary).toBe('Changed the PayPal settings: Currencies not imported none → JPY; Clearing accounts by currency none → USD 1215 PayPal USD');
  });

  it('saving the same choices again adds no version; the fetch does not import a currency turned off', async () => {
    await put('/account-settings/paypal', paypalKey, { paypalAccounts: [{ accountId: 'EZ782AXEUJUW8', isImported: true }], currencies: [{ currency: 'JPY', isImported: false, clearingAccount: null }, { currency: 'USD', isImported: true, clearingAccount: { code: '1215', name: 'PayPal USD' } }] });
    expect((await get(`/account-settings/paypal?accountKey=${paypalKey}`)).json<PayPalSettingsBody>().version).toBe(1);
    const parsed = await parseReport(STL, { fileName: 'again.csv', channel: 'PAYPAL' });
    const renamed = parsed.settlements.map((s) => ({ ...s, settlementId: s.settlementId.replace('2026-01-06', '2026-01-07') }));
    const deps = { db: server.testDb.db, clock: server.clock } as unknown as Deps;
    const counts = await storeFetchedSettlements(deps, paypalKey, 'PAYPAL', { result: { settlements: renamed, problems: [], invalidSettlementIds: [] } });
    expect(counts.stored).toBe(1);
    const ids = await server.testDb.db.selectFrom('settlements').select('settlement_id').where('account_key', '=', paypalKey).where('settlement_id', 'like', '2026-01-07%').execute();
    expect(ids.map((r) => r.settlement_id)).toEqual(['2026-01-07_EZ782AXEUJUW8_USD']);
  });

  it('refuses a currency that is not ISO 4217 and a currency listed twice, naming them', async () => {
    const bad = await put('/account-settings/paypal', paypalKey, { paypalAccounts: [], currencies: [{ currency: 'XYZ', isImported: true, clearingAccount: null }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().message).toContain('three-letter ISO code');
    const twice = await put('/account-settings/paypal', paypalKey, { paypalAccounts: [], currencies: [{ currency: 'USD', isImported: true, clearingAccount: null }, { currency: 'usd', isImported: false, clearingAccount: null }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<ErrorBody>().message).toContain('USD is listed twice');
  });
});

describe('Settings > Amazon Pay', () => {
  it('starts off and counts the Amazon Pay lines of the stored settlements', async () => {
    expect((await get(`/account-settings/amazon-pay?accountKey=${AMAZON}`)).json<AmazonPaySettingsBody>()).toMatchObject({ version: 0, isEnabled: false, clearingAccount: null, isSeparate: false, lineCount: 2, settlementCount: 1, canEdit: true });
  });

  it('turned on and kept separate, the Amazon Pay lines post to its clearing account and the document still sums to the deposit', async () => {
    const before = (await detailOf(AMAZON, '90000000044')).documents[0]!;
    expect(before.lines.filter((l) => l.role === 'unmapped')).toHaveLength(2);
    const missing = await put('/account-settings/amazon-pay', AMAZON, { isEnabled: true, clearingAccount: null, isSeparate: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().message).toContain('Choose the clearing account Amazon Pay transactions post to.');
    const saved = await put('/account-settings/amazon-pay', AMAZON, { isEnabled: true, clearingAccount: { code: '1290', name: 'Amazon Pay Clearing' }, isSeparate: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<AmazonPaySettingsBody>()).toMatchObject({ version: 1, isEnabled: true, isSeparate: true, updatedBy: 'demo@ledgerport.local' });
    const doc = (await detailOf(AMAZON, '90000000044')).documents[0]!;
    const pay = doc.lines.filter((l) => l.accountCode === '1290');
    expect(pay.map((l) => [l.description, l.side, l.amount])).toEqual([
      ['Amazon Pay: Order DirectPayment Charge', 'credit', '40.0000'],
      ['Amazon Pay: Order DirectPayment Fee', 'debit', '1.5300'],
    ]);
    expect(doc.lines.filter((l) => l.role === 'unmapped')).toEqual([]);
    expect(doc.lines.find((l) => l.role === 'clearing')!.amount).toBe('123.4700');
    expect(signedSum(doc.lines)).toBe(0n);
    expect((await history(AMAZON))[0]!.summary).toBe('Changed the Amazon Pay settings: Post Amazon Pay to its clearing account off → on; Amazon Pay kept separate off → on; Amazon Pay clearing account none → 1290 Amazon Pay Clearing');
  });
});

describe('refusals', () => {
  it("another user's account is not found, on every call", async () => {
    for (const res of [
      await get(`/account-settings/paypal?accountKey=${paypalKey}`, other),
      await put('/account-settings/paypal', paypalKey, { paypalAccounts: [], currencies: [] }, other),
      await get(`/account-settings/amazon-pay?accountKey=${AMAZON}`, other),
      await put('/account-settings/amazon-pay', AMAZON, { isEnabled: false, clearingAccount: null, isSeparate: false }, other),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().code).toBe('account.not-found');
    }
  });

  it('a view-only member reads the Amazon Pay settings but cannot save them', async () => {
    expect((await get(`/account-settings/amazon-pay?accountKey=${AMAZON}`, viewer)).json<AmazonPaySettingsBody>()).toMatchObject({ isEnabled: true, canEdit: false });
    const res = await put('/account-settings/amazon-pay', AMAZON, { isEnabled: false, clearingAccount: null, isSeparate: false }, viewer);
    expect(res.statusCode).toBe(403);
    expect((await get(`/account-settings/amazon-pay?accountKey=${AMAZON}`)).json<AmazonPaySettingsBody>().version).toBe(1);
  });

  it('the wrong channel, or Amazon without the Amazon Pay feature, is a 409 that names it', async () => {
    const paypalOnAmazon = await get(`/account-settings/paypal?accountKey=${AMAZON}`);
    expect(paypalOnAmazon.statusCode).toBe(409);
    expect(paypalOnAmazon.json<ErrorBody>()).toMatchObject({ code: 'account.wrong-channel', message: 'PayPal settings are only for PayPal accounts, and Acme Outdoor US sells on Amazon. Open a PayPal account to change them.' });
    const amazonPayOnShopify = await put('/account-settings/amazon-pay', 'acme-shopify', { isEnabled: false, clearingAccount: null, isSeparate: false });
    expect(amazonPayOnShopify.statusCode).toBe(409);
    expect(amazonPayOnShopify.json<ErrorBody>().message).toBe('Amazon Pay settings are only for Amazon accounts, and Acme Outdoor Shop sells on Shopify. Open an Amazon account to change them.');
    const noFeature = await get('/account-settings/amazon-pay?accountKey=acme-amazon-ca');
    expect(noFeature.statusCode).toBe(409);
    expect(noFeature.json<ErrorBody>().message).toBe('Amazon Pay is not turned on for Acme Outdoor CA. Ask support to enable it for this account.');
  });
});
