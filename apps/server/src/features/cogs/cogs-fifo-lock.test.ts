/**
 * The FIFO lock through the server (decision 0049): September is posted; a lot recorded later with an
 * earlier purchase date makes FIFO in date order cost September less; October's settlement carries
 * September's correction as its own COGS journal part, posted once (a second refresh, a re-send and
 * November's settlement never post it again); September's posted journal stays as it was; the
 * built-in ledger and the hledger export still check.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CogsSettingsBody, SendResult, SettlementCogsBody, TokenSet } from '@ledgerport/contract';
import type { Settlement } from '@ledgerport/core/settlements';
import { bearer } from '../../../test/test-app';
import { storeSettlements } from '../imports/store-settlements';
import { form, startSettlementTestServer, waitFor, type SettlementTestServer } from '../../../test/settlement-test-server';

const ACCOUNT = 'acme-amazon-us';
let server: SettlementTestServer;
let demo: TokenSet;
const keys: Record<string, string> = {};

function settlement(settlementId: string, day: string, units: number): Settlement {
  const postedAt = Date.parse(`${day}T12:00:00Z`);
  const lines = [{ postedAt, typeKey: 'Order|ItemPrice|Principal', orderId: `O-${settlementId}`, sku: 'TENT', quantity: units, marketplace: 'Amazon.com', fulfilmentChannel: 'AFN', amount: 500_000n, source: { file: 'lock.txt', row: 2 } }];
  return { channel: 'AMAZON', settlementId, format: 'amazon-v2', marketplace: 'Amazon.com', currency: 'USD', startDate: postedAt, endDate: postedAt, depositDate: postedAt, total: 500_000n, status: 'closed', sellerId: null, sourceFile: 'lock.txt', lines };
}

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => server.app.inject({ method, url, headers: bearer(demo), ...(payload ? { payload } : {}) });
const refresh = async (id: string) => expect((await call('GET', `/settlement?ajax=true&action=refreshcogs&settlementKey=${keys[id]}`)).statusCode).toBe(200);
const cogsOf = async (id: string) => (await call('GET', `/settlement/cogs?settlementKey=${keys[id]}`)).json<SettlementCogsBody>();
const sendCogs = async (id: string) => {
  const f = form([['settlementKey', keys[id]!], ['action', 'sendCogs']]);
  return (await server.app.inject({ method: 'POST', url: '/settlementSend', payload: f.payload, headers: { ...f.headers, ...bearer(demo) } })).json<SendResult>();
};
const posted = (id: string) =>
  waitFor(
    () => server.testDb.db.selectFrom('settlements').select('cogs_posting_status').where('settlement_key', '=', keys[id]!).executeTakeFirstOrThrow(),
    (r) => r.cogs_posting_status === 'POSTED',
    `the COGS send of ${id}`,
  );
const addLot = async (lotId: string, purchasedOn: string, quantity: number, unitCost: string) =>
  expect((await call('POST', `/cost-admin/lots?accountKey=${ACCOUNT}`, { lotId, sku: 'TENT', currency: 'USD', purchasedOn, quantity, unitCost })).statusCode).toBe(200);
const postedCosts = () =>
  server.testDb.db
    .selectFrom('cogs_fifo_posted_costs as p')
    .innerJoin('settlements as s', 's.settlement_key', 'p.settlement_key')
    .select(['s.settlement_id', 'p.month', 'p.kind', 'p.cost'])
    .where('p.account_key', '=', ACCOUNT)
    .orderBy('s.settlement_id')
    .orderBy('p.kind')
    .orderBy('p.month')
    .execute();

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  const { db } = server.testDb;
  await db.deleteFrom('settlements').execute();
  await db.deleteFrom('products').execute();
  await db.deleteFrom('purchase_lots').execute();
  await db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', ACCOUNT).execute();
  await db.updateTable('account_features').set({ cogs_enabled: true, premium: true }).where('account_key', '=', ACCOUNT).execute();
  for (const [id, day, units] of [['66009', '2026-09-10', 5], ['66010', '2026-10-10', 3], ['66011', '2026-11-10', 1]] as const) {
    const stored = await db.transaction().execute((trx) => storeSettlements(trx, ACCOUNT, { settlements: [settlement(id, day, units)], problems: [] }, { kind: 'file', at: new Date('2026-11-20T00:00:00Z') }));
    keys[id] = stored.settlements[0]!.settlementKey;
  }
}, 120_000);
afterAll(() => server.close());

describe('the FIFO lock', () => {
  it('posts September at the cost FIFO gave it then, and keeps it', async () => {
    const settings = (await call('PUT', `/account-settings/cogs?accountKey=${ACCOUNT}`, { costingMethod: 'fifo' })).json<CogsSettingsBody>();
    expect(settings).toMatchObject({ costingMethod: 'fifo', chartCheck: null });
    await addLot('AUG', '2026-08-01', 10, '20');
    await refresh('66009');
    expect(await cogsOf('66009')).toMatchObject({ total: '100.0000', lockAdjustments: [] });
    expect((await sendCogs('66009')).queued).toEqual([keys['66009']]);
    await posted('66009');
    expect(await postedCosts()).toEqual([{ settlement_id: '66009', month: '2026-09', kind: 'cost', cost: '100.0000' }]);
  });

  it('a lot recorded later with an earlier purchase date: October carries September\'s correction as its own part, once', async () => {
    const { db } = server.testDb;
    const september = await db.selectFrom('settlement_cogs_documents').select(['document_id', 'document', 'total', 'status']).where('settlement_key', '=', keys['66009']!).execute();
    await addLot('JUL', '2026-07-01', 5, '10');
    // October takes its 3 units from the July lot (30.00); in date order September would have had them: 5 × 10.00 = 50.00, 50.00 less than posted.
    const expected = [{ month: '2026-10', amount: '-50.0000', corrections: [{ month: '2026-09', amount: '-50.0000' }] }];
    for (let i = 0; i < 2; i++) {
      await refresh('66010');
      expect(await cogsOf('66010')).toMatchObject({ total: '30.0000', lockAdjustments: expected });
    }
    expect((await sendCogs('66010')).queued).toEqual([keys['66010']]);
    await posted('66010');
    const cogs = await cogsOf('66010');
    expect(cogs.lockAdjustments).toEqual(expected);
    expect(cogs.documents.map((d) => [d.number, d.date, d.status, d.total])).toEqual([
      ['COGS-AMZ-66010-1', '2026-10-10', 'POSTED', '30.0000'],
      ['COGS-AMZ-66010-2', '2026-10-10', 'POSTED', '50.0000'],
    ]);
    const journal = await db.selectFrom('ledger_journals').select(['journal_id', 'description']).where('account_key', '=', ACCOUNT).where('number', '=', 'COGS-AMZ-66010-2').executeTakeFirstOrThrow();
    expect(journal.description).toBe('Amazon settlement 66010 FIFO lock adjustment in October 2026 for September 2026');
    const lines = await db.selectFrom('ledger_lines').select(['account_code', 'side', 'amount', 'description']).where('journal_id', '=', journal.journal_id).orderBy('line_no').execute();
    const label = 'FIFO lock adjustment for September 2026 (posted): FIFO in purchase-date order now costs it 50.00 USD less';
    expect(lines).toEqual([
      { account_code: 'Expenses:CostOfGoodsSold', side: 'credit', amount: '50.0000', description: label },
      { account_code: 'Assets:Inventory', side: 'debit', amount: '50.0000', description: label },
    ]);
    // The posted month's journal is untouched.
    expect(await db.selectFrom('settlement_cogs_documents').select(['document_id', 'document', 'total', 'status']).where('settlement_key', '=', keys['66009']!).execute()).toEqual(september);
    // A re-send posts nothing more.
    expect((await sendCogs('66010')).skipped[0]?.reason).toBe('The cost of goods sold of settlement 66010 is already posted.');
    expect(await db.selectFrom('settlement_cogs_documents').select('document_id').where('settlement_key', '=', keys['66010']!).execute()).toHaveLength(2);
    expect(await postedCosts()).toEqual([
      { settlement_id: '66009', month: '2026-09', kind: 'cost', cost: '100.0000' },
      { settlement_id: '66010', month: '2026-09', kind: 'adjustment', cost: '-50.0000' },
      { settlement_id: '66010', month: '2026-10', kind: 'cost', cost: '30.0000' },
    ]);
  });

  it('November never corrects September again; it corrects October, which in date order costs 3 × 20.00', async () => {
    await refresh('66011');
    // November takes the July lot's last unit (10.00); October's 30.00 against 60.00 in date order is corrected here.
    const expected = [{ month: '2026-11', amount: '30.0000', corrections: [{ month: '2026-10', amount: '30.0000' }] }];
    expect(await cogsOf('66011')).toMatchObject({ total: '10.0000', lockAdjustments: expected });
    expect((await sendCogs('66011')).queued).toEqual([keys['66011']]);
    await posted('66011');
    expect((await postedCosts()).filter((r) => r.settlement_id === '66011')).toEqual([
      { settlement_id: '66011', month: '2026-10', kind: 'adjustment', cost: '30.0000' },
      { settlement_id: '66011', month: '2026-11', kind: 'cost', cost: '10.0000' },
    ]);
    // Booked: 100 − 50 + 30 + 30 + 10 = 120.00. FIFO in date order gives November 20.00: its 10.00 is the next open month's to correct.
    expect((await postedCosts()).reduce((s, r) => s + Number(r.cost), 0)).toBe(120);
    expect((await call('GET', `/settlement?ajax=true&action=refreshcogs&settlementKey=${keys['66011']}`)).statusCode).toBe(409);
    expect((await cogsOf('66011')).lockAdjustments).toEqual(expected);
  });

  it('the built-in ledger balances: COGS 120.00 debit net, Inventory the same credit', async () => {
    const tb = (await call('GET', `/ledger/trial-balance?accountKey=${ACCOUNT}`)).json<{ rows: { accountCode: string; debits: string; credits: string; balance: string }[]; journalCount: number }>();
    expect(tb.journalCount).toBe(5);
    expect(tb.rows.map((r) => [r.accountCode, r.balance])).toEqual([
      ['Assets:Inventory', '-120.0000'],
      ['Expenses:CostOfGoodsSold', '120.0000'],
    ]);
  });

  it.runIf(fs.existsSync('/usr/bin/hledger'))('the COGS export with the adjustments passes hledger check', async () => {
    const res = await call('GET', `/export-cogs/download?accountKey=${ACCOUNT}&format=hledger&settlementKeys=${Object.values(keys).join(',')}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('COGS-AMZ-66010-2');
    expect(res.body).toContain('FIFO lock adjustment for September 2026');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cogs-lock-')), 'cogs.journal');
    fs.writeFileSync(file, res.body);
    expect(() => execFileSync('/usr/bin/hledger', ['-f', file, 'check'], { stdio: 'pipe' })).not.toThrow();
    const balance = execFileSync('/usr/bin/hledger', ['-f', file, 'balance', 'Expenses:CostOfGoodsSold', '-N', '-O', 'csv'], { encoding: 'utf8' });
    expect(balance).toContain('120');
  });
});
