import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@ledgerport/contract';
import { openTestDb, type TestDb } from '../test/test-db';
import { startTestServer, type TestServer } from '../test/test-app';
import { WEB_NOT_BUILT_MESSAGE } from './http/web-app';

let testDb: TestDb;
let built: TestServer;
let unbuilt: TestServer;
const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];`;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-web-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Ledgerport</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), BIG_JS);
  fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(BIG_JS));
  fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(BIG_JS));
  testDb = await openTestDb();
  built = await startTestServer({ testDb, config: { webDistDir: dist } });
  unbuilt = await startTestServer({ testDb });
});
afterAll(async () => {
  await built.close();
  await unbuilt.close();
  await testDb.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the web app at /app/', () => {
  it('redirects / to /app/', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/');
  });

  it('serves index.html for /app/ and for any client route, never cached', async () => {
    for (const url of ['/app/', '/app/admin', '/app/organization/org-acme/dashboard?x=1']) {
      const res = await built.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/app/assets/app-abc123.js' });
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed copy the browser accepts, brotli first, and the plain file otherwise', async () => {
    const br = await built.app.inject({ method: 'GET', url: '/app/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    expect(br.headers.vary).toContain('accept-encoding');
    const gz = await built.app.inject({ method: 'GET', url: '/app/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await built.app.inject({ method: 'GET', url: '/app/assets/big-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 503 with instructions when the web app has not been built', async () => {
    const res = await unbuilt.app.inject({ method: 'GET', url: '/app/admin' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(WEB_NOT_BUILT_MESSAGE);
  });

  it('sends security headers', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/app/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("keeps the sign-in popup's opener: the app allows popups, the popup's own pages give up isolation (decision 0064)", async () => {
    expect((await built.app.inject({ method: 'GET', url: '/app/login' })).headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    for (const url of ['/app/oauth/google', '/app/oauth/firebase?code=c&state=s']) {
      expect((await built.app.inject({ method: 'GET', url })).headers['cross-origin-opener-policy'], url).toBe('unsafe-none');
    }
  });
});

describe('outside the API', () => {
  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/no/such/thing?x=1' });
    expect(res.json<ErrorBody>()).toEqual({ message: 'There is no endpoint GET /no/such/thing.', code: 'not-found', httpStatusCode: 404 });
  });

  it('rejects a body that is not JSON with 415', async () => {
    const res = await built.app.inject({ method: 'POST', url: '/oauth/login', headers: { 'content-type': 'text/xml' }, payload: '<login/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json<ErrorBody>().code).toBe('request.unsupported-media-type');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const doc = (await built.app.inject({ method: 'GET', url: '/docs/json' })).json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/oauth/login', '/oauth/refresh', '/user-meta', '/account', '/feature-flag', '/organization/list']));
    expect(Object.keys(doc.paths['/feature-flag'] ?? {}).sort()).toEqual(['delete', 'get', 'post']);
    const ui = await built.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it("lists what's new, newest first", async () => {
    const entries = (await built.app.inject({ method: 'GET', url: '/res/whats-new.json' })).json<{ date: string }[]>();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.map((e) => e.date)).toEqual([...entries.map((e) => e.date)].sort().reverse());
  });

  it('reports health once the database answers', async () => {
    expect((await built.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ ok: true });
  });
});
