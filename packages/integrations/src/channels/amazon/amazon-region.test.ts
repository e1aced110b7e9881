import { writeAmazonV2, AMAZON_LOCALES } from '@ledgerport/core/channels/amazon';
import type { Settlement } from '@ledgerport/core/settlements';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeAmazon, type FakeAmazon } from '../../testing/fake-channels/fake-amazon';
import { createTestSession } from '../../testing/test-session';
import { DEFAULT_CHANNEL_ENDPOINTS } from '../channel-endpoints';
import { amazonConnector } from './amazon-connector';
import { amazonEndpointsFor } from './amazon-region';

const NA = 'https://sellingpartnerapi-na.amazon.com';
const EU = 'https://sellingpartnerapi-eu.amazon.com';
const TOKEN = 'https://api.amazon.com/auth/o2/token';
const app = { clientId: 'amzn1.application-oa2-client.test', clientSecret: 'secret' };
const NOW = Date.parse('2026-11-20T12:00:00Z');
const DAY = 24 * 3600 * 1000;
const DE = 'A1PA6795UKMFR9';
const defaults = DEFAULT_CHANNEL_ENDPOINTS.AMAZON;

function germanSettlement(id: string): Settlement {
  const at = NOW - 3 * DAY;
  const lines = [
    { typeKey: 'Order|ItemPrice|Principal', amount: 3999_0000n },
    { typeKey: 'Order|ItemFees|Commission', amount: -600_0000n },
  ].map((l) => ({ ...l, postedAt: at - DAY, orderId: '302-0000000-0000001', sku: 'DE-SKU', quantity: 1, marketplace: 'Amazon.de', fulfilmentChannel: 'AFN', source: { file: '', row: 0 } }));
  return { channel: 'AMAZON', settlementId: id, format: 'amazon-v2', marketplace: 'Amazon.de', currency: 'EUR', startDate: at - 14 * DAY, endDate: at - DAY, depositDate: at, total: 3399_0000n, status: 'closed', sellerId: null, sourceFile: '', lines };
}

describe('Amazon endpoints by region and marketplace', () => {
  it("sends the seller to the marketplace's own Seller Central and calls the region's SP-API host", () => {
    const de = amazonEndpointsFor(defaults, { region: null, marketplaceId: DE });
    expect([de.api, de.consent]).toEqual([EU, 'https://sellercentral-europe.amazon.com/apps/authorize/consent']);
    const nl = amazonEndpointsFor(defaults, { region: null, marketplaceId: 'A1805IZSGTT6HS' });
    expect([nl.api, nl.consent]).toEqual([EU, 'https://sellercentral.amazon.nl/apps/authorize/consent']);
    const jp = amazonEndpointsFor(defaults, { region: null, marketplaceId: 'A1VC38T7YXB528' });
    expect([jp.api, jp.consent]).toEqual(['https://sellingpartnerapi-fe.amazon.com', 'https://sellercentral.amazon.co.jp/apps/authorize/consent']);
    const ca = amazonEndpointsFor(defaults, { region: null, marketplaceId: 'A2EUQ1WTGCTBG2' });
    expect([ca.api, ca.consent]).toEqual([NA, 'https://sellercentral.amazon.ca/apps/authorize/consent']);
    expect(ca.token).toBe(TOKEN);
  });

  it('keeps a connection stored without a region on North America, and a stored region on its host', () => {
    const old = amazonEndpointsFor(defaults, { region: null, marketplaceId: null });
    expect([old.api, old.consent]).toEqual([NA, 'https://sellercentral.amazon.com/apps/authorize/consent']);
    expect(amazonEndpointsFor(defaults, { region: 'FE', marketplaceId: null }).api).toBe('https://sellingpartnerapi-fe.amazon.com');
  });

  it("uses a region's own override, and leaves the other regions on theirs", () => {
    const local = { ...defaults, api_eu: 'http://127.0.0.1:9001', consent_eu: 'http://127.0.0.1:9001/apps/authorize/consent' };
    expect(amazonEndpointsFor(local, { region: 'EU', marketplaceId: null })).toMatchObject({ api: 'http://127.0.0.1:9001', consent: 'http://127.0.0.1:9001/apps/authorize/consent' });
    expect(amazonEndpointsFor(local, { region: 'NA', marketplaceId: null }).api).toBe(NA);
  });
});

describe('an Amazon.de seller through the Europe SP-API', () => {
  let na: FakeAmazon;
  let eu: FakeAmazon;
  beforeEach(async () => {
    na = await createFakeAmazon({ apiUrl: NA, tokenUrl: TOKEN, ...app, now: () => NOW });
    // One Login with Amazon for both regions, as at Amazon.
    eu = await createFakeAmazon({ apiUrl: EU, tokenUrl: TOKEN, ...app, now: () => NOW, auth: na.auth });
  });
  const fetch = (input: string | URL | Request, init?: RequestInit) => (String(input instanceof Request ? input.url : input).startsWith(EU) ? eu.fetch(input, init) : na.fetch(input, init));

  it('consents at Seller Central Europe, keeps the marketplace, and fetches its settlements from the Europe host only', async () => {
    eu.addReport({ document: new TextEncoder().encode(writeAmazonV2(germanSettlement('92000000001'), { locale: AMAZON_LOCALES.DE!, hasPromotionId: true })), createdTime: new Date(NOW - 2 * DAY).toISOString(), isGzip: true });
    const endpoints = amazonEndpointsFor(defaults, { region: 'EU', marketplaceId: DE });
    const url = new URL(amazonConnector.authorizeUrl({ fetch, endpoints, app, now: () => NOW }, { redirectUri: 'http://localhost/cb', state: 'st', codeChallenge: '', params: {} }));
    expect(url.origin).toBe('https://sellercentral-europe.amazon.com');
    const connected = await amazonConnector.finishConnect(
      { fetch, endpoints, app, now: () => NOW },
      { redirectUri: 'http://localhost/cb', query: { spapi_oauth_code: na.auth.issueCode(), selling_partner_id: 'A1DESELLER', state: 'st' }, codeVerifier: '', form: { marketplaceId: DE } },
    );
    expect(connected.storeName).toBe('Amazon seller A1DESELLER (Amazon.de)');
    expect(connected.credentials.params).toEqual({ sellingPartnerId: 'A1DESELLER', marketplaceId: DE });
    const s = createTestSession({ fetch, endpoints, app, tokens: connected.credentials.tokens, params: connected.credentials.params, now: () => NOW });
    const { result } = await amazonConnector.fetchSettlements(s, { from: NOW - 30 * DAY, to: NOW });
    expect(result.problems).toEqual([]);
    expect(result.settlements.map((x) => [x.settlementId, x.currency, x.marketplace, x.total])).toEqual([['92000000001', 'EUR', 'Amazon.de', 3399_0000n]]);
    expect(eu.apiCalls().map((c) => c.operationId)).toContain('getReports');
    expect(na.apiCalls()).toEqual([]);
    expect([...na.violations(), ...eu.violations()]).toEqual([]);
  });
});
