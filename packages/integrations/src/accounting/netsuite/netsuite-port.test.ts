import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountingError } from '@ledgerport/core/posting';
import { connectForTest, type TestConnection } from '../testing/connect-for-test';
import { sampleDocument } from '../testing/sample-document';
import { localEndpoints, startVendorServer, type VendorServer } from '../local-sandboxes/vendor-server';
import { netSuiteSystem } from './netsuite-system';
import { isNetSuitePort, toNetSuiteJournalEntry, type NetSuitePort } from './netsuite-port';

const codes = { sales: '54', fees: '67', clearing: '120' };
let vendors: VendorServer;
let ns: TestConnection;

beforeAll(async () => {
  vendors = await startVendorServer();
  ns = await connectForTest(netSuiteSystem, localEndpoints(vendors.url).NETSUITE, { settings: { accountId: 'TSTDRV123', subsidiaryId: '1' }, clock: { now: () => Date.now(), sleep: () => Promise.resolve() } });
});
afterAll(() => vendors.close());
afterEach(() => expect(vendors.netsuite.violations).toEqual([]));

describe('NetSuite adapter against the local NetSuite', () => {
  it('reads accounts with SuiteQL; journal entries carry no tax codes', async () => {
    const data = await ns.port.fetchReferenceData();
    expect(data.accounts.map((a) => a.code)).toEqual(['54', '67', '120']);
    expect(data.bankAccounts.map((a) => a.code)).toEqual(['1']);
    expect(data.taxRates).toEqual([]);
  });

  it('upserts by externalId: the same document twice yields one journal entry', async () => {
    const doc = sampleDocument('netsuite-journal-entry', codes, 'AMZ-N1');
    vendors.addFault({ system: 'netsuite', match: 'PUT ', drop: true });
    const first = await ns.port.postDocument(doc, { idempotencyKey: 'acc-1:AMZ-N1' });
    const second = await ns.port.postDocument(doc, { idempotencyKey: 'acc-1:AMZ-N1' });
    expect(second).toMatchObject({ remoteId: first.remoteId, isReplay: true });
    expect(vendors.netsuite.documents).toHaveLength(1);
    expect(vendors.netsuite.documents[0]!.body).toMatchObject({ externalId: 'acc-1:AMZ-N1', subsidiary: { id: '1' }, line: { items: [{ account: { id: '54' }, credit: 1000 }, { debit: 150.25 }, { debit: 849.75 }] } });
  });

  it('reads the subsidiaries (no elimination or inactive ones), departments, classes and locations with SuiteQL', async () => {
    const port = ns.port as NetSuitePort;
    expect(isNetSuitePort(port)).toBe(true);
    const segments = await port.fetchSegments();
    expect(segments.subsidiaries).toEqual([{ id: '1', name: 'Honeycomb Holdings Inc.' }, { id: '2', name: 'Honeycomb Holdings Inc. : Honeycomb UK Ltd' }]);
    expect(segments.departments.map((d) => d.name)).toEqual(['Sales', 'Sales : E-commerce']);
    expect(segments.classes.map((c) => c.id)).toEqual(['1', '2']);
    expect(segments.locations).toEqual([{ id: '1', name: 'Main Warehouse' }, { id: '6', name: 'Main Warehouse : Amazon FBA' }]);
  });

  it('a journal entry carries the chosen department, class and location on its body and every line', async () => {
    const chosen = await connectForTest(netSuiteSystem, localEndpoints(vendors.url).NETSUITE, { settings: { accountId: 'TSTDRV123', subsidiaryId: '2', departmentId: '2', classId: '2', locationId: '6' }, clock: { now: () => Date.now(), sleep: () => Promise.resolve() } });
    await chosen.port.postDocument(sampleDocument('netsuite-journal-entry', codes, 'AMZ-N3'), { idempotencyKey: 'acc-1:AMZ-N3' });
    const body = vendors.netsuite.documents.find((d) => (d.body as { externalId?: string }).externalId === 'acc-1:AMZ-N3')!.body as { line: { items: object[] } };
    const refs = { department: { id: '2' }, class: { id: '2' }, location: { id: '6' } };
    expect(body).toMatchObject({ subsidiary: { id: '2' }, ...refs });
    expect(body.line.items).toHaveLength(3);
    for (const line of body.line.items) expect(line).toMatchObject(refs);
  });

  it('a journal entry without choices carries no department, class or location; NetSuite refuses an unknown one by name', async () => {
    expect(toNetSuiteJournalEntry(sampleDocument('netsuite-journal-entry', codes, 'AMZ-N4'), 'k', {})).not.toHaveProperty('location');
    const wrong = await connectForTest(netSuiteSystem, localEndpoints(vendors.url).NETSUITE, { settings: { accountId: 'TSTDRV123', locationId: '99' }, clock: { now: () => Date.now(), sleep: () => Promise.resolve() } });
    const error = await wrong.port.postDocument(sampleDocument('netsuite-journal-entry', codes, 'AMZ-N5'), { idempotencyKey: 'k-n5' }).catch((e: unknown) => e);
    expect((error as AccountingError).failure.message).toBe('NetSuite refused the journal entry: Invalid location reference key 99. (field location)');
  });

  it("turns NetSuite's o:errorDetails into a sentence naming the field", async () => {
    const error = await ns.port.postDocument(sampleDocument('netsuite-journal-entry', { ...codes, fees: '9' }, 'AMZ-N2'), { idempotencyKey: 'k-n2' }).catch((e: unknown) => e);
    expect((error as AccountingError).failure.message).toBe('NetSuite refused the journal entry: Invalid account reference key 9. (field line.items[1].account)');
  });
});

describe("the backend console's reads against the local NetSuite", () => {
  const port = () => ns.port as NetSuitePort;

  it('pages a SuiteQL answer by limit and offset, with hasMore and totalResults', async () => {
    const first = await port().suiteQlPage('SELECT id, acctnumber FROM account ORDER BY id', 3, 0);
    expect(first).toMatchObject({ hasMore: true, count: 3, offset: 0, totalResults: 4 });
    expect(first.items.map((i) => i.id)).toEqual(['1', '54', '67']);
    const second = await port().suiteQlPage('SELECT id, acctnumber FROM account ORDER BY id', 3, 3);
    expect(second).toMatchObject({ hasMore: false, count: 1, offset: 3 });
    expect(second.items).toEqual([{ links: [], id: '120', acctnumber: '1210' }]);
  });

  it('reads one record through the REST record API', async () => {
    expect(await port().getRecord('subsidiary', '2')).toMatchObject({ id: '2', name: 'Honeycomb UK Ltd' });
  });

  it('says NetSuite refused the query, not a journal entry, for a bad query', async () => {
    const error = await port().suiteQlPage('SELECT nope FROM account', 10, 0).catch((e: unknown) => e);
    expect((error as AccountingError).failure.message).toBe("NetSuite refused the query: Invalid search query. Search error occurred: Field 'nope' for record 'account' was not found.");
  });
});

