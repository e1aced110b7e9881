/**
 * Postings: the list of an account's documents and one document with its lines, after real sends
 * (acme-amazon-us into the built-in ledger, acme-shopify through a Xero port that answers like Xero).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, Mappings, Posting, ResponseOf, SettlementDetail, TokenSet, getPosting, listPostings, listSettlementLines } from '@ledgerport/contract';
import { decimalToUnits } from '@ledgerport/core/money';
import type { AccountingPort } from '@ledgerport/core/posting';
import { bearer } from '../../../test/test-app';
import { form, startSettlementTestServer, waitFor, type SettlementTestServer } from '../../../test/settlement-test-server';
import { insertAccountingConnection } from '../../../test/connection-rows';

type PostingPage = ResponseOf<typeof listPostings>;
type PostingDetail = ResponseOf<typeof getPosting>;

let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
let viewer: TokenSet;
let amazonKey: string;
let shopifyKeys: string[];

let invoiceCount = 0;
/** Answers like Xero: an invoice (or bill) id and number for every document, its web link unknown. */
const xero: AccountingPort = {
  system: 'XERO',
  fetchReferenceData: () => Promise.reject(new Error('not used by these tests')),
  fetchPeriodLock: () => Promise.resolve(null),
  postDocument: () => Promise.resolve({ remoteId: `0f1e2d3c-0000-4000-8000-${String(++invoiceCount).padStart(12, '0')}`, remoteNumber: `INV-${invoiceCount}`, remoteType: 'Invoice', isReplay: false }),
  rollbackDocument: () => Promise.resolve(),
};

