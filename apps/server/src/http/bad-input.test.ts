/**
 * Bad input is a 4xx, never a 500 (issue 14): the cases that once reached PostgreSQL or the multipart
 * parser and failed there. Each answer is the contract's error shape naming what is wrong and where.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@ledgerport/contract';
import { bearer, createDiscardingJobs, startTestServer, type TestServer } from '../../test/test-app';

const NUL = '\u0000';
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-bad-input-uploads-'));
let server: TestServer;
let headers: Record<string, string>;
let settlementKey: string;

beforeAll(async () => {
  server = await startTestServer({ config: { uploadDir }, jobs: createDiscardingJobs() });
  headers = bearer(await server.signIn('demo@ledgerport.local'));
  settlementKey = (await server.testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '=', 'acme-amazon-us').executeTakeFirstOrThrow()).settlement_key;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const json = (method: 'POST' | 'PUT', url: string, body: unknown): InjectOptions => ({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const q = (text: string) => encodeURIComponent(text);

function expectInvalid(res: { statusCode: number; json<T>(): T }, field: string, message: string | RegExp): void {
  const body = res.json<ErrorBody & { details: { path: string; message: string }[] }>();
  expect(res.statusCode, JSON.stringify(body)).toBe(400);
  expect(body.code).toBe('request.invalid');
  expect(body.httpStatusCode).toBe(400);
  expect(body.details.map((d) => d.path)).toContain(field);
  expect(body.details.find((d) => d.path === field)?.message).toMatch(message);
  expect(body.message).toContain(field);
}

describe('a NUL byte in text is refused by the contract before it reaches PostgreSQL', () => {
  it('on the unauthenticated sign-in', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/oauth/login', payload: { email: `demo@ledgerport.local${NUL}`, password: 'x' } });
    expectInvalid(res, 'email', 'The email contains a control character (U+0000); remove it and try again.');
  });

  const cases: [string, () => InjectOptions, string][] = [
    ['GET /account', () => ({ method: 'GET', url: `/account?accountKey=${q(`acme${NUL}`)}`, headers }), 'accountKey'],
    ['GET /settlement/detail', () => ({ method: 'GET', url: `/settlement/detail?settlementKey=${q(`${settlementKey}${NUL}`)}`, headers }), 'settlementKey'],
    ['GET /settlement', () => ({ method: 'GET', url: `/settlement?action=reprocess&settlementKey=${q(`${settlementKey}${NUL}`)}`, headers }), 'settlementKey'],
    ['GET /spanner/settlements/export', () => ({ method: 'GET', url: `/spanner/settlements/export?accountKey=acme-amazon-us&start=2026-01-01&end=2026-01-31&settlementKeys=${q(NUL)}`, headers }), 'settlementKeys'],
    ['GET /settlement-import', () => ({ method: 'GET', url: `/settlement-import?importId=${q(`imp${NUL}`)}`, headers }), 'importId'],
    ['GET /account-currencies', () => ({ method: 'GET', url: `/account-currencies?account=${q(`acme${NUL}`)}`, headers }), 'account'],
    ['GET /ledger/trial-balance', () => ({ method: 'GET', url: `/ledger/trial-balance?accountKey=${q(`acme${NUL}`)}`, headers }), 'accountKey'],
    ['POST /account-settings', () => ({ method: 'POST', url: `/account-settings?accountName=${q(`Acme${NUL}`)}`, headers }), 'accountName'],
    ['PUT /account', () => json('PUT', '/account?action=updateAccountingSystemReferenceName&accountKey=acme-amazon-us', { accountingSystemReferenceName: `Ref${NUL}` }), 'accountingSystemReferenceName'],
    ['PUT /organization/update', () => json('PUT', '/organization/update', { organizationId: 'org-acme', name: `Acme${NUL}` }), 'name'],
    ['POST /settlementSend', () => json('POST', '/settlementSend', { settlementKey: `${settlementKey}${NUL}`, action: 'send' }), 'settlementKey'],
    ['POST /bulkActionSettlement', () => json('POST', '/bulkActionSettlement', { bulkAction: 'send', bulkSettlement: [`${settlementKey}${NUL}`] }), 'bulkSettlement.0'],
    ['PUT /accounting/settings', () => json('PUT', '/accounting/settings', { accountKey: `acme${NUL}` }), 'accountKey'],
    ['POST /switch/account', () => json('POST', '/switch/account', { destinationAccountKey: `acme${NUL}` }), 'destinationAccountKey'],
    ['POST /account/copy-mappings', () => json('POST', '/account/copy-mappings?accountKey=acme-amazon-us', { accountKeyCopyFrom: `acme${NUL}` }), 'accountKeyCopyFrom'],
  ];
  for (const [name, request, field] of cases) {
    it(`on ${name} (${field})`, async () => {
      expectInvalid(await server.app.inject(request()), field, /^The \w+ contains a control character \(U\+0000\)/);
    });
  }
});

describe('a redirect target with characters a header cannot hold', () => {
  it('is sent percent-encoded, not failed as a 500', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/switch?account=acme-amazon-us&continue=${q('/app/caf\u00e9\u0100')}`, headers });
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/app/caf%C3%A9%C4%80');
  });
});

describe('dates are real days of years 0001 to 9999', () => {
  const search = (value: string) =>
    json('POST', '/spanner-settlements-with-pagination?page=0&size=10', {
      paginatedSearchCriteriaClause: [[{ filterKey: 'accountKey', operation: 'eq', value: 'acme-amazon-us' }], [{ filterKey: 'start', operation: 'ge', value }]],
    });

  for (const value of ['0000-01-01', '+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z']) {
    it(`refuses the settlement search time filter ${value}`, async () => {
      expectInvalid(await server.app.inject(search(value)), 'paginatedSearchCriteriaClause.1.0.value', `The start filter needs a date like 2026-11-23 or a timestamp like 2026-11-23T00:00:00.000Z (years 0001 to 9999), not ${JSON.stringify(value)}.`);
    });
  }

  it('still searches with the instants the web sends', async () => {
    const res = await server.app.inject(search('2000-01-01T00:00:00.000Z'));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ settlements: unknown[] }>().settlements.length).toBeGreaterThan(0);
  });

  it('refuses export start=2026-99-99', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/spanner/settlements/export?accountKey=acme-amazon-us&start=2026-99-99&end=2026-11-30', headers });
    expectInvalid(res, 'start', 'The start "2026-99-99" is not a date; use a real day like 2026-11-23.');
  });

  it('refuses 2026-02-30 in the settlements export, the trial balance and the ledger export instead of reading it as 2 March', async () => {
    expectInvalid(await server.app.inject({ method: 'GET', url: '/spanner/settlements/export?accountKey=acme-amazon-us&start=2026-02-01&end=2026-02-30', headers }), 'end', 'The end "2026-02-30" is not a date; use a real day like 2026-11-23.');
    expectInvalid(await server.app.inject({ method: 'GET', url: '/ledger/trial-balance?accountKey=acme-amazon-us&throughDate=2026-02-30', headers }), 'throughDate', /"2026-02-30" is not a date/);
    expectInvalid(await server.app.inject({ method: 'GET', url: '/ledger/export?accountKey=acme-amazon-us&format=csv&start=2026-02-30', headers }), 'start', /"2026-02-30" is not a date/);
  });
});

describe('a broken upload is a 4xx and leaves no file behind', () => {
  const uploadUrl = '/settlement-import?accountKey=acme-amazon-us';
  const part = (boundary: string, fileName: string) => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\nsettlement-id\tsettlement-start-date\r\n`;
  const upload = (contentType: string, payload: string | Buffer) => server.app.inject({ method: 'POST', url: uploadUrl, headers: { ...headers, 'content-type': contentType }, payload });
  const filesLeft = () => fs.readdirSync(uploadDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);

  const cases: [string, () => ReturnType<typeof upload>][] = [
    ['has no boundary', () => upload('multipart/form-data', `${part('x', 'a.txt')}--x--\r\n`)],
    ['has a boundary the body does not use', () => upload('multipart/form-data; boundary=other', `${part('x', 'a.txt')}--x--\r\n`)],
    ['ends before its closing boundary', () => upload('multipart/form-data; boundary=x', part('x', 'a.txt'))],
  ];
  for (const [name, send] of cases) {
    it(`refuses a body that ${name} with 400`, async () => {
      const res = await send();
      const body = res.json<ErrorBody>();
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(body.code).toBe('request.invalid');
      expect(body.message).toMatch(/^The upload is not a complete multipart\/form-data body/);
      expect(filesLeft()).toEqual([]);
    });
  }

  it('refuses a file name with a NUL byte, naming the file, and keeps nothing', async () => {
    const res = await upload('multipart/form-data; boundary=x', `${part('x', `a${NUL}.txt`)}--x--\r\n`);
    const body = res.json<ErrorBody>();
    expect(res.statusCode, JSON.stringify(body)).toBe(400);
    expect(body).toMatchObject({ code: 'request.invalid', message: 'The file name "a\\u0000.txt" contains a control character (U+0000); rename the file and upload it again.' });
    expect(filesLeft()).toEqual([]);
    expect(await server.testDb.db.selectFrom('settlement_import_files').select('file_name').where('file_name', 'like', 'a%.txt').execute()).toEqual([]);
  });
});
