import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountingError } from '@ledgerport/core/posting';
import { connectForTest, type TestConnection } from '../testing/connect-for-test';
import { sampleDocument } from '../testing/sample-document';
import { localEndpoints, startVendorServer, type VendorServer } from '../local-sandboxes/vendor-server';
import { xeroSystem } from './xero-system';

const codes = { sales: '201', fees: '404', clearing: '610' };
const noWait = { now: () => Date.now(), sleep: () => Promise.resolve() };
let vendors: VendorServer;
let xero: TestConnection;

beforeAll(async () => {
  vendors = await startVendorServer();
  xero = await connectForTest(xeroSystem, localEndpoints(vendors.url).XERO, { clock: noWait, timeoutMs: 2000 });
});
afterAll(() => vendors.close());
afterEach(() => expect(vendors.xero.violations).toEqual([]));

describe('Xero adapter against the local Xero played from xero_accounting.yaml', () => {
  it('finds the organisation of the connection through GET /connections', () => {
    expect(xero.remoteName).toBe('Demo Company (Local Xero)');
  });

  it('reads accounts, bank accounts, tax rates, tracking categories and currencies', async () => {
    const data = await xero.port.fetchReferenceData();
    expect(data.accounts.map((a) => a.code)).toEqual(expect.arrayContaining(['200', '201', '404']));
    expect(data.bankAccounts.map((a) => a.code)).toEqual(['091']);
    expect(data.taxRates).toEqual(expect.arrayContaining([{ code: 'INPUT2', name: '15% GST on Expenses' }]));
    expect(data.trackingCategories.map((c) => c.name)).toEqual(['BarFoo', 'HelloWorld']);
    expect(data.currencies).toEqual(['NZD']);
  });

  it('posts a draft invoice without the clearing line, amounts from the seller side, valid against the spec', async () => {
    const ref = await xero.port.postDocument(sampleDocument('xero-invoice', codes, 'AMZ-X1'), { idempotencyKey: 'acc-1:AMZ-X1', status: 'draft' });
    const sent = vendors.xero.requests.at(-1)!;
    expect(sent.method).toBe('PUT');
    expect(sent.headers['idempotency-key']).toBe('acc-1:AMZ-X1');
    expect(sent.headers['xero-tenant-id']).toBe(xero.remoteId);
    const invoice = (sent.body as { Invoices: Record<string, unknown>[] }).Invoices[0]!;
    expect(invoice).toMatchObject({ Type: 'ACCREC', Status: 'DRAFT', LineAmountTypes: 'NoTax', InvoiceNumber: 'AMZ-X1', Contact: { Name: 'Amazon' } });
    expect(invoice.LineItems).toEqual([
      expect.objectContaining({ AccountCode: '201', UnitAmount: 1000, Quantity: 1 }),
      expect.objectContaining({ AccountCode: '404', UnitAmount: -150.25 }),
    ]);
    expect(ref).toMatchObject({ remoteType: 'Invoice', remoteNumber: 'AMZ-X1' });
  });

  it('posting the same document twice yields one remote document (Idempotency-Key)', async () => {
    const doc = sampleDocument('xero-invoice', codes, 'AMZ-X2');
    const first = await xero.port.postDocument(doc, { idempotencyKey: 'acc-1:AMZ-X2' });
    const second = await xero.port.postDocument(doc, { idempotencyKey: 'acc-1:AMZ-X2' });
    expect(second.remoteId).toBe(first.remoteId);
    expect(vendors.xero.documents.filter((d) => d.number === 'AMZ-X2')).toHaveLength(1);
  });

  it('a crash between the call and the answer: the retry with the same key does not post twice', async () => {
    vendors.addFault({ system: 'xero', match: 'PUT .*Invoices', drop: true });
    const ref = await xero.port.postDocument(sampleDocument('xero-invoice', codes, 'AMZ-X3'), { idempotencyKey: 'acc-1:AMZ-X3' });
    expect(vendors.xero.documents.filter((d) => d.number === 'AMZ-X3').map((d) => d.id)).toEqual([ref.remoteId]);
  });

  it('waits out a 429 with Retry-After and then posts', async () => {
    vendors.addFault({ system: 'xero', match: 'PUT .*Invoices', status: 429, headers: { 'retry-after': '0', 'x-rate-limit-problem': 'minute' }, body: { Title: 'Too Many Requests' } });
    const ref = await xero.port.postDocument(sampleDocument('xero-invoice', codes, 'AMZ-X4'), { idempotencyKey: 'acc-1:AMZ-X4', status: 'approved' });
    expect(vendors.xero.documents.find((d) => d.id === ref.remoteId)).toMatchObject({ type: 'ACCREC', status: 'AUTHORISED' });
  });

  it('posts a negative settlement as a bill (ACCPAY) with debits positive', async () => {
    const doc = sampleDocument('xero-bill', { sales: '404', fees: '201', clearing: '610' }, 'AMZ-X9');
    doc.lines = doc.lines.map((l) => ({ ...l, side: l.side === 'debit' ? 'credit' : 'debit' }));
    const ref = await xero.port.postDocument(doc, { idempotencyKey: 'acc-1:AMZ-X9' });
    const bill = vendors.xero.documents.find((d) => d.id === ref.remoteId)!;
    expect(bill.type).toBe('ACCPAY');
    expect((bill.body as { LineItems: { UnitAmount: number }[] }).LineItems.map((l) => l.UnitAmount)).toEqual([1000, -150.25]);
  });

  it('refreshes an expired access token once and keeps the rotated refresh token', async () => {
    const before = xero.tokens.refreshToken;
    vendors.xero.oauth.expireAccessTokens();
    await xero.port.fetchReferenceData();
    expect(xero.refreshCount).toBe(1);
    expect(xero.tokens.refreshToken).not.toBe(before);
  });

  it("turns Xero's ValidationErrors into a sentence naming the problem", async () => {
    const doc = sampleDocument('xero-invoice', { ...codes, sales: '404', fees: '201' }, 'AMZ-X5');
    doc.lines[0]!.side = 'debit';
    doc.lines[1]!.side = 'credit';
    const error = await xero.port.postDocument(doc, { idempotencyKey: 'acc-1:AMZ-X5' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountingError);
    expect((error as AccountingError).failure).toMatchObject({ kind: 'validation', message: 'Xero refused the document: Invoice total must not be negative. Send a negative settlement as a bill (ACCPAY).' });
  });

  it('a timeout of a keyed create is retried and posts once', async () => {
    vendors.addFault({ system: 'xero', match: 'PUT .*ManualJournals', delayMs: 2500 });
    const ref = await xero.port.postDocument(sampleDocument('manual-journal', codes, 'AMZ-X6'), { idempotencyKey: 'acc-1:AMZ-X6' });
    expect(vendors.xero.documents.filter((d) => d.type === 'ManualJournal' && d.id === ref.remoteId)).toHaveLength(1);
    const journal = vendors.xero.documents.find((d) => d.id === ref.remoteId)!.body as { JournalLines: { LineAmount: number }[] };
    expect(journal.JournalLines.map((l) => l.LineAmount)).toEqual([-1000, 150.25, 849.75]);
  });

  it('rolls back a draft by deleting it and an approved invoice by voiding it', async () => {
    const draft = await xero.port.postDocument(sampleDocument('xero-invoice', codes, 'AMZ-X7'), { idempotencyKey: 'k7', status: 'draft' });
    const approved = await xero.port.postDocument(sampleDocument('xero-invoice', codes, 'AMZ-X8'), { idempotencyKey: 'k8', status: 'approved' });
    await xero.port.rollbackDocument(draft);
    await xero.port.rollbackDocument(approved);
    expect(vendors.xero.documents.find((d) => d.id === draft.remoteId)?.status).toBe('DELETED');
    expect(vendors.xero.documents.find((d) => d.id === approved.remoteId)?.status).toBe('VOIDED');
  });

  it('the spec check catches a request Xero would refuse (missing Contact)', async () => {
    const res = await vendors.xero.handle({
      method: 'PUT',
      path: '/api.xro/2.0/Invoices',
      query: new URLSearchParams(),
      headers: { authorization: `Bearer ${xero.tokens.accessToken}`, 'xero-tenant-id': xero.remoteId, 'content-type': 'application/json' },
      body: { Invoices: [{ Type: 'ACCREC', LineItems: [] }] },
    });
    expect(res.status).toBe(400);
    expect(vendors.xero.violations.join()).toContain("must have required property 'Contact'");
    vendors.xero.violations.length = 0;
  });
});
