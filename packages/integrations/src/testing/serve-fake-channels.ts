/**
 * Local Amazon SP-API and Shopify servers for e2e runs (`node --import tsx serve-fake-channels.ts`),
 * the same fakes the contract tests use, served over HTTP and seeded with settlements dated relative
 * to now: two recent ones each (the first fetch after connecting brings them) and one older each (a
 * history request brings it); Amazon also has the settlement still running (an Open Finances event
 * group, settlement 91000000003), and the Inventory Ledger summary of last month (core's fixture
 * moved to that month) for createReport. Besides the channel APIs they play the consent pages (which send the
 * browser straight back to our callback with a code) and a control surface for tests:
 * POST /__control/revoke (the seller removes our app), GET /__control/health, GET /__control/violations.
 * Ports: FAKE_AMAZON_PORT (8181) and FAKE_SHOPIFY_PORT (8182); app credentials FAKE_CLIENT_ID/SECRET.
 * With FAKE_AMAZON_EU_PORT, Amazon's Europe SP-API too (issue 28): an Amazon.de seller (A1E2EDESELLER)
 * with two recent settlements in EUR (92000000001, 92000000002), its own consent page, and the North
 * America one's Login with Amazon (one for every region, as at Amazon).
 */
import { readFileSync } from 'node:fs';
import { AMAZON_LOCALES, writeAmazonV2 } from '@ledgerport/core/channels/amazon';
import { previousMonth } from '@ledgerport/core/inventory';
import type { Settlement } from '@ledgerport/core/settlements';
import { createFakeAmazon } from './fake-channels/fake-amazon';
import { createFakeShopify } from './fake-channels/fake-shopify';
import type { FakeChannel } from './fake-channels/fake-channel';
import { serveFetch } from './serve-fetch';

const DAY = 24 * 3600 * 1000;
const clientId = process.env.FAKE_CLIENT_ID ?? 'e2e-client';
const clientSecret = process.env.FAKE_CLIENT_SECRET ?? 'e2e-secret';
const amazonPort = Number(process.env.FAKE_AMAZON_PORT ?? 8181);
const shopifyPort = Number(process.env.FAKE_SHOPIFY_PORT ?? 8182);
const amazonUrl = `http://127.0.0.1:${amazonPort}`;
const shopifyUrl = `http://127.0.0.1:${shopifyPort}`;
const now = Date.now();

function amazonSettlement(id: string, daysAgo: number, orders: number, marketplace = 'Amazon.com', currency = 'USD'): Settlement {
  const deposit = now - daysAgo * DAY;
  const lines = Array.from({ length: orders }, (_, i) => [
    { typeKey: 'Order|ItemPrice|Principal', amount: 2499_0000n + BigInt(i) * 1_0000n },
    { typeKey: 'Order|ItemFees|Commission', amount: -375_0000n },
  ].map((l) => ({ ...l, postedAt: deposit - 5 * DAY, orderId: `113-0000000-${String(i).padStart(7, '0')}`, sku: `E2E-SKU-${i % 3}`, quantity: 1, marketplace, fulfilmentChannel: 'AFN', source: { file: '', row: 0 } }))).flat();
  const total = lines.reduce((s, l) => s + l.amount, 0n);
  return { channel: 'AMAZON', settlementId: id, format: 'amazon-v2', marketplace, currency, startDate: deposit - 14 * DAY, endDate: deposit - DAY, depositDate: deposit, total, status: 'closed', sellerId: null, sourceFile: '', lines };
}

/** The consent page: straight back to our callback with a code and the seller's id. */
const consentPage = (fake: { auth: { issueCode: () => string } }, sellerId: string) => (_req: Request, url: URL) => {
  if (url.pathname !== '/apps/authorize/consent') return null;
  const back = new URL(url.searchParams.get('redirect_uri') ?? '');
  back.searchParams.set('state', url.searchParams.get('state') ?? '');
  back.searchParams.set('spapi_oauth_code', fake.auth.issueCode());
  back.searchParams.set('selling_partner_id', sellerId);
  return Response.redirect(back.toString(), 302);
};

function withControl(channel: FakeChannel, consent: (req: Request, url: URL) => Response | null) {
  return async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    if (url.pathname === '/__control/health') return new Response('ok');
    if (url.pathname === '/__control/violations') return Response.json(channel.violations());
    if (url.pathname === '/__control/revoke' && req.method === 'POST') {
      channel.auth.revokeAll();
      return new Response(null, { status: 204 });
    }
    return consent(req, url) ?? channel.fetch(req);
  };
}

