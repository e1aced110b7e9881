/**
 * Walmart Marketplace reconciliation reports (Reports API, v1 recon). Connect: the seller's own API
 * client id and secret (Walmart's documented credential flow), exchanged with the client-credentials
 * grant at /v3/token (Basic auth, WM_SVC.NAME and WM_QOS.CORRELATION_ID headers); tokens live 15
 * minutes and are simply asked for again. Calls carry WM_SEC.ACCESS_TOKEN. Fetch: the available
 * report dates (MMDDYYYY), then each date's recon file, a CSV (Walmart also ships it zipped: the
 * first entry is read), parsed by core's Walmart recon parser.
 */
import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { parseReport } from '@ledgerport/core/channels';
import { emptyResult, mergeResults, type ChannelConnector, type DateRange } from '../channel-connector';
import { ChannelApiError, ChannelAuthError } from '../shared/channel-errors';
import { callChannel, callChannelJson, type CallPolicy, type ChannelSession } from '../shared/channel-session';
import { requestToken } from '../shared/oauth-token';

export const WALMART = 'Walmart';
const SERVICE_NAME = 'Walmart Marketplace';

function clientCredentials(fetchImpl: ChannelSession['fetch'], api: string, clientId: string, clientSecret: string, now: number) {
  return requestToken(fetchImpl, { channel: WALMART, tokenUrl: `${api}/v3/token`, clientId, clientSecret, clientAuth: 'basic', params: { grant_type: 'client_credentials' }, headers: { 'WM_SVC.NAME': SERVICE_NAME, 'WM_QOS.CORRELATION_ID': randomUUID() }, now });
}

export const walmartPolicy: CallPolicy = {
  channel: WALMART,
  authorize: (headers, token) => {
    headers.set('WM_SEC.ACCESS_TOKEN', token);
    headers.set('WM_SVC.NAME', SERVICE_NAME);
    headers.set('WM_QOS.CORRELATION_ID', randomUUID());
    headers.set('accept', 'application/json');
  },
  refresh: async (s) => {
    const { clientId, clientSecret } = s.credentials.params;
    if (!clientId || !clientSecret) throw new ChannelAuthError(WALMART, 'The Walmart API keys are missing. Please reconnect.');
    return clientCredentials(s.fetch, s.endpoints.api!, clientId, clientSecret, s.now());
  },
};

/** The first file of a ZIP archive (local header; stored or deflated), as Walmart zips recon files. */
export function firstZipEntry(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== 0x04034b50) throw new ChannelApiError(WALMART, 0, 'The Walmart recon file is not a ZIP archive.');
  const method = view.getUint16(8, true);
  const size = view.getUint32(18, true);
  const start = 30 + view.getUint16(26, true) + view.getUint16(28, true);
  const data = bytes.subarray(start, start + size);
  if (method === 0) return data;
  if (method === 8) return new Uint8Array(inflateRawSync(data));
  throw new ChannelApiError(WALMART, 0, `The Walmart recon file uses ZIP method ${method}, which we cannot read.`);
}

/** 'MMDDYYYY' -> epoch ms (UTC midnight). */
const dateOf = (d: string) => Date.parse(`${d.slice(4, 8)}-${d.slice(0, 2)}-${d.slice(2, 4)}T00:00:00Z`);

async function readReport(s: ChannelSession, reportDate: string) {
  const response = await callChannel(s, walmartPolicy, `${s.endpoints.api}/v3/report/reconreport/reconFile?${new URLSearchParams({ reportDate, reportVersion: 'v1' }).toString()}`);
  let bytes: Uint8Array = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) bytes = firstZipEntry(bytes);
  return parseReport(bytes, { fileName: `walmart-recon-${reportDate}.csv`, channel: 'WALMART' });
}

export const walmartConnector: ChannelConnector = {
  channel: 'WALMART',
  connectKind: 'keys',
  keyFields: [
    { name: 'clientId', label: 'Walmart API client ID', isSecret: false },
    { name: 'clientSecret', label: 'Walmart API client secret', isSecret: true },
  ],
  authorizeUrl: () => '',
  finishConnect: async (env, finish) => {
    const clientId = finish.form.clientId?.trim() ?? '';
    const clientSecret = finish.form.clientSecret?.trim() ?? '';
    if (!clientId || !clientSecret) throw new ChannelAuthError(WALMART, 'Enter your Walmart API client ID and client secret.');
    const tokens = await clientCredentials(env.fetch, env.endpoints.api!, clientId, clientSecret, env.now());
    return { credentials: { tokens: { accessToken: tokens.accessToken, refreshToken: null, expiresAt: tokens.expiresAt }, params: { clientId, clientSecret } }, remoteId: clientId, storeName: 'Walmart Marketplace' };
  },
  fetchSettlements: async (s, range: DateRange) => {
    const available = await callChannelJson<{ availableApReportDates?: string[] }>(s, walmartPolicy, `${s.endpoints.api}/v3/report/reconreport/availableReconFiles?reportVersion=v1`);
    const dates = (available.availableApReportDates ?? []).filter((d) => /^\d{8}$/.test(d) && dateOf(d) >= range.from && dateOf(d) < range.to);
    const results = [];
    for (const d of dates) results.push(await readReport(s, d));
    return { result: results.length ? mergeResults(results) : emptyResult(), notReady: [] };
  },
  fetchSettlement: async (s, settlementId) => {
    // The parser names a recon settlement by its period end ('2026-04-29'), the report's date.
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(settlementId);
    if (!m) return emptyResult();
    const result = await readReport(s, `${m[2]}${m[3]}${m[1]}`);
    return { ...result, settlements: result.settlements.filter((x) => x.settlementId === settlementId) };
  },
};
