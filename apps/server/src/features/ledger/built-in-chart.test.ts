/**
 * Settings > Built-in ledger (decision 0058): the chart of accounts and tax rates of an account on the
 * built-in ledger, their rules, and a VAT settlement posted with them whose hledger and Beancount
 * exports pass `hledger check` and `bean-check` with the clearing account equal to the deposit.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryBody, BuiltInLedgerChart, ErrorBody, Mappings, SettlementDetail, SettlementImport, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { coreFixture, form, startSettlementTestServer, upload, waitFor, waitForImport, type SettlementTestServer } from '../../../test/settlement-test-server';

let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
let viewer: TokenSet;
const ACCOUNT = 'acme-amazon-us';

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  viewer = await server.signIn('viewer@ledgerport.local');
  await server.testDb.db.deleteFrom('settlements').execute();
  await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL', accounting_system_connected: true }).where('account_key', '=', ACCOUNT).execute();
}, 120_000);
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, tokens = demo) =>
  server.app.inject({ method, url: `${url}${url.includes('?') ? '&' : '?'}accountKey=${ACCOUNT}`, headers: bearer(tokens), ...(payload ? { payload } : {}) });
const chart = async () => (await call('GET', '/ledger/chart')).json<BuiltInLedgerChart>();

describe('the chart of accounts of the built-in ledger', () => {
  it('starts as the default chart of 14 accounts with one "No Tax" rate, nothing stored', async () => {
    const c = await chart();
    expect(c).toMatchObject({ isSaved: false, taxRates: [{ code: 'NONE', name: 'No Tax', ratePercent: '0', isActive: true }] });
    expect(c.accounts).toHaveLength(14);
    expect(c.accounts.find((a) => a.role === 'clearing')?.mustStayActiveReason).toMatch(/stays active/);
  });

  it('adds an account with a type, refuses a code already used (409) and a blank name (400), and records History', async () => {
    const added = await call('POST', '/ledger/chart/accounts', { code: '1776', name: 'Umsatzsteuer 19 %', kind: 'liability' });
    expect(added.statusCode).toBe(200);
    const c = added.json<BuiltInLedgerChart>();
    expect(c.isSaved).toBe(true);
    expect(c.accounts.find((a) => a.code === '1776')).toMatchObject({ name: 'Umsatzsteuer 19 %', kind: 'liability', path: 'Liabilities:Umsatzsteuer19', isActive: true, isPosted: false });
    const again = await call('POST', '/ledger/chart/accounts', { code: '1776', name: 'Another', kind: 'asset' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>()).toMatchObject({ code: 'ledger.code-taken', message: 'The code 1776 is already used by another account of this chart.' });
    const blank = await call('POST', '/ledger/chart/accounts', { code: '1777', name: '   ', kind: 'asset' });
    expect(blank.statusCode).toBe(400);
    expect((await chart()).accounts).toHaveLength(15);
    const entries = (await call('GET', '/account-settings/history')).json<{ entries: AuditEntryBody[] }>().entries;
    const entry = entries.find((e) => e.action === 'ledger.account-added')!;
    expect(entry).toMatchObject({ actorEmail: 'demo@ledgerport.local', after: { code: '1776', name: 'Umsatzsteuer 19 %', kind: 'liability' } });
    expect(entry.summary).toMatch(/^Added an account to the built-in ledger/);
  });

  it('renames and deactivates; a role account stays active; a deactivated account is not chosen for a new mapping', async () => {
    const renamed = await call('PUT', '/ledger/chart/account', { code: '1776', name: 'USt 19 %' });
    expect(renamed.json<BuiltInLedgerChart>().accounts.find((a) => a.code === '1776')).toMatchObject({ name: 'USt 19 %', path: 'Liabilities:Umsatzsteuer19' });
    const clearing = (await chart()).accounts.find((a) => a.role === 'clearing')!;
    const refused = await call('PUT', '/ledger/chart/account', { code: clearing.code, isActive: false });
    expect(refused.statusCode).toBe(409);
    expect((await call('PUT', '/ledger/chart/account', { code: 'Expenses:Amazon:OtherCharges', isActive: false })).statusCode).toBe(200);
    const mappings = (await call('GET', '/mappings')).json<Mappings>();
    expect(mappings.accounts.find((a) => a.code === 'Expenses:Amazon:OtherCharges')).toMatchObject({ isActive: false });
    const chosen = await call('PUT', '/mappings', { entries: [{ channel: 'AMAZON', typeKey: 'Order|ItemFees|Commission', accountCode: 'Expenses:Amazon:OtherCharges', taxRateCode: 'NONE' }] });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json<ErrorBody>().message).toMatch(/Amazon Other Charges \(Expenses:Amazon:OtherCharges\) is deactivated/);
    expect((await call('PUT', '/ledger/chart/account', { code: 'Expenses:Amazon:OtherCharges', isActive: true })).statusCode).toBe(200);
  });

  it('deletes an unused account but never one that is mapped', async () => {
    await call('POST', '/ledger/chart/accounts', { code: '9000', name: 'Scratch', kind: 'expense' });
    expect((await call('DELETE', '/ledger/chart/account?code=9000')).statusCode).toBe(200);
    const mapped = await call('DELETE', '/ledger/chart/account?code=Income:Amazon:Sales');
    expect(mapped.statusCode).toBe(409);
    expect((await chart()).accounts.some((a) => a.code === '9000')).toBe(false);
  });

  it('another account never sees this chart, and a view-only member cannot change it', async () => {
    expect((await call('GET', '/ledger/chart', undefined, other)).statusCode).toBe(404);
    expect((await call('POST', '/ledger/chart/accounts', { code: '1', name: 'X', kind: 'asset' }, other)).statusCode).toBe(404);
    const view = await call('GET', '/ledger/chart', undefined, viewer);
    expect(view.statusCode).toBe(200);
    expect((await call('POST', '/ledger/chart/accounts', { code: '2', name: 'Y', kind: 'asset' }, viewer)).statusCode).toBe(403);
    expect((await call('PUT', '/ledger/chart/tax-rate', { code: 'NONE', name: 'Z' }, viewer)).statusCode).toBe(403);
  });

  it('an account on another system has no built-in chart (409)', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/ledger/chart?accountKey=acme-amazon-ca', headers: bearer(demo) });
    expect([res.statusCode, res.json<ErrorBody>().code]).toEqual([409, 'ledger.not-manual']);
  });
});

describe('tax rates of the built-in ledger', () => {
  it('adds a rate with an exact percentage and a tax account, refuses a bad rate, a duplicate code and a missing account', async () => {
    const added = await call('POST', '/ledger/chart/tax-rates', { code: 'VAT19', name: 'VAT 19%', ratePercent: '19', taxAccountCode: '1776' });
    expect(added.statusCode).toBe(200);
    expect(added.json<BuiltInLedgerChart>().taxRates.find((t) => t.code === 'VAT19')).toEqual({ code: 'VAT19', name: 'VAT 19%', ratePercent: '19', taxAccountCode: '1776', taxAccountName: 'USt 19 %', isActive: true });
    expect((await call('POST', '/ledger/chart/tax-rates', { code: 'X', name: 'X', ratePercent: '19,5', taxAccountCode: '1776' })).statusCode).toBe(400);
    expect((await call('POST', '/ledger/chart/tax-rates', { code: 'vat19', name: 'X', ratePercent: '5', taxAccountCode: '1776' })).statusCode).toBe(409);
    expect((await call('POST', '/ledger/chart/tax-rates', { code: 'VAT7', name: 'VAT 7%', ratePercent: '7', taxAccountCode: 'nope' })).json<ErrorBody>().message).toBe('The tax account nope is not in the chart of accounts of the built-in ledger.');
    const changed = await call('PUT', '/ledger/chart/tax-rate', { code: 'VAT19', ratePercent: '19.0' });
    expect(changed.json<BuiltInLedgerChart>().taxRates.find((t) => t.code === 'VAT19')?.ratePercent).toBe('19');
    // The tax account of an active rate stays active.
    expect((await call('PUT', '/ledger/chart/account', { code: '1776', isActive: false })).statusCode).toBe(409);
  });

  it('a settlement mapped with VAT 19% posts base and VAT; the hledger and Beancount exports pass their checks with clearing = deposit', async () => {
    const content = fs.readFileSync(coreFixture('amazon', 'de-v2-real-excerpt.txt'));
    await server.testDb.db.updateTable('accounts').set({ time_zone_id: 'Europe/Berlin' }).where('account_key', '=', ACCOUNT).execute();
    const done = await waitForImport(server, demo, (await upload(server, demo, ACCOUNT, [{ name: 'de.txt', content }])).json<SettlementImport>().importId);
    const key = done.files[0]!.settlements[0]!.settlementKey;
    const mapped = await call('PUT', '/mappings', {
      entries: [
        { channel: 'AMAZON', typeKey: 'Order|ItemPrice|Principal', accountCode: 'Income:Amazon:Sales', taxRateCode: 'VAT19' },
        { channel: 'AMAZON', typeKey: 'Refund|ItemPrice|Principal', accountCode: 'Income:Amazon:Refunds', taxRateCode: 'VAT19' },
      ],
    });
    expect(mapped.statusCode).toBe(200);
    const fields: [string, string][] = [['settlementKey', key], ['action', 'send']];
    await server.app.inject({ method: 'POST', url: '/settlementSend', ...form(fields), headers: { ...form(fields).headers, ...bearer(demo) } });
    const detail = await waitFor(
      async () => (await server.app.inject({ method: 'GET', url: `/settlement/detail?settlementKey=${key}`, headers: bearer(demo) })).json<SettlementDetail>(),
      (d) => d.settlement.sendState === 'IDLE' || d.settlement.sendState === 'FAILED',
      'the send',
    );
    expect(detail.settlement.postingStatus).toBe('POSTED');
    const vat = detail.documents[0]!.lines.find((l) => l.role === 'tax');
    // 179.99 x 19/119 = 28.74 and -109.99 x 19/119 = -17.56: 11.18 owed.
    expect(vat).toMatchObject({ accountCode: '1776', side: 'credit', amount: '11.1800', taxRateCode: 'VAT19' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-vat-'));
    const hledger = (await call('GET', '/ledger/export?format=hledger')).body;
    fs.writeFileSync(path.join(dir, 'journal.hledger'), hledger);
    execFileSync('/usr/bin/hledger', ['check', '--strict', '-f', path.join(dir, 'journal.hledger')]);
    const balance = (account: string) => execFileSync('/usr/bin/hledger', ['balance', '-f', path.join(dir, 'journal.hledger'), '--flat', '--no-total', '-N', `^${account}$`], { encoding: 'utf8' }).trim().split(/\s{2,}/)[0];
    expect(balance('Assets:Clearing:Amazon')).toBe('53.44 EUR');
    expect(balance('Liabilities:Umsatzsteuer19')).toBe('-11.18 EUR');
    const beancount = (await call('GET', '/ledger/export?format=beancount')).body;
    fs.writeFileSync(path.join(dir, 'ledger.beancount'), beancount);
    execFileSync('/usr/bin/bean-check', [path.join(dir, 'ledger.beancount')]);
    expect(beancount).toContain('Liabilities:Umsatzsteuer19');
    const csv = (await call('GET', '/ledger/export?format=csv')).body;
    expect(csv).toMatch(/Liabilities:Umsatzsteuer19|1776,USt 19 %/);
    // The account posted to is now never deleted, only deactivated.
    expect((await chart()).accounts.find((a) => a.code === '1776')).toMatchObject({ isPosted: true });
  });
});