const amazon = await createFakeAmazon({ apiUrl: amazonUrl, tokenUrl: `${amazonUrl}/auth/o2/token`, clientId, clientSecret });
for (const [id, daysAgo, orders] of [['91000000001', 3, 4], ['91000000002', 17, 2], ['91000000000', 75, 3]] as const) {
  const s = amazonSettlement(id, daysAgo, orders);
  amazon.addReport({ document: new TextEncoder().encode(writeAmazonV2(s, { locale: AMAZON_LOCALES.US!, hasPromotionId: true })), createdTime: new Date(s.depositDate! + 3600_000).toISOString(), isGzip: true });
}
// The settlement still running (Finances API): an Open event group whose transactions name its settlement id.
amazon.groups.push({ FinancialEventGroupId: 'E2E-OPEN-GROUP', ProcessingStatus: 'Open', FundTransferStatus: 'Unknown', OriginalTotal: { CurrencyCode: 'USD', CurrencyAmount: 0 }, FinancialEventGroupStart: new Date(now - 2 * DAY).toISOString() });
amazon.groupEvents.set('E2E-OPEN-GROUP', [{ ShipmentEventList: [{ AmazonOrderId: '113-0000000-9999999', MarketplaceName: 'Amazon.com', PostedDate: new Date(now - DAY).toISOString(), ShipmentItemList: [{ SellerSKU: 'E2E-SKU-0', QuantityShipped: 1, ItemChargeList: [{ ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: 31.5 } }], ItemFeeList: [{ FeeType: 'Commission', FeeAmount: { CurrencyCode: 'USD', CurrencyAmount: -4.73 } }] }] }] }]);
amazon.transactions.push({ relatedIdentifiers: [{ relatedIdentifierName: 'FINANCIAL_EVENT_GROUP_ID', relatedIdentifierValue: 'E2E-OPEN-GROUP' }, { relatedIdentifierName: 'SETTLEMENT_ID', relatedIdentifierValue: '91000000003' }], transactionType: 'Shipment', transactionId: 'E2E-T-1', transactionStatus: 'RELEASED', postedDate: new Date(now - DAY).toISOString(), totalAmount: { currencyCode: 'USD', currencyAmount: 26.77 } });
// Last month's Inventory Ledger summary (GET_LEDGER_SUMMARY_VIEW_DATA), gzipped as Amazon often sends it.
const ledgerMonth = previousMonth(new Date(now).toISOString().slice(0, 10));
const ledger = readFileSync(new URL('../../../core/src/inventory/__fixtures__/ledger-summary-2026-10.tsv', import.meta.url), 'utf8');
amazon.ledgerPolls.count = 0; // ready at the first getReport: keeps the journeys short
amazon.ledgerDocuments.set(ledgerMonth, { document: new TextEncoder().encode(ledger.replaceAll('10/2026', `${ledgerMonth.slice(5)}/${ledgerMonth.slice(0, 4)}`)), isGzip: true });
const shopify = await createFakeShopify({ shopUrl: shopifyUrl, clientId, clientSecret });
for (const [id, daysAgo] of [['7300001', 2], ['7300002', 9], ['7299990', 70]] as const) {
  const issuedAt = new Date(now - daysAgo * DAY);
  issuedAt.setUTCHours(0, 0, 0, 0);
  shopify.payouts.push({
    legacyResourceId: id, status: 'PAID', issuedAt: issuedAt.toISOString(), currency: 'USD',
    transactions: [
      { type: 'CHARGE', transactionDate: new Date(issuedAt.getTime() - 2 * DAY).toISOString(), amount: '120.00', fee: '3.78', net: '116.22', order: `#E2E${id}-1` },
      { type: 'CHARGE', transactionDate: new Date(issuedAt.getTime() - 2 * DAY).toISOString(), amount: '45.50', fee: '1.62', net: '43.88', order: `#E2E${id}-2` },
      { type: 'REFUND', transactionDate: new Date(issuedAt.getTime() - DAY).toISOString(), amount: '-20.00', fee: '0.00', net: '-20.00', order: `#E2E${id}-0` },
    ],
  });
}

await serveFetch(withControl(amazon, consentPage(amazon, 'A1E2ESELLER')), { port: amazonPort });
if (process.env.FAKE_AMAZON_EU_PORT) {
  const euUrl = `http://127.0.0.1:${Number(process.env.FAKE_AMAZON_EU_PORT)}`;
  const amazonEu = await createFakeAmazon({ apiUrl: euUrl, tokenUrl: `${amazonUrl}/auth/o2/token`, clientId, clientSecret, auth: amazon.auth });
  for (const [id, daysAgo, orders] of [['92000000001', 4, 3], ['92000000002', 18, 2]] as const) {
    const s = amazonSettlement(id, daysAgo, orders, 'Amazon.de', 'EUR');
    amazonEu.addReport({ document: new TextEncoder().encode(writeAmazonV2(s, { locale: AMAZON_LOCALES.DE!, hasPromotionId: true })), createdTime: new Date(s.depositDate! + 3600_000).toISOString(), isGzip: true });
  }
  await serveFetch(withControl(amazonEu, consentPage(amazonEu, 'A1E2EDESELLER')), { port: Number(process.env.FAKE_AMAZON_EU_PORT) });
  console.log(`fake Amazon Europe on ${euUrl}`);
}
await serveFetch(
  withControl(shopify, (req, url) => {
    if (url.pathname !== '/admin/oauth/authorize') return null;
    const back = new URL(url.searchParams.get('redirect_uri') ?? '');
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    back.searchParams.set('code', shopify.auth.issueCode());
    back.searchParams.set('shop', 'e2e-outdoor.myshopify.com');
    return Response.redirect(back.toString(), 302);
  }),
  { port: shopifyPort },
);
console.log(`fake Amazon on ${amazonUrl}, fake Shopify on ${shopifyUrl}`);
