import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, Mappings, SettlementActionResult, SettlementImport, TokenSet } from '@ledgerport/contract';
import { parseReport } from '@ledgerport/core/channels';
import { bearer } from '../../../test/test-app';
import { storeSettlements } from '../imports/store-settlements';
import { coreFixture, form, startSettlementTestServer, upload, waitFor, waitForImport, type SettlementTestServer } from '../../../test/settlement-test-server';

const amazonBytes = fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'));
let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
let fetched = 0;

beforeAll(async () => {
  server = await startSettlementTestServer({
    fetchChannelReport: async ({ reportId }) => {
      fetched++;
      if (reportId !== 'report-42') return null;
      return parseReport(new Uint8Array(amazonBytes), { fileName: 'report-42' });
    },
  });
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  await server.testDb.db.deleteFrom('settlements').execute();
}, 120_000);
afterAll(() => server.close());

const get = (url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });

describe('redownload', () => {
  it('fetches an API-sourced settlement again by its report id and replaces it while unposted', async () => {
    const result = await parseReport(new Uint8Array(amazonBytes), { fileName: 'report-42' });
    result.settlements[0]!.lines.pop();
    const stored = await server.testDb.db.transaction().execute((trx) => storeSettlements(trx, 'acme-amazon-us', result, { kind: 'api', reportId: 'report-42', at: new Date() }));
    const key = stored.settlements[0]!.settlementKey;
    expect(stored.settlements[0]!.lineCount).toBe(8);
    const foreign = await server.app.inject({ method: 'POST', url: `/settlement?action=redownload&settlementKey=${key}&account=acme-amazon-us`, headers: bearer(other) });
    expect(foreign.statusCode).toBe(404);
    expect(fetched).toBe(0);
    const res = await server.app.inject({ method: 'POST', url: `/settlement?action=redownload&settlementKey=${key}&account=acme-amazon-us`, headers: bearer(demo) });
    expect(res.statusCode).toBe(200);
    expect(res.json<SettlementActionResult>()).toMatchObject({ action: 'redownload', message: 'Settlement 11223344556 was downloaded again (9 lines).', settlement: { lineCount: 9, sourceKind: 'api', reportId: 'report-42' } });
  });

  it('refuses to redownload a settlement loaded from a file', async () => {
    const done = await waitForImport(server, demo, (await upload(server, demo, 'acme-amazon-ca', [{ name: 'ca.txt', content: fs.readFileSync(coreFixture('amazon', 'ca-v1-36-columns.txt')) }])).json<SettlementImport>().importId);
    const key = done.files[0]!.settlements[0]!.settlementKey;
    const res = await server.app.inject({ method: 'POST', url: `/settlement?action=redownload&settlementKey=${key}&account=acme-amazon-ca`, headers: bearer(demo) });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'settlement.not-redownloadable', message: 'This settlement was loaded from a file; upload the file again instead of redownloading it.' });
  });
});

describe('refresh COGS and delete', () => {
  it('refresh COGS is refused with the reason where cost of goods sold is off, and changes nothing; delete removes an unposted settlement', async () => {
    const done = await waitForImport(server, demo, (await upload(server, demo, 'acme-shopify', [{ name: 's.csv', content: fs.readFileSync(coreFixture('shopify', 'payouts_export.csv')) }])).json<SettlementImport>().importId);
    const key = done.files[0]!.settlements[0]!.settlementKey;
    const cogs = await get(`/settlement?ajax=true&action=refreshcogs&settlementKey=${key}`);
    expect(cogs.statusCode).toBe(409);
    expect(cogs.json<ErrorBody>()).toMatchObject({ code: 'cogs.not-enabled', message: 'Cost of goods sold is not turned on for this account. Ask support to enable it for your plan.' });
    expect(await server.testDb.db.selectFrom('settlement_cogs').selectAll().where('settlement_key', '=', key).execute()).toEqual([]);
    const deleted = await get(`/settlement?ajax=true&action=delete&settlementKey=${key}`);
    expect(deleted.json<SettlementActionResult>()).toMatchObject({ action: 'delete', settlement: null });
    expect((await get(`/settlement/detail?settlementKey=${key}`)).statusCode).toBe(404);
  });
});

describe('POST /account/copy-mappings', () => {
  it("copies another account's mappings as a new version and refuses an account of another channel or user", async () => {
    const us = (await get('/mappings?accountKey=acme-amazon-us')).json<Mappings>();
    const code = us.accounts.find((a) => a.path === 'Expenses:Amazon:OtherCharges')!.code;
    await server.app.inject({ method: 'PUT', url: '/mappings?accountKey=acme-amazon-us', payload: { entries: [{ channel: 'AMAZON', typeKey: 'other-transaction|other-transaction|New Mystery Fee', accountCode: code, taxRateCode: us.taxRates[0]!.code }] }, headers: bearer(demo) });
    const copied = await server.app.inject({ method: 'POST', url: '/account/copy-mappings?accountKey=acme-amazon-ca', payload: { accountKeyCopyFrom: 'acme-amazon-us' }, headers: bearer(demo) });
    expect(copied.statusCode).toBe(200);
    expect(copied.json<Mappings>()).toMatchObject({ accountKey: 'acme-amazon-ca', copiedFrom: { accountKey: 'acme-amazon-us', version: 2 } });
    const wrong = await server.app.inject({ method: 'POST', url: '/account/copy-mappings?accountKey=acme-amazon-ca', payload: { accountKeyCopyFrom: 'acme-shopify' }, headers: bearer(demo) });
    expect(wrong.json<ErrorBody>()).toMatchObject({ code: 'mapping.invalid', message: 'Mappings can only be copied from an account with the same sales channel and accounting system.' });
    const foreign = await server.app.inject({ method: 'POST', url: '/account/copy-mappings?accountKey=acme-amazon-ca', payload: { accountKeyCopyFrom: 'other-seller' }, headers: bearer(demo) });
    expect(foreign.statusCode).toBe(404);
  });
});

describe.runIf(fs.existsSync('/usr/bin/hledger'))('hledger export', () => {
  it('passes hledger check after a MANUAL send', async () => {
    await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', 'acme-ebay').execute();
    const done = await waitForImport(server, demo, (await upload(server, demo, 'acme-ebay', [{ name: 'ebay.csv', content: fs.readFileSync(coreFixture('ebay', 'transaction_report_2023_07.csv')) }])).json<SettlementImport>().importId);
    const keys = done.files[0]!.settlements.map((s) => s.settlementKey);
    for (const key of keys) {
      const f = form([['settlementKey', key], ['action', 'send']]);
      await server.app.inject({ method: 'POST', url: '/settlementSend', payload: f.payload, headers: { ...f.headers, ...bearer(demo) } });
    }
    const rows = await waitFor(
      () => server.testDb.db.selectFrom('settlements').select(['send_state', 'posting_status', 'posting_error']).where('settlement_key', 'in', keys).execute(),
      (r) => r.every((x) => x.send_state === 'IDLE' || x.send_state === 'FAILED'),
      'the eBay sends',
    );
    expect(rows.every((r) => r.posting_status === 'POSTED')).toBe(true);
    const journal = await get('/ledger/export?accountKey=acme-ebay&format=hledger');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hledger-')), 'ledger.journal');
    fs.writeFileSync(file, journal.body);
    expect(() => execFileSync('/usr/bin/hledger', ['-f', file, 'check'], { stdio: 'pipe' })).not.toThrow();
  });
});
