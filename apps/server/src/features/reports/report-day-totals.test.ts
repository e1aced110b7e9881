/**
 * The report rollup is never stale: after random stores, completions, replacements (redownload),
 * deletes and time-zone changes, report_day_totals equals a recount of every original settlement's
 * lines by account, local day, currency, status, marketplace and type (decision 0029). Runs on PGlite
 * and, with the server-postgres project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { Settlement } from '@ledgerport/core/settlements';
import { openTestDb, type TestDb } from '../../../test/test-db';
import { storeSettlements } from '../imports/store-settlements';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
});
afterAll(() => testDb.close());

const ACCOUNT = 'acme-amazon-us';
const TYPES = ['Order|ItemPrice|Principal', 'Order|ItemFees|Commission', 'Refund|ItemPrice|Principal', 'other-transaction|other-transaction|Storage Fee'];
const DAYS = ['2026-03-31T23:30:00Z', '2026-04-01T03:00:00Z', '2026-04-15T12:00:00Z', '2026-05-01T00:00:00Z'];

const lineArb = fc.record({
  typeKey: fc.constantFrom(...TYPES),
  marketplace: fc.constantFrom('Amazon.com', 'Amazon.ca', null),
  amount: fc.bigInt({ min: -99_999_9999n, max: 99_999_9999n }),
});
const settlementArb = fc.record({
  id: fc.constantFrom('R1', 'R2', 'R3', 'R4'),
  currency: fc.constantFrom('USD', 'CAD'),
  status: fc.constantFrom<'open' | 'closed'>('open', 'closed'),
  end: fc.option(fc.constantFrom(...DAYS), { freq: 6 }),
  lines: fc.array(lineArb, { maxLength: 6 }),
});
type GeneratedSettlement = { id: string; currency: string; status: 'open' | 'closed'; end: string | null; lines: { typeKey: string; marketplace: string | null; amount: bigint }[] };
type Op =
  | { kind: 'store'; s: GeneratedSettlement; api: boolean; replace: boolean }
  | { kind: 'delete'; pick: number }
  | { kind: 'timeZone'; zone: string };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('store' as const), s: settlementArb, api: fc.boolean(), replace: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('timeZone' as const), zone: fc.constantFrom('America/Los_Angeles', 'UTC', 'Asia/Tokyo') }) },
);

function toSettlement(s: GeneratedSettlement): Settlement {
  const sum = s.lines.reduce((a, l) => a + l.amount, 0n);
  return {
    channel: 'AMAZON',
    settlementId: s.id,
    format: 'amazon-v2',
    marketplace: 'Amazon.com',
    currency: s.currency,
    startDate: Date.parse('2026-03-20T00:00:00Z'),
    endDate: s.end === null ? null : Date.parse(s.end),
    depositDate: null,
    total: s.status === 'open' ? null : sum,
    status: s.status,
    sellerId: null,
    sourceFile: 'rollup.txt',
    lines: s.lines.map((l, i) => ({ postedAt: Date.parse('2026-03-25T00:00:00Z'), typeKey: l.typeKey, orderId: `o-${i}`, sku: null, quantity: 1, marketplace: l.marketplace, fulfilmentChannel: null, amount: l.amount, source: { file: 'rollup.txt', row: i + 2 } })),
  };
}

async function apply(db: Kysely<Database>, op: Op): Promise<void> {
  if (op.kind === 'store') {
    await db.transaction().execute((trx) => storeSettlements(trx, ACCOUNT, { settlements: [toSettlement(op.s)], problems: [] }, { kind: op.api ? 'api' : 'file', isReplace: op.replace, at: new Date('2026-11-20T00:00:00Z') }));
  } else if (op.kind === 'delete') {
    const keys = await db.selectFrom('settlements').select('settlement_key').where('account_key', '=', ACCOUNT).orderBy('settlement_key').execute();
    if (keys.length === 0) return;
    // As the delete action does: the row goes, its lines by trigger and its type totals by cascade.
    await db.transaction().execute((trx) => trx.deleteFrom('settlements').where('settlement_key', '=', keys[op.pick % keys.length]!.settlement_key).execute());
  } else {
    await db.updateTable('accounts').set({ time_zone_id: op.zone }).where('account_key', '=', ACCOUNT).execute();
  }
}

type Row = { account_key: string; local_day: string; currency: string; status: string; marketplace: string; type_key: string; amount: string; line_count: string };
const KEY = sql.raw('account_key, local_day, currency, status, marketplace, type_key');

async function rollup(db: Kysely<Database>): Promise<Row[]> {
  return (await sql<Row>`select ${KEY}, amount::text as amount, line_count::text as line_count from report_day_totals order by ${KEY}`.execute(db)).rows;
}

/** The same sums counted from the lines themselves. */
async function recount(db: Kysely<Database>): Promise<Row[]> {
  return (
    await sql<Row>`select * from (
      select s.account_key, to_char((s.end_at at time zone a.time_zone_id)::date, 'YYYY-MM-DD') as local_day, s.currency, s.status,
        coalesce(l.marketplace, '') as marketplace, l.type_key, sum(l.amount)::numeric(20,4)::text as amount, count(*)::text as line_count
      from settlement_lines l join settlements s on s.settlement_key = l.settlement_key join accounts a on a.account_key = s.account_key
      where s.duplicate_of is null and s.end_at is not null
      group by 1, 2, 3, 4, 5, 6) x order by ${KEY}`.execute(db)
  ).rows;
}

describe('report rollup (report_day_totals)', () => {
  it('is backfilled from the seeded settlements', async () => {
    const rows = await rollup(testDb.db);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(await recount(testDb.db));
  });

  it('equals a recount from the lines after random stores, replacements, deletes and time-zone changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const op of ops) await apply(testDb.db, op);
        expect(await rollup(testDb.db)).toEqual(await recount(testDb.db));
      }),
      { numRuns: 12 },
    );
  });
});
