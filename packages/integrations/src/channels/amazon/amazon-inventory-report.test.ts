import { readFileSync } from 'node:fs';
import { parseInventoryLedger } from '@ledgerport/core/inventory';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeAmazon, type FakeAmazon } from '../../testing/fake-channels/fake-amazon';
import { createTestSession } from '../../testing/test-session';
import { ChannelApiError } from '../shared/channel-errors';
import { fetchLedgerSummary, ledgerSummarySpecification } from './amazon-inventory-report';
import { amazonConnector } from './amazon-connector';

const API = 'https://sellingpartnerapi-na.amazon.com';
const TOKEN = 'https://api.amazon.com/auth/o2/token';
const endpoints = { api: API, token: TOKEN };
const app = { clientId: 'amzn1.application-oa2-client.test', clientSecret: 'secret' };
const LEDGER = new Uint8Array(readFileSync(new URL('../../../../core/src/inventory/__fixtures__/ledger-summary-2026-10.tsv', import.meta.url)));
const NOW = Date.parse('2026-11-20T12:00:00Z');
const US = 'ATVPDKIKX0DER';

let amazon: FakeAmazon;

function session() {
  return createTestSession({ fetch: amazon.fetch, endpoints, app, tokens: { accessToken: amazon.auth.issueAccessToken(), refreshToken: null, expiresAt: NOW + 3600_000 }, now: () => NOW });
}

beforeEach(async () => {
  amazon = await createFakeAmazon({ apiUrl: API, tokenUrl: TOKEN, ...app, now: () => NOW });
});

describe('Amazon Inventory Ledger summary through the Reports API', () => {
  it('asks for the month by fulfilment centre, waits while Amazon prepares it, and gives the same bytes as the file', async () => {
    amazon.ledgerDocuments.set('2026-10', { document: LEDGER });
    amazon.ledgerPolls.count = 3;
    const s = session();
    const doc = await fetchLedgerSummary(s, { month: '2026-10', marketplaceIds: [US], aggregateByLocation: 'FC' });
    expect(doc.bytes).toEqual(LEDGER);
    expect(parseInventoryLedger(doc.bytes, 'fetched.tsv')).toEqual(parseInventoryLedger(LEDGER, 'fetched.tsv'));
    const calls = amazon.apiCalls().map((c) => c.operationId);
    expect(calls).toEqual(['createReport', 'getReport', 'getReport', 'getReport', 'getReport', 'getReportDocument']);
    expect(s.sleeps).toEqual([5_000, 10_000, 20_000]);
    const made = amazon.reports.find((r) => r.reportId === doc.reportId)!;
    expect(made.specification).toEqual({
      reportType: 'GET_LEDGER_SUMMARY_VIEW_DATA',
      marketplaceIds: [US],
      dataStartTime: '2026-10-01T00:00:00Z',
      dataEndTime: '2026-10-31T23:59:59Z',
      reportOptions: { aggregateByLocation: 'FC', aggregatedByTimePeriod: 'MONTHLY' },
    });
    expect(amazon.violations()).toEqual([]);
  });

  it('gunzips a GZIP document', async () => {
    amazon.ledgerDocuments.set('2026-10', { document: LEDGER, isGzip: true });
    const doc = await fetchLedgerSummary(session(), { month: '2026-10', marketplaceIds: [US], aggregateByLocation: 'COUNTRY' });
    expect(new TextDecoder().decode(doc.bytes)).toBe(new TextDecoder().decode(LEDGER));
    expect(amazon.reports.at(-1)!.specification!.reportOptions).toEqual({ aggregateByLocation: 'COUNTRY', aggregatedByTimePeriod: 'MONTHLY' });
    expect(amazon.violations()).toEqual([]);
  });

  it("turns a FATAL report into an error carrying Amazon's error document", async () => {
    const reason = JSON.stringify({ errorDetails: 'The report could not be generated because the date range exceeds the 18 months of retained data.' });
    amazon.ledgerOutcomes.set('2024-01', { processingStatus: 'FATAL', errorDocument: new TextEncoder().encode(reason) });
    const error = await fetchLedgerSummary(session(), { month: '2024-01', marketplaceIds: [US], aggregateByLocation: 'FC' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelApiError);
    expect((error as Error).message).toMatch(/^Amazon could not make inventory report \d+ for 2024-01: The report could not be generated because the date range exceeds/);
    expect(amazon.violations()).toEqual([]);
  });

  it('says a CANCELLED report had no data for the month', async () => {
    await expect(fetchLedgerSummary(session(), { month: '2026-09', marketplaceIds: [US], aggregateByLocation: 'FC' })).rejects.toThrow(/cancelled inventory report \d+ for 2026-09: it had no inventory data/);
  });

  it('resumes a report already asked for without asking again', async () => {
    amazon.ledgerDocuments.set('2026-10', { document: LEDGER });
    const first = await fetchLedgerSummary(session(), { month: '2026-10', marketplaceIds: [US], aggregateByLocation: 'FC' });
    const again = await fetchLedgerSummary(session(), { month: '2026-10', marketplaceIds: [US], aggregateByLocation: 'FC' }, { reportId: first.reportId });
    expect(again.bytes).toEqual(LEDGER);
    expect(amazon.apiCalls().filter((c) => c.operationId === 'createReport')).toHaveLength(1);
  });

  it('refreshes an expired token once and goes on', async () => {
    amazon.ledgerDocuments.set('2026-10', { document: LEDGER });
    const connected = await amazonConnector.finishConnect(
      { fetch: amazon.fetch, endpoints, app, now: () => NOW },
      { redirectUri: 'http://localhost/cb', query: { spapi_oauth_code: amazon.auth.issueCode(), selling_partner_id: 'A1SELLER', state: 's' }, codeVerifier: '', form: {} },
    );
    amazon.auth.expireAccessTokens();
    const s = createTestSession({ fetch: amazon.fetch, endpoints, app, tokens: connected.credentials.tokens, now: () => NOW });
    const doc = await fetchLedgerSummary(s, { month: '2026-10', marketplaceIds: [US], aggregateByLocation: 'FC' });
    expect(doc.bytes).toEqual(LEDGER);
    expect(s.savedTokens).toHaveLength(1);
  });

  it('waits out throttling on createReport (x-amzn-RateLimit-Limit) and goes on', async () => {
    amazon.ledgerDocuments.set('2026-10', { document: LEDGER });
    amazon.throttleNextByRate(1, 0.5);
    const s = session();
    await fetchLedgerSummary(s, { month: '2026-10', marketplaceIds: [US], aggregateByLocation: 'FC' });
    expect(s.sleeps[0]).toBe(2_000);
  });

  it('keeps ledger reports out of the settlement fetch (getReports asks for settlement reports only)', async () => {
    amazon.ledgerDocuments.set('2026-10', { document: LEDGER });
    await fetchLedgerSummary(session(), { month: '2026-10', marketplaceIds: [US], aggregateByLocation: 'FC' });
    const { result } = await amazonConnector.fetchSettlements(session(), { from: NOW - 10 * 24 * 3600_000, to: NOW });
    expect(result.settlements).toEqual([]);
    expect(result.problems).toEqual([]);
  });

  it('spans the whole month, February of a leap year included', () => {
    expect(ledgerSummarySpecification({ month: '2028-02', marketplaceIds: [US], aggregateByLocation: 'FC' })).toMatchObject({ dataStartTime: '2028-02-01T00:00:00Z', dataEndTime: '2028-02-29T23:59:59Z' });
  });
});
