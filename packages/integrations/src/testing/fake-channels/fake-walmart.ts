/**
 * Walmart Reports (recon) played from Walmart's OpenAPI (2023 copy): every request validated. Overlay
 * of what the spec says only in prose: the access token travels in WM_SEC.ACCESS_TOKEN (the spec
 * declares a bearer scheme but describes this header), and every call carries WM_SVC.NAME and
 * WM_QOS.CORRELATION_ID. The token endpoint (/v3/token, client credentials, Basic) is documented,
 * not in this spec. Recon files are served as the spec says (CSV) or zipped like production.
 */
import { deflateRawSync } from 'node:zlib';
import type { Context } from 'openapi-backend';
import { createContract, headerOf } from '../openapi-contract';
import { createFakeAuthorizationServer } from '../fake-authorization-server';
import { SPECS_DIR } from '../specs-dir';
import { createThrottle, queryOf, type FakeChannel } from './fake-channel';

export interface FakeWalmart extends FakeChannel {
  /** MMDDYYYY -> recon CSV. */
  reports: Map<string, string>;
  isZipped: boolean;
}

/** A one-entry ZIP (deflated), as Walmart sends recon files. */
export function zipOne(name: string, data: Uint8Array): Uint8Array {
  const body = deflateRawSync(data);
  const nameBytes = new TextEncoder().encode(name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(body.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return new Uint8Array(Buffer.concat([header, nameBytes, body]));
}

/**
 * The spec writes the v1 variants as separate path keys with a query string
 * ('/v3/report/reconreport/reconFile?reportVersion=v1'), which no router can match: fold them into
 * the base paths as an optional reportVersion=v1 query parameter.
 */
export function walmartOverlay(doc: { paths: Record<string, Record<string, { parameters?: unknown[] }>> }): void {
  for (const key of Object.keys(doc.paths)) {
    if (!key.includes('?reportVersion=v1')) continue;
    delete doc.paths[key];
    const base = doc.paths[key.split('?')[0]!];
    base?.get?.parameters?.push({ name: 'reportVersion', in: 'query', required: false, schema: { type: 'string', enum: ['v1'] } });
    if (base?.get && !base.get.parameters) base.get.parameters = [{ name: 'reportVersion', in: 'query', required: false, schema: { type: 'string', enum: ['v1'] } }];
  }
}

export async function createFakeWalmart(o: { apiUrl: string; clientId: string; clientSecret: string }): Promise<FakeWalmart> {
  const auth = createFakeAuthorizationServer({ name: 'Walmart', clientId: o.clientId, clientSecret: o.clientSecret, clientAuth: 'basic', accessTokenTtlSeconds: 900 });
  const check = (c: Context) => ['wm_svc.name', 'wm_qos.correlation_id'].filter((h) => !headerOf(c, h)).map((h) => `missing ${h} header`);
  const api = await createContract({
    name: 'walmart-reports',
    spec: `${SPECS_DIR}walmart/highsidelabs__us_mp_reports.json`,
    baseUrl: o.apiUrl,
    security: { accessTokenScheme: (c) => auth.isValidAccessToken(headerOf(c, 'wm_sec.access_token')), basicScheme: () => false },
    check,
    overlay: walmartOverlay,
  });
  const throttle = createThrottle({ errors: [{ code: 'REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API', description: 'Too many requests' }] });
  const reports = new Map<string, string>();
  const fake: FakeWalmart = {
    fetch: () => Promise.resolve(new Response(null)),
    auth,
    contracts: [api],
    reports,
    isZipped: false,
    violations: () => [...api.violations, ...auth.violations],
    throttleNext: throttle.set,
    apiCalls: () => api.calls,
  };
  api.respondWith('getAvailableReconReportDates', () => ({ status: 200, body: { availableApReportDates: [...reports.keys()] } }));
  api.respondWith('getReconReport', (c) => {
    const csv = reports.get(queryOf(c).reportDate ?? '');
    if (csv === undefined) return { status: 404, body: { errors: [{ code: 'CONTENT_NOT_FOUND', description: 'No report for this date' }] } };
    const bytes = new TextEncoder().encode(csv);
    return fake.isZipped ? { status: 200, body: zipOne('recon.csv', bytes), headers: { 'content-type': 'application/zip' } } : { status: 200, body: csv, headers: { 'content-type': 'text/csv' } };
  });
  fake.fetch = async (input, init) => {
    const req = new Request(input, init);
    if (new URL(req.url).pathname === '/v3/token') {
      if (!req.headers.get('wm_svc.name') || !req.headers.get('wm_qos.correlation_id')) auth.violations.push('Walmart token call without WM_SVC.NAME / WM_QOS.CORRELATION_ID');
      return auth.handleToken(req);
    }
    const throttled = throttle.take();
    if (throttled) return throttled;
    if (!auth.isValidAccessToken(req.headers.get('wm_sec.access_token') ?? '')) return new Response(JSON.stringify({ errors: [{ code: 'UNAUTHORIZED.GMP_GATEWAY_API', description: 'Unauthorized' }] }), { status: 401, headers: { 'content-type': 'application/json' } });
    return api.fetch(req);
  };
  return fake;
}
