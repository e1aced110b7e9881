/**
 * COGS journals to Xero and Sage (issue 17): a settlement's COGS goes as a manual journal through the
 * Xero and Sage adapters to the local vendor server (Xero validated against its official OpenAPI
 * document, Sage against its documented shapes), on the accounts of the connected chart. Idempotent:
 * an answer lost on the way back is retried and the system still holds one journal; a second send is
 * skipped. A chart without the settings' accounts refuses the send with both names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CogsSettingsBody, ErrorBody, SendResult, TokenSet } from '@ledgerport/contract';
import type { Settlement } from '@ledgerport/core/settlements';
import { localEndpoints, startVendorServer, type VendorServer } from '@ledgerport/integrations/accounting/testing';
import { bearer } from '../../../test/test-app';
import { storeSettlements } from '../imports/store-settlements';
import { form, startSettlementTestServer, type SettlementTestServer } from '../../../test/settlement-test-server';

const XERO_ACCOUNT = 'acme-amazon-us';
const SAGE_ACCOUNT = 'acme-amazon-ca';
let vendors: VendorServer;
let server: SettlementTestServer;
let demo: TokenSet;
const keys: Record<string, string> = {};

function settlement(settlementId: string, currency: string): Settlement {
  const postedAt = Date.parse('2026-10-10T12:00:00Z');
  const line = (orderId: string, sku: string, quantity: number) => ({ postedAt, typeKey: 'Order|ItemPrice|Principal', orderId, sku, quantity, marketplace: 'Amazon.com', fulfilmentChannel: 'AFN', amount: 500_000n, source: { file: 'cogs.txt', row: 2 } });
  const lines = [line('O-1', 'MUG', 3), line('O-2', 'CUP', 2)];
  return { channel: 'AMAZON', settlementId, format: 'amazon-v2', marketplace: 'Amazon.com', currency, startDate: postedAt, endDate: postedAt, depositDate: postedAt, total: 1_000_000n, status: 'closed', sellerId: null, sourceFile: 'cogs.txt', lines };
}

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => server.app.inject({ method, url, headers: bearer(demo), ...(payload ? { payload } : {}) });

async function connect(accountKey: string, system: 'XERO' | 'SAGE') {
  const start = await call('POST', '/accounting/connect', { accountKey, system });
  expect(start.statusCode).toBe(200);
  const authorize = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl);
  const decide = new URL('decide', authorize);
  decide.search = authorize.search;
  decide.searchParams.set('decision', 'allow');
  const back = new URL((await fetch(decide, { redirect: 'manual' })).headers.get('location')!);
  const res = await call('POST', '/accounting/callback', { system, query: Object.fromEntries(back.searchParams) });
  expect(res.statusCode).toBe(200);
}

async function sendCogs(settlementKey: string) {
  const f = form([['settlementKey', settlementKey], ['action', 'sendCogs']]);
  return server.app.inject({ method: 'POST', url: '/settlementSend', payload: f.payload, headers: { ...f.headers, ...bearer(demo) } });
}

async function cogsStatus(settlementKey: string, isDone: (s: string) => boolean, ms = 45_000) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    const row = await server.testDb.db.selectFrom('settlements').select('cogs_posting_status').where('settlement_key', '=', settlementKey).executeTakeFirstOrThrow();
    if (isDone(row.cogs_posting_status)) return row.cogs_posting_status;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`COGS of ${settlementKey} was not posted in time`);
}

beforeAll(async () => {
  vendors = await startVendorServer();
  server = await startSettlementTestServer({ config: { accounting: localEndpoints(vendors.url) } });
  demo = await server.signIn('demo@ledgerport.local');
  const { db } = server.testDb;
  await db.deleteFrom('settlements').execute();
  await db.deleteFrom('products').execute();
  await db.updateTable('account_features').set({ cogs_enabled: true }).where('account_key', 'in', [XERO_ACCOUNT, SAGE_ACCOUNT]).execute();
  await connect(XERO_ACCOUNT, 'XERO');
  await connect(SAGE_ACCOUNT, 'SAGE');
  for (const [accountKey, id, currency] of [[XERO_ACCOUNT, '55001', 'USD'], [SAGE_ACCOUNT, '55002', 'CAD']] as const) {
    const stored = await db.transaction().execute((trx) => storeSettlements(trx, accountKey, { settlements: [settlement(id, currency)], problems: [] }, { kind: 'file', at: new Date('2026-10-20T00:00:00Z') }));
    keys[accountKey] = stored.settlements[0]!.settlementKey;
    for (const [sku, unitCost] of [['MUG', '4'], ['CUP', '2.5']])
      expect((await call('PUT', `/cost-admin/costs?accountKey=${accountKey}`, { sku, currency, effectiveDate: '2026-01-01', unitCost })).statusCode).toBe(200);
    expect((await call('GET', `/settlement?ajax=true&action=refreshcogs&settlementKey=${keys[accountKey]}`)).statusCode).toBe(200);
  }
}, 180_000);

afterAll(async () => {
  await server?.close();
  await vendors?.close();
});

describe('COGS journals to Xero and Sage', () => {
  it('Xero: a manual journal on 310 Cost of Goods Sold and 630 Inventory, once, even when the first answer is lost', async () => {
    const key = keys[XERO_ACCOUNT]!;
    // Xero makes the journal, the answer never arrives; the retry sends the same Idempotency-Key.
    vendors.addFault({ system: 'xero', match: '^PUT .*/ManualJournals$', drop: true, times: 1 });
    expect((await sendCogs(key)).json<SendResult>().queued).toEqual([key]);
    expect(await cogsStatus(key, (s) => s === 'POSTED')).toBe('POSTED');
    const journals = vendors.xero.documents.filter((d) => d.type === 'ManualJournal');
    expect(journals).toHaveLength(1);
    const body = journals[0]!.body as { Narration: string; JournalLines: { AccountCode: string; LineAmount: number }[] };
    expect(body.Narration).toContain('COGS-AMZ-55001');
    // 3 × 4.00 + 2 × 2.50 = 17.00, debit COGS, credit Inventory.
    expect(body.JournalLines.map((l) => [l.AccountCode, l.LineAmount])).toEqual([['310', 17], ['630', -17]]);
    expect(vendors.xero.violations).toEqual([]);
    const stored = await server.testDb.db.selectFrom('settlement_cogs_documents').select(['status', 'remote_id', 'system']).where('settlement_key', '=', key).execute();
    expect(stored).toEqual([{ status: 'POSTED', remote_id: journals[0]!.id, system: 'XERO' }]);
    expect((await sendCogs(key)).json<SendResult>().skipped[0]?.reason).toBe('The cost of goods sold of settlement 55001 is already posted.');
    expect(vendors.xero.documents.filter((d) => d.type === 'ManualJournal')).toHaveLength(1);
  }, 90_000);

  it('Sage: a journal on the ledger accounts Stock (1001) and Cost of sales - goods (5000), once, even when the first answer is lost', async () => {
    const key = keys[SAGE_ACCOUNT]!;
    // Sage has no idempotency key: the retry finds the journal by its reference and creates nothing.
    vendors.addFault({ system: 'sage', match: '^POST .*/journals$', drop: true, times: 1 });
    expect((await sendCogs(key)).json<SendResult>().queued).toEqual([key]);
    expect(await cogsStatus(key, (s) => s === 'POSTED')).toBe('POSTED');
    const journals = vendors.sage.documents.filter((d) => d.type === 'journal');
    expect(journals).toHaveLength(1);
    expect(journals[0]!.number).toBe('COGS-AMZ-55002');
    const body = journals[0]!.body as { journal_lines: { ledger_account_id: string; debit: number; credit: number }[] };
    expect(body.journal_lines.map((l) => [l.ledger_account_id, l.debit, l.credit])).toEqual([['la-5000', 17, 0], ['la-1001', 0, 17]]);
    expect(vendors.sage.violations).toEqual([]);
    expect((await sendCogs(key)).json<SendResult>().skipped[0]?.reason).toBe('The cost of goods sold of settlement 55002 is already posted.');
    expect(vendors.sage.documents.filter((d) => d.type === 'journal')).toHaveLength(1);
  }, 90_000);

  it('an inventory account the connected chart does not have refuses the send, naming it', async () => {
    const { db } = server.testDb;
    const postedAt = new Date('2026-10-20T00:00:00Z');
    const stored = await db.transaction().execute((trx) => storeSettlements(trx, XERO_ACCOUNT, { settlements: [settlement('55003', 'USD')], problems: [] }, { kind: 'file', at: postedAt }));
    const key = stored.settlements[0]!.settlementKey;
    expect((await call('PUT', `/account-settings/cogs?accountKey=${XERO_ACCOUNT}`, { inventoryAccount: { code: '999', name: 'Stock on the moon' } })).statusCode).toBe(200);
    expect((await call('GET', `/settlement?ajax=true&action=refreshcogs&settlementKey=${key}`)).statusCode).toBe(200);
    const refused = (await sendCogs(key)).json<SendResult | ErrorBody>();
    expect('queued' in refused ? refused.skipped[0]?.reason : refused.message).toBe(
      'Xero has no account matching the inventory account "999 Stock on the moon" of Settings > Cost of Goods Sold; enter the code of an account in your Xero chart of accounts there, then send again.',
    );
    expect(vendors.xero.documents.filter((d) => d.type === 'ManualJournal')).toHaveLength(1);
  });

  it('Settings > Cost of Goods Sold checks the accounts against the connected chart on open and on save, and offers its accounts', async () => {
    const opened = (await call('GET', `/account-settings/cogs?accountKey=${SAGE_ACCOUNT}`)).json<CogsSettingsBody>();
    expect(opened.chartCheck).toMatchObject({
      system: 'Sage',
      inventoryAccount: { code: 'la-1001', name: 'Stock (1001)' },
      cogsAccount: { code: 'la-5000' },
      message: null,
    });
    expect(opened.chartCheck!.accounts.length).toBeGreaterThan(2);
    expect(opened.chartCheck!.accounts).toContainEqual({ code: 'la-1001', name: 'Stock (1001)' });
    // The Xero account's inventory account was set to one the chart lacks (test above): the check names it.
    const saved = (
      await call('PUT', `/account-settings/cogs?accountKey=${XERO_ACCOUNT}`, { cogsAccount: { code: '310', name: 'Cost of Goods Sold' } })
    ).json<CogsSettingsBody>();
    expect(saved.chartCheck).toMatchObject({
      system: 'Xero',
      inventoryAccount: null,
      cogsAccount: { code: '310' },
      message: 'Xero has no account matching the inventory account "999 Stock on the moon" of Settings > Cost of Goods Sold; enter the code of an account in your Xero chart of accounts there, then send again.',
    });
    const fixed = (
      await call('PUT', `/account-settings/cogs?accountKey=${XERO_ACCOUNT}`, { inventoryAccount: { code: '630', name: 'Inventory' } })
    ).json<CogsSettingsBody>();
    expect(fixed.chartCheck).toMatchObject({ inventoryAccount: { code: '630' }, cogsAccount: { code: '310' }, message: null });
  });
});
