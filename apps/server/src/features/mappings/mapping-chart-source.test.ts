/**
 * The mappings pick from the connected system's chart: after connecting the local Xero (played from
 * its OpenAPI spec) the mappings read, validate and post with Xero's own account codes; without a
 * connection (or with no fetched chart) they use the default chart.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, Mappings, SettlementDetail, SettlementImport, TokenSet } from '@ledgerport/contract';
import { localEndpoints, startVendorServer, type VendorServer } from '@ledgerport/integrations/accounting/testing';
import { bearer } from '../../../test/test-app';
import { coreFixture, form, startSettlementTestServer, upload, waitFor, waitForImport, type SettlementTestServer } from '../../../test/settlement-test-server';

const ACCOUNT = 'acme-amazon-us';
const MYSTERY = 'other-transaction|other-transaction|New Mystery Fee';
const amazonV2 = fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'));

let vendors: VendorServer;
let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
let settlementKey: string;

const getMappings = async (accountKey: string, tokens = demo) => server.app.inject({ method: 'GET', url: `/mappings?accountKey=${accountKey}`, headers: bearer(tokens) });
const putMappings = (accountKey: string, payload: Record<string, unknown>, tokens = demo) => server.app.inject({ method: 'PUT', url: `/mappings?accountKey=${accountKey}`, payload, headers: bearer(tokens) });
const detail = async (key: string) => (await server.app.inject({ method: 'GET', url: `/settlement/detail?settlementKey=${key}`, headers: bearer(demo) })).json<SettlementDetail>();

async function connectXero(): Promise<void> {
  const start = await server.app.inject({ method: 'POST', url: '/accounting/connect', headers: { ...bearer(demo), host: 'ledgerport.test' }, payload: { accountKey: ACCOUNT, system: 'XERO' } });
  expect(start.statusCode).toBe(200);
  const authorize = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl);
  const decide = new URL('decide', authorize);
  decide.search = authorize.search;
  decide.searchParams.set('decision', 'allow');
  const back = new URL((await fetch(decide, { redirect: 'manual' })).headers.get('location')!);
  const res = await server.app.inject({ method: 'POST', url: '/accounting/callback', headers: { ...bearer(demo), host: 'ledgerport.test' }, payload: { system: 'XERO', query: Object.fromEntries(back.searchParams) } });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  vendors = await startVendorServer();
  server = await startSettlementTestServer({ config: { accounting: localEndpoints(vendors.url) } });
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  await server.testDb.db.deleteFrom('settlements').execute();
  const done = await waitForImport(server, demo, (await upload(server, demo, ACCOUNT, [{ name: 'us.txt', content: amazonV2 }])).json<SettlementImport>().importId);
  settlementKey = done.files[0]!.settlements[0]!.settlementKey;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await vendors?.close();
});

describe('the chart the mappings use', () => {
  it('is the default chart while the accounting system is not connected', async () => {
    await server.testDb.db.updateTable('accounts').set({ accounting_system: 'XERO' }).where('account_key', '=', ACCOUNT).execute();
    const m = (await getMappings(ACCOUNT)).json<Mappings>();
    expect([m.system, m.chartSource]).toEqual(['XERO', 'default']);
    expect(m.accounts.map((a) => a.code)).toEqual(expect.arrayContaining(['AMZSALES', 'AMZCLR', 'ROUNDING', 'SUSPENSE']));
    expect(m.accounts.map((a) => a.code)).not.toContain('405');
    const refused = await putMappings(ACCOUNT, { entries: [{ channel: 'AMAZON', typeKey: MYSTERY, accountCode: '405', taxRateCode: 'NONE' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().message).toBe('entries[0]: account 405 is not in the chart of accounts.');
  });

  it("is Xero's fetched chart once Xero is connected: its codes and tax rates, roles matched by name, categories matched by name", async () => {
    await connectXero();
    const m = (await getMappings(ACCOUNT)).json<Mappings>();
    expect(m.chartSource).toBe('connected');
    const codes = m.accounts.map((a) => a.code);
    expect(codes).toEqual(expect.arrayContaining(['200', '201', '404', '405', '610']));
    expect(codes).not.toContain('AMZSALES');
    expect(m.taxRates.map((t) => t.code)).toEqual(expect.arrayContaining(['NONE', 'OUTPUT2']));
    expect(m.defaultTaxRateCode).toBe('NONE');
    // 'Amazon Clearing' (610) exists at Xero: it takes the clearing role; every role a posting needs is present.
    expect(m.accounts.find((a) => a.role === 'clearing')).toMatchObject({ code: '610', name: 'Amazon Clearing' });
    for (const role of ['reserved-balances', 'carried-forward', 'rounding', 'suspense']) expect(m.accounts.some((a) => a.role === role)).toBe(true);
    // Same-named accounts take the category defaults (Amazon Sales 201, Amazon Seller Fees 404).
    expect(m.rows.find((r) => r.typeKey === 'Order|ItemPrice|Principal')).toMatchObject({ accountCode: '201', source: 'category' });
    expect(m.rows.find((r) => r.category === 'fees' && !r.isUnmapped)?.accountCode).toBe('404');
    expect(m.rows.find((r) => r.typeKey === MYSTERY)).toMatchObject({ isUnmapped: true, accountCode: null });
  });

  it('refuses a code of the default chart that Xero does not have, naming the entry, and stores nothing', async () => {
    const before = (await getMappings(ACCOUNT)).json<Mappings>().version;
    const res = await putMappings(ACCOUNT, { entries: [{ channel: 'AMAZON', typeKey: MYSTERY, accountCode: 'AMZOTH', taxRateCode: 'NONE' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe('entries[0]: account AMZOTH is not in your Xero chart of accounts (refresh it if you just added the account).');
    const tax = await putMappings(ACCOUNT, { entries: [{ channel: 'AMAZON', typeKey: MYSTERY, accountCode: '405', taxRateCode: 'NO_TAX' }] });
    expect(tax.json<ErrorBody>().message).toBe('entries[0]: tax rate NO_TAX is not one of the Xero tax rates.');
    expect((await getMappings(ACCOUNT)).json<Mappings>().version).toBe(before);
  });

  it('saves an account that exists only at Xero, and the posted invoice uses its code', async () => {
    // Categories no Xero account is named after stay unmapped: they go to Amazon Sales (201) here.
    const unmapped = (await getMappings(ACCOUNT)).json<Mappings>().rows.filter((r) => r.isUnmapped);
    expect(unmapped.map((r) => r.typeKey)).toContain(MYSTERY);
    const entries = unmapped.map((r) => ({ channel: r.channel, typeKey: r.typeKey, accountCode: r.typeKey === MYSTERY ? '405' : '201', taxRateCode: 'NONE' }));
    const before = (await getMappings(ACCOUNT)).json<Mappings>();
    // Amazon Reserved Balances is not in the Xero file: it is listed as missing until another account is chosen.
    expect(before.roleAccounts.find((r) => r.role === 'reserved-balances')).toEqual({ role: 'reserved-balances', channel: 'AMAZON', accountCode: 'AMZRES', accountName: 'Amazon Reserved Balances', isMissingInSystem: true });
    const missing = before.roleAccounts.filter((r) => r.isMissingInSystem);
    const spare = before.accounts.find((a) => !a.role && a.kind === 'asset' && !['201', '404', '405'].includes(a.code))!.code;
    const roles = [{ role: 'reserved-balances', channel: 'AMAZON', accountCode: spare }];
    const res = await putMappings(ACCOUNT, { entries, roles });
    expect(res.statusCode).toBe(200);
    expect(res.json<Mappings>().roleAccounts.find((r) => r.role === 'reserved-balances')).toMatchObject({ accountCode: spare, isMissingInSystem: false });
    expect(res.json<Mappings>()).toMatchObject({ chartSource: 'connected', unmappedCount: 0, mappingsCompleted: true });
    expect(res.json<Mappings>().rows.find((r) => r.typeKey === MYSTERY)).toMatchObject({ accountCode: '405', source: 'explicit' });
    await server.app.inject({ method: 'POST', url: '/settlementSend', ...form([['settlementKey', settlementKey], ['action', 'send']]), headers: { ...form([]).headers, ...bearer(demo) } });
    const after = await waitFor(() => detail(settlementKey), (d) => d.settlement.sendState === 'IDLE' || d.settlement.sendState === 'FAILED', 'send');
    expect(after.settlement).toMatchObject({ postingStatus: 'POSTED', postingError: null });
    const invoices = vendors.documents().filter((d) => d.system === 'XERO');
    expect(invoices).toHaveLength(1);
    const lineCodes = (invoices[0]!.body as { LineItems: { AccountCode: string }[] }).LineItems.map((l) => l.AccountCode);
    expect(lineCodes).toEqual(expect.arrayContaining(['405', '201', '404']));
    const xeroCodes = new Set(before.accounts.filter((a) => !missing.some((m) => m.accountCode === a.code)).map((a) => a.code));
    expect(lineCodes.filter((c) => !xeroCodes.has(c))).toEqual([]);
  });

  it('goes back to the default chart when Xero is disconnected, and the Xero-only rule shows unmapped', async () => {
    await server.testDb.db.updateTable('connections').set({ status: 'DISCONNECTED' }).where('account_key', '=', ACCOUNT).where('role', '=', 'accounting').execute();
    const m = (await getMappings(ACCOUNT)).json<Mappings>();
    expect(m.chartSource).toBe('default');
    expect(m.rows.find((r) => r.typeKey === 'Order|ItemPrice|Principal')).toMatchObject({ accountCode: 'AMZSALES' });
    expect(m.rows.find((r) => r.typeKey === MYSTERY)).toMatchObject({ isUnmapped: true });
    await server.testDb.db.updateTable('connections').set({ status: 'CONNECTED' }).where('account_key', '=', ACCOUNT).where('role', '=', 'accounting').execute();
  });

  it('refuses a role account outside the chart, or one account for two roles, and stores nothing', async () => {
    const before = (await getMappings(ACCOUNT)).json<Mappings>();
    const outside = await putMappings(ACCOUNT, { roles: [{ role: 'suspense', channel: null, accountCode: 'SUSPENSE9' }] });
    expect(outside.json<ErrorBody>().message).toBe('roles[0]: account SUSPENSE9 is not in your Xero chart of accounts (refresh it if you just added the account).');
    const twice = await putMappings(ACCOUNT, { roles: [{ role: 'suspense', channel: null, accountCode: '200' }, { role: 'rounding', channel: null, accountCode: '200' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<ErrorBody>().message).toBe('roles[1]: account 200 is already chosen as the suspense account; an account can do one posting role.');
    expect((await getMappings(ACCOUNT)).json<Mappings>().version).toBe(before.version);
  });

  it("answers not-found to another account's user reading or writing the connected mappings, and changes nothing", async () => {
    const before = (await getMappings(ACCOUNT)).json<Mappings>();
    expect((await getMappings(ACCOUNT, other)).statusCode).toBe(404);
    const write = await putMappings(ACCOUNT, { entries: [{ channel: 'AMAZON', typeKey: MYSTERY, accountCode: '201', taxRateCode: 'NONE' }] }, other);
    expect(write.statusCode).toBe(404);
    expect((await getMappings(ACCOUNT)).json<Mappings>()).toEqual(before);
  });
});
