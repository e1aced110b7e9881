import { readFileSync } from 'node:fs';
import { parseReport } from '@ledgerport/core/channels';
import { duplicateKey } from '@ledgerport/core/settlements';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeWalmart, type FakeWalmart } from '../../testing/fake-channels/fake-walmart';
import { createTestSession } from '../../testing/test-session';
import { ChannelAuthError } from '../shared/channel-errors';
import { walmartConnector } from './walmart-connector';

const API = 'https://marketplace.walmartapis.com';
const endpoints = { api: API };
const NOW = Date.parse('2026-05-10T12:00:00Z');
const FIXTURE = new URL('../../../../core/src/channels/walmart/__fixtures__/recon_v1_2026_04_29.csv', import.meta.url);
let walmart: FakeWalmart;

async function connected() {
  const account = await walmartConnector.finishConnect({ fetch: walmart.fetch, endpoints, app: { clientId: '', clientSecret: '' }, now: () => NOW }, { redirectUri: '', query: {}, codeVerifier: '', form: { clientId: 'wm-seller', clientSecret: 'wm-secret' } });
  return createTestSession({ fetch: walmart.fetch, endpoints, tokens: account.credentials.tokens, params: account.credentials.params, now: () => NOW });
}

beforeEach(async () => {
  walmart = await createFakeWalmart({ apiUrl: API, clientId: 'wm-seller', clientSecret: 'wm-secret' });
});

describe('Walmart recon reports (official spec)', () => {
  it('gives the same settlement through the API (zipped too) as the recon file', async () => {
    const csv = readFileSync(FIXTURE, 'utf8');
    walmart.reports.set('04292026', csv);
    walmart.reports.set('01012026', csv);
    const file = await parseReport(new TextEncoder().encode(csv), { fileName: 'recon.csv' });
    for (const isZipped of [false, true]) {
      walmart.isZipped = isZipped;
      const s = await connected();
      const { result } = await walmartConnector.fetchSettlements(s, { from: NOW - 30 * 86_400_000, to: NOW });
      expect(result.problems).toEqual([]);
      expect(result.settlements.map(duplicateKey)).toEqual(file.settlements.map(duplicateKey));
      expect(result.settlements[0]!.total).toBe(file.settlements[0]!.total);
      expect(result.settlements[0]!.lines.map((l) => [l.typeKey, l.amount])).toEqual(file.settlements[0]!.lines.map((l) => [l.typeKey, l.amount]));
    }
    expect(walmart.violations()).toEqual([]);
  });

  it('asks for a new token when Walmart says it expired, and refuses wrong keys at connect', async () => {
    walmart.reports.set('04292026', readFileSync(FIXTURE, 'utf8'));
    const s = await connected();
    walmart.auth.expireAccessTokens();
    await walmartConnector.fetchSettlements(s, { from: NOW - 30 * 86_400_000, to: NOW });
    expect(s.savedTokens).toHaveLength(1);
    await expect(walmartConnector.finishConnect({ fetch: walmart.fetch, endpoints, app: { clientId: '', clientSecret: '' }, now: () => NOW }, { redirectUri: '', query: {}, codeVerifier: '', form: { clientId: 'wm-seller', clientSecret: 'nope' } })).rejects.toBeInstanceOf(ChannelAuthError);
  });

  it('waits on 429 Retry-After and redownloads one settlement by its period end', async () => {
    walmart.reports.set('04292026', readFileSync(FIXTURE, 'utf8'));
    const s = await connected();
    walmart.throttleNext(1, 2);
    const one = await walmartConnector.fetchSettlement(s, '2026-04-29');
    expect(one.settlements.map((x) => x.settlementId)).toEqual(['2026-04-29']);
    expect(s.sleeps).toEqual([2000]);
  });
});
