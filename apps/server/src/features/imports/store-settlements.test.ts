import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { parseReport } from '@ledgerport/core/channels';
import type { Settlement } from '@ledgerport/core/settlements';
import { openTestDb, type TestDb } from '../../../test/test-db';
import { coreFixture } from '../../../test/settlement-test-server';
import { storeSettlements } from './store-settlements';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
  await testDb.db.deleteFrom('settlements').execute();
});
afterAll(() => testDb.close());

const at = new Date('2026-11-20T00:00:00Z');
const line = (amount: bigint, row: number): Settlement['lines'][number] => ({
  postedAt: Date.UTC(2026, 10, row),
  typeKey: 'Sale',
  orderId: `#${row}`,
  sku: null,
  quantity: 1,
  marketplace: null,
  fulfilmentChannel: null,
  amount,
  source: { file: 'etsy.csv', row },
});
const etsy = (status: 'open' | 'closed', lines: Settlement['lines'], total: bigint | null): Settlement => ({
  channel: 'ETSY',
  settlementId: 'open:2026-11',
  format: 'etsy-statement',
  marketplace: null,
  currency: 'USD',
  startDate: Date.UTC(2026, 10, 1),
  endDate: null,
  depositDate: null,
  total,
  status,
  sellerId: null,
  sourceFile: 'etsy.csv',
  lines,
});