const get = <T>(url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
const list = (query: string, tokens = demo) => get<PostingPage>(`/postings?${query}`, tokens);
const detailOf = async (key: string) => (await get<SettlementDetail>(`/settlement/detail?settlementKey=${key}`)).body;

async function mapEverything(accountKey: string): Promise<void> {
  const m = (await get<Mappings>(`/mappings?accountKey=${accountKey}`)).body;
  const code = m.accounts.find((a) => a.kind === 'expense')!.code;
  const entries = m.rows.filter((r) => r.isUnmapped).map((r) => ({ channel: r.channel, typeKey: r.typeKey, accountCode: code, taxRateCode: m.defaultTaxRateCode ?? 'NONE' }));
  if (entries.length === 0) return;
  const res = await server.app.inject({ method: 'PUT', url: `/mappings?accountKey=${accountKey}`, payload: { entries }, headers: bearer(demo) });
  expect(res.statusCode, res.body).toBe(200);
}

async function send(settlementKey: string): Promise<void> {
  const fields: [string, string][] = [['settlementKey', settlementKey], ['action', 'send']];
  await server.app.inject({ method: 'POST', url: '/settlementSend', ...form(fields), headers: { ...form(fields).headers, ...bearer(demo) } });
  const after = await waitFor(() => detailOf(settlementKey), (d) => d.settlement.sendState === 'IDLE' || d.settlement.sendState === 'FAILED', `send of ${settlementKey}`);
  expect(after.settlement.postingError).toBeNull();
}

beforeAll(async () => {
  server = await startSettlementTestServer({ resolveAccountingPort: (_account, system) => Promise.resolve(system === 'XERO' ? xero : null) });
  [demo, other, viewer] = [await server.signIn('demo@ledgerport.local'), await server.signIn('other@ledgerport.local'), await server.signIn('viewer@ledgerport.local')];
  const { db } = server.testDb;
  await db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', 'acme-amazon-us').execute();
  await insertAccountingConnection(db, 'acme-shopify', 'XERO', server.clock());
  const originals = (account: string) => db.selectFrom('settlements').select('settlement_key').where('account_key', '=', account).where('duplicate_of', 'is', null).where('status', '=', 'closed').orderBy('settlement_key').execute();
  amazonKey = (await originals('acme-amazon-us'))[0]!.settlement_key;
  shopifyKeys = (await originals('acme-shopify')).slice(0, 3).map((r) => r.settlement_key);
  expect(shopifyKeys.length).toBeGreaterThan(1);
  await mapEverything('acme-amazon-us');
  await mapEverything('acme-shopify');
  for (const key of [amazonKey, ...shopifyKeys]) await send(key);
}, 120_000);
afterAll(() => server.close());

describe('the postings list', () => {
  it("lists a built-in ledger document with its settlement, kind and the ledger journal it lives in", async () => {
    const { status, body } = await list('accountKey=acme-amazon-us');
    expect(status).toBe(200);
    expect(body.hasAny).toBe(true);
    expect(body.pagination.totalRows).toBe(1);
    const journal = await server.testDb.db.selectFrom('ledger_journals').select('journal_id').where('account_key', '=', 'acme-amazon-us').executeTakeFirstOrThrow();
    expect(body.postings[0]).toMatchObject<Partial<Posting>>({
      number: 'AMZ-11223344556',
      kind: 'manual-journal',
      kindLabel: 'Ledger journal',
      documentClass: 'journal',
      status: 'POSTED',
      statusLabel: 'Posted',
      settlementKey: amazonKey,
      settlementId: '11223344556',
      channel: 'Amazon.com',
      salesSource: 'AMAZON',
      currency: 'USD',
      total: '36.5200',
      system: 'MANUAL',
      systemName: 'Built-in ledger',
      remoteUrl: null,
      ledgerJournalId: journal.journal_id,
      reversalJournalId: null,
    });
    expect(body.postings[0]!.postedAt).not.toBeNull();
  });

  it('links every Xero document to its page at Xero, and pages, sorts and filters the list', async () => {
    const all = (await list('accountKey=acme-shopify&size=100')).body;
    expect(all.pagination.totalRows).toBe(shopifyKeys.length);
    for (const p of all.postings) {
      expect(p.system).toBe('XERO');
      expect(p.remoteId).toMatch(/^0f1e2d3c-/);
      const page = p.kind === 'xero-bill' ? 'AccountsPayable' : 'AccountsReceivable';
      expect(p.remoteUrl).toBe(`https://go.xero.com/${page}/View.aspx?InvoiceID=${p.remoteId}`);
    }
    // Newest document date first, then pages of one that add up to the whole list.
    const dates = all.postings.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const paged = [];
    for (let page = 0; page < shopifyKeys.length; page++) paged.push(...(await list(`accountKey=acme-shopify&size=1&page=${page}`)).body.postings);
    expect(paged.map((p) => p.documentId)).toEqual(all.postings.map((p) => p.documentId));
    const byTotal = (await list('accountKey=acme-shopify&size=100&sort=total,asc')).body.postings.map((p) => decimalToUnits(p.total));
    expect(byTotal).toEqual([...byTotal].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const invoices = all.postings.filter((p) => p.documentClass === 'invoice').length;
    expect((await list('accountKey=acme-shopify&documentClass=invoice')).body.pagination.totalRows).toBe(invoices);
    expect((await list('accountKey=acme-shopify&documentClass=journal')).body.pagination.totalRows).toBe(0);
    expect((await list('accountKey=acme-shopify&status=FAILED,SENDING')).body.pagination.totalRows).toBe(0);
    expect((await list('accountKey=acme-shopify&status=POSTED')).body.pagination.totalRows).toBe(shopifyKeys.length);
    expect((await list(`accountKey=acme-shopify&currency=${all.postings[0]!.currency}`)).body.pagination.totalRows).toBe(shopifyKeys.length);
    expect((await list('accountKey=acme-shopify&currency=JPY')).body.pagination.totalRows).toBe(0);
    const first = all.postings[0]!;
    expect((await list(`accountKey=acme-shopify&start=${first.date}&end=${first.date}`)).body.postings.every((p) => p.date === first.date)).toBe(true);
    expect((await list('accountKey=acme-shopify&end=2000-01-01')).body.pagination.totalRows).toBe(0);
    // Text: a part of the settlement id, the number at Xero, or the id at Xero.
    expect((await list(`accountKey=acme-shopify&text=${first.settlementId.slice(-5)}`)).body.postings.map((p) => p.documentId)).toContain(first.documentId);
    expect((await list(`accountKey=acme-shopify&text=${first.remoteNumber!.toLowerCase()}`)).body.postings[0]!.documentId).toBe(first.documentId);
    expect((await list(`accountKey=acme-shopify&text=${first.remoteId!}`)).body.pagination.totalRows).toBe(1);
    expect((await list('accountKey=acme-shopify&text=100%25')).body.pagination.totalRows).toBe(0);
  });

  it('answers an account that has posted nothing with no postings and hasAny false', async () => {
    const { status, body } = await list('accountKey=acme-ebay');
    expect(status).toBe(200);
    expect(body).toMatchObject({ postings: [], hasAny: false, currencies: [] });
  });

  it("answers another account's list with not found, and a bad filter with a sentence naming it", async () => {
    const refused = await list('accountKey=acme-amazon-us', other);
    expect(refused.status).toBe(404);
    expect((refused.body as unknown as ErrorBody).code).toBe('account.not-found');
    const bad = await list('accountKey=acme-amazon-us&status=DONE');
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as ErrorBody).message).toContain('status is a comma-separated list of SENDING, POSTED, REVERSED, FAILED.');
  });

  it('lets a view-only member read the list', async () => {
    const { status, body } = await list('accountKey=acme-amazon-us', viewer);
    expect(status).toBe(200);
    expect(body.pagination.totalRows).toBe(1);
  });
});

