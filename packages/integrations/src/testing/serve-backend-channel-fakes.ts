/**
 * The local PayPal and Amazon of the backend-channels journey (e2e/journeys/backend-channels.spec.ts,
 * `node --import tsx`), on ports of its
 * own (FAKE_PAYPAL_PORT, FAKE_AMAZON_PORT): packages/integrations' fakes, seeded relative to now.
 * PayPal: five transactions of the last days (sales, a refund, a withdrawal). Amazon: three financial
 * event groups (one closed with its settlement report, so Ledgerport holds it after the first fetch;
 * one closed with no report; one still open), with events, and the consent page that sends the
 * browser straight back with a code.
 */
import { AMAZON_LOCALES, writeAmazonV2 } from '@ledgerport/core/channels/amazon';
import type { Settlement } from '@ledgerport/core/settlements';
import { createFakeAmazon } from './fake-channels/fake-amazon';
import { createFakePayPal } from './fake-channels/fake-paypal';
import { serveFetch } from './serve-fetch';

const DAY = 24 * 3600 * 1000;
const now = Date.now();
const paypalPort = Number(process.env.FAKE_PAYPAL_PORT);
const amazonPort = Number(process.env.FAKE_AMAZON_PORT);
const paypalUrl = `http://127.0.0.1:${paypalPort}`;
const amazonUrl = `http://127.0.0.1:${amazonPort}`;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

const paypal = await createFakePayPal({ apiUrl: paypalUrl, clientId: 'seller-app', clientSecret: 'seller-secret' });
const txn = (id: string, daysAgo: number, code: string, gross: string, fee: string, name: string) => ({
  transaction_info: { transaction_id: id, transaction_event_code: code, transaction_initiation_date: iso(now - daysAgo * DAY), transaction_status: 'S', transaction_amount: { currency_code: 'USD', value: gross }, fee_amount: { currency_code: 'USD', value: fee } },
  payer_info: { payer_name: { alternate_full_name: name } },
});
paypal.transactions.push(
  txn('5TY05013RG002845M', 6, 'T0006', '120.00', '-3.78', 'Alex Buyer'),
  txn('8MC585209K746392H', 6, 'T0006', '45.50', '-1.62', 'Sam Shopper'),
  txn('2GG279541U471931P', 5, 'T0007', '89.99', '-2.91', 'Robin Reader'),
  txn('4CF18861HF410323U', 4, 'T1107', '-20.00', '0.00', 'Alex Buyer'),
  txn('0JH41730ER224612T', 3, 'T0400', '-200.00', '0.00', ''),
);

const amazon = await createFakeAmazon({ apiUrl: amazonUrl, tokenUrl: `${amazonUrl}/auth/o2/token`, clientId: 'e2e-client', clientSecret: 'e2e-secret' });
const deposit = now - 4 * DAY;
const held: Settlement = {
  channel: 'AMAZON', settlementId: '92000000001', format: 'amazon-v2', marketplace: 'Amazon.com', currency: 'USD',
  startDate: deposit - 14 * DAY, endDate: deposit - DAY, depositDate: deposit, total: 4623_0000n, status: 'closed', sellerId: null, sourceFile: '',
  lines: [
    { typeKey: 'Order|ItemPrice|Principal', amount: 4998_0000n, postedAt: deposit - 5 * DAY, orderId: '113-0000000-0000001', sku: 'TENT-2P', quantity: 2, marketplace: 'Amazon.com', fulfilmentChannel: 'AFN', source: { file: '', row: 0 } },
    { typeKey: 'Order|ItemFees|Commission', amount: -375_0000n, postedAt: deposit - 5 * DAY, orderId: '113-0000000-0000001', sku: 'TENT-2P', quantity: 2, marketplace: 'Amazon.com', fulfilmentChannel: 'AFN', source: { file: '', row: 0 } },
  ],
};
amazon.addReport({ document: new TextEncoder().encode(writeAmazonV2(held, { locale: AMAZON_LOCALES.US!, hasPromotionId: true })), createdTime: new Date(deposit + 3600_000).toISOString(), isGzip: true });
const money = (amount: number) => ({ CurrencyCode: 'USD', CurrencyAmount: amount });
amazon.groups.push(
  { FinancialEventGroupId: 'GRP-HELD-0001', ProcessingStatus: 'Closed', FundTransferStatus: 'Succeeded', OriginalTotal: money(46.23), FundTransferDate: new Date(deposit).toISOString(), FinancialEventGroupStart: new Date(held.startDate!).toISOString(), FinancialEventGroupEnd: new Date(held.endDate!).toISOString() },
  { FinancialEventGroupId: 'GRP-MISSING-0002', ProcessingStatus: 'Closed', FundTransferStatus: 'Succeeded', OriginalTotal: money(312.4), FundTransferDate: new Date(now - 33 * DAY).toISOString(), FinancialEventGroupStart: new Date(now - 48 * DAY).toISOString(), FinancialEventGroupEnd: new Date(now - 34 * DAY).toISOString() },
  { FinancialEventGroupId: 'GRP-OPEN-0003', ProcessingStatus: 'Open', FundTransferStatus: 'Unknown', OriginalTotal: money(0), FinancialEventGroupStart: new Date(now - 3 * DAY).toISOString() },
);
const item = (sku: string, principal: number, commission: number) => ({ SellerSKU: sku, QuantityShipped: 1, ItemChargeList: [{ ChargeType: 'Principal', ChargeAmount: money(principal) }], ItemFeeList: [{ FeeType: 'Commission', FeeAmount: money(commission) }] });
amazon.groupEvents.set('GRP-HELD-0001', [
  {
    ShipmentEventList: [
      { AmazonOrderId: '113-0000000-0000001', MarketplaceName: 'Amazon.com', PostedDate: new Date(deposit - 5 * DAY).toISOString(), ShipmentItemList: [item('TENT-2P', 24.99, -1.88), item('TENT-2P', 24.99, -1.87)] },
    ],
    ServiceFeeEventList: [{ FeeReason: 'Subscription', FeeList: [{ FeeType: 'Subscription', FeeAmount: money(-39.99) }] }],
    AdjustmentEventList: [{ AdjustmentType: 'ReserveCredit', PostedDate: new Date(deposit - 2 * DAY).toISOString(), AdjustmentAmount: money(40.99) }],
    RemovalShipmentEventList: [{ OrderId: 'R-0001', PostedDate: new Date(deposit - 3 * DAY).toISOString() }],
  },
]);
amazon.groupEvents.set('GRP-OPEN-0003', [{ ShipmentEventList: [{ AmazonOrderId: '113-0000000-0000009', MarketplaceName: 'Amazon.com', PostedDate: new Date(now - DAY).toISOString(), ShipmentItemList: [item('STOVE-1', 31.5, -4.73)] }] }]);

await serveFetch(async (req) => {
  const url = new URL(req.url);
  if (url.pathname === '/__control/health') return new Response('ok');
  return paypal.fetch(req);
}, { port: paypalPort });
await serveFetch(async (req) => {
  const url = new URL(req.url);
  if (url.pathname === '/__control/health') return new Response('ok');
  if (url.pathname === '/apps/authorize/consent') {
    const back = new URL(url.searchParams.get('redirect_uri') ?? '');
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    back.searchParams.set('spapi_oauth_code', amazon.auth.issueCode());
    back.searchParams.set('selling_partner_id', 'A1E2ESELLER');
    return Response.redirect(back.toString(), 302);
  }
  return amazon.fetch(req);
}, { port: amazonPort });
console.log(`fake PayPal on ${paypalUrl}, fake Amazon on ${amazonUrl}`);
