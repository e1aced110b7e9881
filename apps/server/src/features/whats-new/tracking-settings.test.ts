/** The settings lookup that feeds conversion tracking (issue 30): off unless the operator configures it. PGlite, and PostgreSQL with DATABASE_URL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startTestServer, type TestServer } from '../../../test/test-app';

let plain: TestServer;
let configured: TestServer;
beforeAll(async () => {
  plain = await startTestServer();
  configured = await startTestServer({ config: { conversionTrackingId: 'AW-123456' } });
});
afterAll(async () => {
  await plain.close();
  await configured.close();
});

describe('GET /public/settings/tracking', () => {
  it('answers tracking off when the operator configured nothing, without a sign-in', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/public/settings/tracking' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isConversionTrackingEnabled: false, conversionTrackingId: null });
  });

  it("answers the operator's tracking id when configured", async () => {
    expect((await configured.app.inject({ method: 'GET', url: '/public/settings/tracking' })).json()).toEqual({ isConversionTrackingEnabled: true, conversionTrackingId: 'AW-123456' });
  });

  it('reads the id from LEDGERPORT_CONVERSION_TRACKING_ID and refuses one that is not an id', () => {
    expect(loadConfig({ LEDGERPORT_CONVERSION_TRACKING_ID: 'G-ABC_1' }).conversionTrackingId).toBe('G-ABC_1');
    expect(loadConfig({}).conversionTrackingId).toBeUndefined();
    expect(() => loadConfig({ LEDGERPORT_CONVERSION_TRACKING_ID: '<script>' })).toThrow(/LEDGERPORT_CONVERSION_TRACKING_ID must be 1 to 64 letters/);
  });
});