describe('one posting', () => {
  const open = async (tokens = demo) => {
    const documentId = (await list('accountKey=acme-amazon-us')).body.postings[0]!.documentId;
    return { documentId, ...(await get<PostingDetail>(`/posting?documentId=${documentId}`, tokens)) };
  };

  it("has lines that sum to its total to the cent, and that balance", async () => {
    const { status, body } = await open();
    expect(status).toBe(200);
    expect(body.posting.total).toBe('36.5200');
    expect(body.linesTotal).toBe(body.posting.total);
    expect(body.document).toMatchObject({ status: 'POSTED', number: 'AMZ-11223344556', total: '36.5200', currency: 'USD' });
    let sellerSigned = 0n;
    let debits = 0n;
    let credits = 0n;
    for (const line of body.document.lines) {
      const units = decimalToUnits(line.amount);
      expect(units % 100n, `${line.description} is whole cents`).toBe(0n);
      if (line.side === 'debit') debits += units;
      else credits += units;
      if (line.role !== 'clearing') sellerSigned += line.side === 'credit' ? units : -units;
    }
    expect(sellerSigned).toBe(decimalToUnits(body.posting.total));
    expect(debits).toBe(credits);
    expect(body.document.lines.every((l) => l.accountCode !== '' && l.taxRateCode !== undefined && l.description !== '')).toBe(true);
  });

  it('drills down from each line to exactly the settlement rows it sums', async () => {
    const { body } = await open();
    const transactionLines = body.document.lines.filter((l) => l.role === 'transaction');
    expect(transactionLines.length).toBeGreaterThan(0);
    for (const line of transactionLines) {
      const params = new URLSearchParams({ settlementKey: body.posting.settlementKey, size: '500', ...line.sources.selector });
      const rows = (await get<ResponseOf<typeof listSettlementLines>>(`/settlement/lines?${params.toString()}`)).body;
      expect(rows.pagination.totalRows).toBe(line.sources.lineCount);
      const sum = rows.lines.reduce((a, l) => a + decimalToUnits(l.amount), 0n);
      expect(sum).toBe(line.side === 'credit' ? decimalToUnits(line.amount) : -decimalToUnits(line.amount));
    }
  });

  it("answers another account's document, and one that does not exist, with not found; a view-only member may read it", async () => {
    const { documentId } = await open();
    for (const url of [`/posting?documentId=${documentId}`, '/posting?documentId=doc_missing']) {
      const res = await get<ErrorBody>(url, url.endsWith('missing') ? demo : other);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'posting.not-found', message: 'This posting does not exist or you do not have access to it.' });
    }
    const read = await open(viewer);
    expect(read.status).toBe(200);
    expect(read.body.posting.documentId).toBe(documentId);
  });
});
