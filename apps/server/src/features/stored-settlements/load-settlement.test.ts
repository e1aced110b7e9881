/**
 * forEachStoredLine reads the same lines, in the same order, whether the first page came with the
 * caller's statement (FIRST_LINE_PAGE_OF_S, as the settlement detail reads it) or not: for a
 * settlement of one line, of exactly a page, and of more than a page, and for a duplicate (whose lines
 * are its original's).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettlementLine } from '@ledgerport/core/settlements';
import { openTestDb, type TestDb } from '../../../test/test-db';
import { FIRST_LINE_PAGE_OF_S, forEachStoredLine, type FirstLinePage, type SettlementRow } from './load-settlement';

let testDb: TestDb;
const ACCOUNT = 'acme-amazon-us';

async function storeSettlement(key: string, lineCount: number, duplicateOf: string | null = null): Promise<void> {
  const { db } = testDb;
  await db
    .insertInto('settlements')
    .values({ settlement_key: key, account_key: ACCOUNT, settlement_id: key, sales_source: 'AMAZON', format: 'amazon-v2', marketplace: 'Amazon.com', channel: 'Amazon.com', currency: 'USD', total: '0', lines_total: '0', status: 'closed', line_count: duplicateOf ? 0 : lineCount, duplicate_key: `test:${key}`, duplicate_of: duplicateOf, source_kind: 'file', source_file: 'lines.txt', posting_status: 'NOT_POSTED', search_text: key } as never)
    .execute();
  if (duplicateOf) return;
  await sql`insert into settlement_lines (settlement_key, line_no, account_key, posted_at, type_key, order_id, sku, quantity, marketplace, fulfilment_channel, amount, description, source_row)
    select ${key}, n, ${ACCOUNT}, timestamptz '2026-03-01 00:00:00.123+00' + n * interval '61 seconds', (array['Order|ItemPrice|Principal','Order|ItemFees|Commission'])[n % 2 + 1],
      case when n % 3 = 0 then null else 'O-' || n end, case when n % 5 = 0 then null else 'SKU-' || (n % 7) end, case when n % 2 = 0 then n % 4 else null end,
      'Amazon.com', case when n % 4 = 0 then null else 'AFN' end, ((n * 7919) % 20000 - 6000)::numeric / 10000, case when n % 6 = 0 then 'memo ' || n else null end, n + 1
    from generate_series(1, ${lineCount}) n`.execute(db);
}

async function read(key: string, withFirstPage: boolean): Promise<SettlementLine[]> {
  const { rows } = await sql<SettlementRow & { first_lines: FirstLinePage }>`select s.*, ${FIRST_LINE_PAGE_OF_S} as first_lines from settlements s where s.settlement_key = ${key}`.execute(testDb.db);
  const { first_lines: firstLines, ...row } = rows[0]!;
  const lines: SettlementLine[] = [];
  await forEachStoredLine(testDb.db, row, (l) => void lines.push(l), withFirstPage ? firstLines : undefined);
  return lines;
}

beforeAll(async () => {
  testDb = await openTestDb();
  await storeSettlement('lines-1', 1);
  await storeSettlement('lines-2000', 2000);
  await storeSettlement('lines-4321', 4321);
  await storeSettlement('lines-dup', 0, 'lines-4321');
}, 120_000);
afterAll(() => testDb.close());

describe('forEachStoredLine with the first page from the caller', () => {
  it.each([
    ['one line', 'lines-1', 1],
    ['exactly one page', 'lines-2000', 2000],
    ['more than two pages', 'lines-4321', 4321],
    ['a duplicate (its original lines)', 'lines-dup', 4321],
  ])('reads %s the same as page by page', async (_, key, count) => {
    const paged = await read(key, false);
    const withFirst = await read(key, true);
    expect(paged).toHaveLength(count);
    expect(withFirst).toEqual(paged);
    expect(paged[0]).toMatchObject({ source: { file: 'lines.txt', row: 2 } });
    expect(paged.some((l) => l.postedAt !== null && l.postedAt % 1000 === 123)).toBe(true);
  });
});
