import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountingError } from '@ledgerport/core/posting';
import { connectForTest, type TestConnection } from '../testing/connect-for-test';
import { sampleDocument } from '../testing/sample-document';
import { localEndpoints, startVendorServer, type VendorServer } from '../local-sandboxes/vendor-server';
import { qboSystem } from './qbo-system';
import type { QboPort } from './qbo-port';

const codes = { sales: '79', fees: '80', clearing: '90' };
const noWait = { now: () => Date.now(), sleep: () => Promise.resolve() };
let vendors: VendorServer;
let qbo: TestConnection;

beforeAll(async () => {
  vendors = await startVendorServer();
  qbo = await connectForTest(qboSystem, localEndpoints(vendors.url).QBO, { clock: noWait });
});
afterAll(() => vendors.close());
afterEach(() => expect(vendors.qbo.violations).toEqual([]));

describe('QuickBooks Online adapter against the local QBO checked with the V3 XSD', () => {
  it('takes the company (realmId) from the callback and its name from CompanyInfo', () => {
    expect(qbo.remoteId).toBe('9341453012345678');
    expect(qbo.remoteName).toBe('Sandbox Company_US_1 (Local QuickBooks)');
  });

  it('reads accounts, bank accounts, tax codes and classes', async () => {
    const data = await qbo.port.fetchReferenceData();
    expect(data.accounts.find((a) => a.code === '79')).toEqual({ code: '79', name: '4010 Amazon Sales', kind: 'income', path: 'income:Amazon Sales' });
    expect(data.bankAccounts.map((a) => a.code)).toEqual(['35']);
    expect(data.taxRates.map((t) => t.code)).toEqual(['TAX', 'NON']);
    expect(data.trackingCategories).toEqual([{ name: 'Class', options: ['Amazon.com', 'Amazon.ca'] }]);
    expect(vendors.qbo.requests.every((r) => new URLSearchParams(r.query).get('minorversion') === '75')).toBe(true);
  });

  it('posts a balanced JournalEntry whose every field is an element of the XSD', async () => {
    const ref = await qbo.port.postDocument(sampleDocument('qbo-journal-entry', codes, 'AMZ-Q1'), { idempotencyKey: 'acc-1:AMZ-Q1' });
    const sent = vendors.qbo.requests.at(-1)!;
    expect(new URLSearchParams(sent.query).get('requestid')).toBe('acc-1:AMZ-Q1');
    expect(sent.body).toMatchObject({
      DocNumber: 'AMZ-Q1',
      TxnDate: '2026-05-31',
      CurrencyRef: { value: 'USD' },
      Line: [
        { Amount: 1000, DetailType: 'JournalEntryLineDetail', JournalEntryLineDetail: { PostingType: 'Credit', AccountRef: { value: '79' } } },
        { Amount: 150.25, JournalEntryLineDetail: { PostingType: 'Debit', AccountRef: { value: '80' } } },
        { Amount: 849.75, JournalEntryLineDetail: { PostingType: 'Debit', AccountRef: { value: '90' } } },
      ],
    });
    expect(ref).toMatchObject({ remoteType: 'JournalEntry', remoteNumber: 'AMZ-Q1' });
  });

  it('posting the same document twice yields one remote document (requestid), also after a dropped answer', async () => {
    const doc = sampleDocument('qbo-journal-entry', codes, 'AMZ-Q2');
    vendors.addFault({ system: 'qbo', match: 'POST .*journalentry', drop: true });
    const first = await qbo.port.postDocument(doc, { idempotencyKey: 'acc-1:AMZ-Q2' });
    const second = await qbo.port.postDocument(doc, { idempotencyKey: 'acc-1:AMZ-Q2' });
    expect(second.remoteId).toBe(first.remoteId);
    expect(vendors.qbo.documents.filter((d) => d.number === 'AMZ-Q2')).toHaveLength(1);
  });

  it('keeps requestid within 50 characters with a stable digest of a longer key', async () => {
    const key = `acc-1:${'x'.repeat(80)}`;
    const a = await qbo.port.postDocument(sampleDocument('qbo-journal-entry', codes, 'AMZ-Q3'), { idempotencyKey: key });
    const b = await qbo.port.postDocument(sampleDocument('qbo-journal-entry', codes, 'AMZ-Q3'), { idempotencyKey: key });
    expect(b.remoteId).toBe(a.remoteId);
  });

  it('explains a Fault with code 2500 (an account that is not in the company)', async () => {
    const error = await qbo.port.postDocument(sampleDocument('qbo-journal-entry', { ...codes, fees: '999' }, 'AMZ-Q4'), { idempotencyKey: 'k-q4' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountingError);
    expect((error as AccountingError).failure.message).toBe(
      'An account or tax code in the mappings no longer exists in QuickBooks: refresh the chart of accounts and check the mappings: Invalid Reference Id : Accounts element id 999 not found (field Line.JournalEntryLineDetail.AccountRef) [code 2500].',
    );
  });

  it('refreshes an expired token (rolling refresh token: the newest is kept)', async () => {
    const before = qbo.tokens.refreshToken;
    vendors.qbo.oauth.expireAccessTokens();
    await qbo.port.fetchReferenceData();
    expect(qbo.tokens.refreshToken).not.toBe(before);
    expect(vendors.qbo.oauth.log.refreshTokensIssued.at(-1)).toBe(qbo.tokens.refreshToken);
  });

  it('rolls back by deleting the journal entry with its SyncToken', async () => {
    const ref = await qbo.port.postDocument(sampleDocument('qbo-journal-entry', codes, 'AMZ-Q5'), { idempotencyKey: 'k-q5' });
    await qbo.port.rollbackDocument(ref);
    expect(vendors.qbo.documents.find((d) => d.id === ref.remoteId)?.status).toBe('Deleted');
  });
});

describe("the backend playground's queries against the local QBO's query grammar", () => {
  const run = (q: string) => (qbo.port as QboPort).runQuery(q);

  it('answers QueryResponse with the entity, startPosition and maxResults, filtered, ordered and paged', async () => {
    const answer = await run("SELECT * FROM Account WHERE Classification = 'Expense' ORDERBY Name DESC STARTPOSITION 1 MAXRESULTS 1");
    expect(answer.QueryResponse).toEqual({ Account: [expect.objectContaining({ Id: '80', Name: 'Amazon Seller Fees' })], startPosition: 1, maxResults: 1 });
    expect(vendors.qbo.requests.at(-1)!.path).toBe('/v3/company/9341453012345678/query');
  });

  it('answers count(*) with totalCount, and a query that finds nothing with an empty QueryResponse', async () => {
    expect((await run('select count(*) from Account')).QueryResponse).toEqual({ totalCount: 7 });
    expect((await run("select * from Class where Name = 'None'")).QueryResponse).toEqual({});
  });

  it("turns QBO's QueryParserError into an AccountingError with its detail", async () => {
    const error = await run('SELECT * FROM Nothing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountingError);
    expect((error as AccountingError).failure).toMatchObject({ kind: 'validation', message: expect.stringContaining('QueryParserError: Invalid entity name: Nothing') as string });
  });
});
