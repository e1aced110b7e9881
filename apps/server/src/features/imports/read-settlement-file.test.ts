import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReport } from '@ledgerport/core/channels';
import { formatUnits } from '@ledgerport/core/money';
import fs from 'node:fs';
import { openTestDb, type TestDb } from '../../../test/test-db';
import { coreFixture } from '../../../test/settlement-test-server';
import { discardWrittenLines, readSettlementFile } from './read-settlement-file';
import { settleStoredSettlements } from './store-settlements';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
  await testDb.db.deleteFrom('settlements').execute();
});
afterAll(() => testDb.close());

const at = new Date('2026-11-20T00:00:00Z');
const fixture = coreFixture('amazon', 'us-v2-promotion-reserve.txt');
const read = () => readSettlementFile(testDb.db, { path: fixture, fileName: 'us.txt', channel: 'AMAZON', accountKey: 'acme-amazon-us', source: { kind: 'file', at }, batchLines: 2 });

describe('readSettlementFile', () => {
  it('writes every line in a worker thread, in batches, invisible until settled, then as the parser read them', async () => {
    const result = await read();
    expect(result.format).toBe('amazon-v2');
    const key = result.written[0]!.linesKey!;
    const settlements = () => testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '=', 'acme-amazon-us').execute();
    expect(await settlements()).toEqual([]);
    await testDb.db.transaction().execute((trx) => settleStoredSettlements(trx, 'acme-amazon-us', result.written, { kind: 'file', at }));
    expect(await settlements()).toEqual([{ settlement_key: key }]);
    const parsed = await parseReport(new Uint8Array(fs.readFileSync(fixture)), { fileName: 'us.txt' });
    const lines = await testDb.db.selectFrom('settlement_lines').select(['line_no', 'type_key', 'order_id', 'amount', 'source_row']).where('settlement_key', '=', key).orderBy('line_no').execute();
    expect(lines).toEqual(parsed.settlements[0]!.lines.map((l, i) => ({ line_no: i + 1, type_key: l.typeKey, order_id: l.orderId, amount: formatUnits(l.amount), source_row: l.source.row })));
  });

  it('skips the lines of a settlement already stored (a duplicate keeps none), and discards written lines that are not settled', async () => {
    const duplicate = await read();
    expect(duplicate.written[0]!.linesKey).toBeNull();
    expect(duplicate.written[0]!.totals.lineCount).toBe(9);
    await testDb.db.deleteFrom('settlements').where('account_key', '=', 'acme-amazon-us').execute();
    const unsettled = await read();
    const key = unsettled.written[0]!.linesKey!;
    const count = async () => (await testDb.db.selectFrom('settlement_lines').select((eb) => eb.fn.countAll<string>().as('n')).where('settlement_key', '=', key).executeTakeFirstOrThrow()).n;
    expect(await count()).toBe('9');
    await discardWrittenLines(testDb.db, 'acme-amazon-us', unsettled.written);
    expect(await count()).toBe('0');
  });
});
