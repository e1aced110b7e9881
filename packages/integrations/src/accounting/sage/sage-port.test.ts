import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountingError } from '@ledgerport/core/posting';
import { connectForTest, type TestConnection } from '../testing/connect-for-test';
import { sampleDocument } from '../testing/sample-document';
import { localEndpoints, startVendorServer, type VendorServer } from '../local-sandboxes/vendor-server';
import { sageSystem } from './sage-system';

const codes = { sales: 'la-4000', fees: 'la-7500', clearing: 'la-1210' };
let vendors: VendorServer;
let sage: TestConnection;

beforeAll(async () => {
  vendors = await startVendorServer();
  sage = await connectForTest(sageSystem, localEndpoints(vendors.url).SAGE, { clock: { now: () => Date.now(), sleep: () => Promise.resolve() } });
});
afterAll(() => vendors.close());
afterEach(() => expect(vendors.sage.violations).toEqual([]));

describe('Sage adapter against the local Sage', () => {
  it('selects the lead business and sends it as X-Business', async () => {
    expect(sage.remoteName).toBe('Local Sage Business Ltd');
    const data = await sage.port.fetchReferenceData();
    expect(data.bankAccounts.map((a) => a.code)).toEqual(['la-1200']);
    expect(data.taxRates.map((t) => t.code)).toEqual(['GB_STANDARD', 'GB_NO_TAX']);
  });

  it('looks the reference up before creating: the same sales invoice twice yields one', async () => {
    const doc = sampleDocument('sage-sales-invoice', codes, 'AMZ-S1');
    const first = await sage.port.postDocument(doc, { idempotencyKey: 'k-s1' });
    const second = await sage.port.postDocument(doc, { idempotencyKey: 'k-s1' });
    expect(second).toMatchObject({ remoteId: first.remoteId, isReplay: true });
    expect(vendors.sage.documents.filter((d) => d.number === 'AMZ-S1')).toHaveLength(1);
  });

  it('posts a balanced journal with debit and credit on every line', async () => {
    const ref = await sage.port.postDocument(sampleDocument('manual-journal', codes, 'AMZ-S2'), { idempotencyKey: 'k-s2' });
    const body = vendors.sage.documents.find((d) => d.id === ref.remoteId)!.body as { journal_lines: { debit: number; credit: number }[] };
    expect(body.journal_lines.map((l) => [l.debit, l.credit])).toEqual([[0, 1000], [150.25, 0], [849.75, 0]]);
  });

  it("turns Sage's error list into a sentence", async () => {
    const error = await sage.port.postDocument(sampleDocument('sage-sales-invoice', { ...codes, fees: 'la-nope' }, 'AMZ-S3'), { idempotencyKey: 'k-s3' }).catch((e: unknown) => e);
    expect((error as AccountingError).failure).toMatchObject({ kind: 'validation', message: 'Sage refused the document: Ledger account la-nope was not found (field ledger_account_id)' });
  });
});