describe('storeSettlements', () => {
  it('completes a stored open settlement with later data instead of duplicating it', async () => {
    const first = await testDb.db.transaction().execute((trx) => storeSettlements(trx, 'trial-etsy', { settlements: [etsy('open', [line(10_0000n, 2)], null)], problems: [] }, { kind: 'file', at }));
    expect(first.settlements[0]).toMatchObject({ outcome: 'created', lineCount: 1 });
    const second = await testDb.db.transaction().execute((trx) =>
      storeSettlements(trx, 'trial-etsy', { settlements: [etsy('closed', [line(10_0000n, 2), line(5_0000n, 3)], 15_0000n)], problems: [] }, { kind: 'api', reportId: 'dep-1', at }),
    );
    expect(second.settlements[0]).toMatchObject({ outcome: 'completed', settlementKey: first.settlements[0]!.settlementKey, lineCount: 2 });
    const rows = await testDb.db.selectFrom('settlements').select(['status', 'total', 'line_count', 'source_kind', 'report_id']).where('account_key', '=', 'trial-etsy').execute();
    expect(rows).toEqual([{ status: 'closed', total: '15.0000', line_count: 2, source_kind: 'api', report_id: 'dep-1' }]);
    // The completed settlement's lines and totals are the new ones only, under its key.
    const key = first.settlements[0]!.settlementKey;
    const lines = await testDb.db.selectFrom('settlement_lines').select(['settlement_key', 'line_no', 'amount']).where('account_key', '=', 'trial-etsy').orderBy('line_no').execute();
    expect(lines).toEqual([{ settlement_key: key, line_no: 1, amount: '10.0000' }, { settlement_key: key, line_no: 2, amount: '5.0000' }]);
    const totals = await testDb.db.selectFrom('settlement_type_totals').select(['type_key', 'marketplace', 'amount', 'line_count']).where('settlement_key', '=', key).execute();
    expect(totals).toEqual([{ type_key: 'Sale', marketplace: null, amount: '15.0000', line_count: 2 }]);
    // Its order ids likewise: the new data's, under its key, and nothing left under the key they were written with.
    const refs = await testDb.db.selectFrom('settlement_refs').select(['kind', 'value', 'settlement_key']).where('account_key', '=', 'trial-etsy').orderBy('value').execute();
    expect(refs).toEqual([{ kind: 'order', value: '#2', settlement_key: key }, { kind: 'order', value: '#3', settlement_key: key }]);
    // Deleting the settlement deletes its lines and refs with it.
    await testDb.db.deleteFrom('settlements').where('settlement_key', '=', key).execute();
    expect(await testDb.db.selectFrom('settlement_lines').select('line_no').where('account_key', '=', 'trial-etsy').execute()).toEqual([]);
    expect(await testDb.db.selectFrom('settlement_refs').select('value').where('account_key', '=', 'trial-etsy').execute()).toEqual([]);
  });

  it('stores the sums by type and marketplace beside the settlement, equal to its lines grouped, and none for a duplicate', async () => {
    const result = await parseReport(new Uint8Array(fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'))), { fileName: 'us.txt' });
    const stored = await testDb.db.transaction().execute((trx) => storeSettlements(trx, 'acme-amazon-ca', result, { kind: 'file', at }));
    const again = await testDb.db.transaction().execute((trx) => storeSettlements(trx, 'acme-amazon-ca', result, { kind: 'file', at }));
    expect(again.settlements.map((s) => s.outcome)).toEqual(['duplicate']);
    const key = stored.settlements[0]!.settlementKey;
    const totals = await testDb.db
      .selectFrom('settlement_type_totals')
      .select(['settlement_key', 'type_key', 'marketplace', 'amount', 'line_count'])
      .where('settlement_key', 'in', [key, again.settlements[0]!.settlementKey])
      .orderBy('type_key')
      .orderBy('marketplace')
      .execute();
    const grouped = await testDb.db
      .selectFrom('settlement_lines')
      .select(['settlement_key', 'type_key', 'marketplace', sql<string>`sum(amount)::text`.as('amount'), sql<number>`count(*)::int`.as('line_count')])
      .where('settlement_key', '=', key)
      .groupBy(['settlement_key', 'type_key', 'marketplace'])
      .orderBy('type_key')
      .orderBy('marketplace')
      .execute();
    expect(totals.length).toBeGreaterThan(1);
    expect(totals).toEqual(grouped);
    // The distinct order ids and SKUs are stored beside it (the order search reads them); a duplicate has none.
    const refs = await testDb.db.selectFrom('settlement_refs').select(['kind', 'value', 'settlement_key']).where('account_key', '=', 'acme-amazon-ca').orderBy('kind').orderBy('value').execute();
    const distinct = await testDb.db
      .selectFrom('settlement_lines')
      .select([sql<string>`'order'`.as('kind'), 'order_id as value', 'settlement_key'])
      .distinct()
      .where('settlement_key', '=', key)
      .where('order_id', 'is not', null)
      .union(testDb.db.selectFrom('settlement_lines').select([sql<string>`'sku'`.as('kind'), 'sku as value', 'settlement_key']).distinct().where('settlement_key', '=', key).where('sku', 'is not', null))
      .orderBy('kind')
      .orderBy('value')
      .execute();
    expect(refs.length).toBeGreaterThan(1);
    expect(refs).toEqual(distinct);
  });

  it('stores nothing from a result with problems unless the readable settlements are chosen', async () => {
    const result = await parseReport(new Uint8Array(fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'))), { fileName: 'us.txt' });
    const withProblem = { settlements: result.settlements, problems: [{ file: 'us.txt', row: 4, column: 'amount', message: 'bad amount' }] };
    const refused = await testDb.db.transaction().execute((trx) => storeSettlements(trx, 'acme-amazon-us', withProblem, { kind: 'file', at }));
    expect(refused).toEqual({ isStored: false, settlements: [] });
    expect(await testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '=', 'acme-amazon-us').execute()).toEqual([]);
    const loaded = await testDb.db.transaction().execute((trx) => storeSettlements(trx, 'acme-amazon-us', withProblem, { kind: 'file', loadReadable: true, at }));
    expect(loaded.settlements.map((s) => s.outcome)).toEqual(['created']);
    const lines = await testDb.db.selectFrom('settlement_lines').select(['line_no', 'amount', 'source_row', 'source_file']).where('settlement_key', '=', loaded.settlements[0]!.settlementKey).orderBy('line_no').execute();
    expect(lines).toHaveLength(9);
    expect(lines[0]).toEqual({ line_no: 1, amount: '49.9900', source_row: 3, source_file: null });
  });
});
