/**
 * Reads a stored settlement back into core's Settlement (header and lines) for the posting engine,
 * and the account-scoped lookup every settlement call starts with (another account's key: not found).
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SettlementLinesTable, SettlementsTable } from '@ledgerport/db';
import { errorMessages } from '@ledgerport/contract';
import { decimalToUnits } from '@ledgerport/core/money';
import type { Channel, Settlement, SettlementLine } from '@ledgerport/core/settlements';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import { accountLevelOf, assertAllowed } from '../accounts/account-access';

export type SettlementRow = Selectable<SettlementsTable>;

/**
 * Every column of settlements, spelled out for statements that are prepared (a prepared `select *`
 * fails once the table gains a column); a new column of SettlementsTable fails the typecheck until listed.
 */
const SETTLEMENT_COLUMN_NAMES = Object.keys({
    settlement_key: true, account_key: true, settlement_id: true, sales_source: true, format: true, marketplace: true, channel: true, gateway: true, currency: true, start_at: true, end_at: true, deposit_at: true, total: true, status: true, seller_id: true, lines_total: true, line_count: true, inconsistent: true, difference: true, inconsistency_reason: true, duplicate_key: true, duplicate_of: true, source_kind: true, source_file: true, report_id: true, import_id: true, posting_status: true, posted_to_xero: true, cogs_posting_status: true, cogs_posted: true, cogs_invoices_total: true, cogs_currency: true, all_product_costs_available: true, flags_set: true, on_hold: true, on_hold_reason: true, on_hold_date: true, on_hold_cause: true, hold_released_at: true, hold_released_by: true, taxes_mapped: true, accounts_mapped: true, is_single_order: true, is_deferred_transaction: true, send_state: true, posting_error: true, posting_error_at: true, search_text: true, created_at: true, updated_at: true,
  } satisfies Record<keyof SettlementsTable, true>) as (keyof SettlementsTable)[];

/** Every column of the settlements table aliased `s`, as one piece of SQL (nothing parsed per request). */
export const SETTLEMENT_COLUMNS_OF_S = sql.raw(SETTLEMENT_COLUMN_NAMES.map((c) => `s.${c}`).join(', '));

/**
 * The settlement if the caller may open its account (otherwise settlement.not-found: no existence
 * leak), and may do there what the route does (otherwise 403, see assertAllowed).
 */
export async function getSettlementForCaller(db: Kysely<Database>, caller: Caller, settlementKey: string): Promise<SettlementRow> {
  const row = await db.selectFrom('settlements').selectAll().where('settlement_key', '=', settlementKey).executeTakeFirst();
  const level = row ? await accountLevelOf(db, caller, row.account_key) : null;
  if (!row || level === null) throw new AppError('settlement.not-found', errorMessages.settlementNotFound, { settlementKey });
  assertAllowed(caller, level, { settlementKey });
  return row;
}

export type SettlementLineRow = Selectable<SettlementLinesTable>;
/** The columns of a line settlementFromRows reads. */
export type SettlementLineInput = Pick<SettlementLineRow, 'posted_at' | 'type_key' | 'order_id' | 'sku' | 'quantity' | 'marketplace' | 'fulfilment_channel' | 'amount' | 'description' | 'source_file' | 'source_row'>;

export async function loadSettlement(db: Kysely<Database>, row: SettlementRow): Promise<Settlement> {
  // A duplicate has no lines of its own: its lines are the original's.
  const linesKey = row.duplicate_of ?? row.settlement_key;
  const lines = await db.selectFrom('settlement_lines').selectAll().where('account_key', '=', row.account_key).where('settlement_key', '=', linesKey).orderBy('line_no').execute();
  return settlementFromRows(row, lines);
}

/**
 * Lines read per statement by forEachStoredLine: what another request may wait behind. Reading and
 * summing a page of 10,000 lines held the event loop about 40 ms, and other accounts' requests waited
 * that long (p50 60 ms beside 10 ms) while a 2.3-million-line settlement was opened or sent.
 */
const LINE_PAGE = 2_000;

/**
 * Hands a stored settlement's lines to `visit` in line order, a page at a time (keyset on line_no),
 * letting other requests run between pages: a 2.3-million-line settlement is never in memory, and
 * never one statement. The posting time comes as epoch milliseconds (a number, no Date parsed per line).
 */
export async function forEachStoredLine(db: Kysely<Database>, row: SettlementRow, visit: (line: SettlementLine) => void, firstPage?: FirstLinePage): Promise<void> {
  // A duplicate has no lines of its own: its lines are the original's.
  const linesKey = row.duplicate_of ?? row.settlement_key;
  let start = 0;
  if (firstPage !== undefined) {
    // The first page came with the caller's own statement (FIRST_LINE_PAGE_OF_S): one round trip fewer.
    const lines = firstPage ?? [];
    for (const t of lines) visit(lineOfTuple(t, row.source_file));
    if (lines.length < LINE_PAGE) return;
    start = LINE_PAGE;
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (let after = start; ; ) {
    const page = await db
      .selectFrom('settlement_lines')
      .select(['type_key', 'order_id', 'sku', 'quantity', 'marketplace', 'fulfilment_channel', 'amount', 'description', 'source_file', 'source_row'])
      .select(sql<number | null>`(extract(epoch from posted_at) * 1000)::float8`.as('posted_ms'))
      .where('account_key', '=', row.account_key)
      .where('settlement_key', '=', linesKey)
      // Both bounds: line numbers run 1..n without gaps, so the page is exactly its rows even when the
      // planner's statistics do not know the settlement yet (with only a lower bound and a limit, a
      // bitmap scan read and sorted every later line for each page).
      .where('line_no', '>', after)
      .where('line_no', '<=', after + LINE_PAGE)
      .orderBy('line_no')
      .execute();
    for (const l of page) visit(lineOf(l, l.posted_ms, row.source_file));
    if (page.length < LINE_PAGE) return;
    after += LINE_PAGE;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A stored line as one JSON array, in FIRST_LINE_PAGE_OF_S's order (the amount as exact text). */
export type StoredLineTuple = [typeKey: string, orderId: string | null, sku: string | null, quantity: number | null, marketplace: string | null, fulfilmentChannel: string | null, amount: string, description: string | null, sourceFile: string | null, sourceRow: number, postedMs: number | null];
/** The first page of a settlement's lines read by the caller's statement (null: the settlement has none). */
export type FirstLinePage = StoredLineTuple[] | null;

/**
 * The first LINE_PAGE lines of the settlement aliased `s` (a duplicate's are the original's) as one
 * JSON array of StoredLineTuple, to put in a statement that reads the settlement: forEachStoredLine
 * then reads only what follows, so a settlement of up to LINE_PAGE lines costs no statement of its own.
 */
export const FIRST_LINE_PAGE_OF_S = sql.raw(`(select json_agg(json_build_array(l.type_key, l.order_id, l.sku, l.quantity, l.marketplace, l.fulfilment_channel, l.amount::text, l.description, l.source_file, l.source_row, (extract(epoch from l.posted_at) * 1000)::float8) order by l.line_no)
    from settlement_lines l where l.account_key = s.account_key and l.settlement_key = coalesce(s.duplicate_of, s.settlement_key) and l.line_no <= ${LINE_PAGE})`);

function lineOfTuple(t: StoredLineTuple, sourceFile: string): SettlementLine {
  return {
    postedAt: t[10],
    typeKey: t[0],
    orderId: t[1],
    sku: t[2],
    quantity: t[3],
    marketplace: t[4],
    fulfilmentChannel: t[5],
    amount: decimalToUnits(t[6]),
    description: t[7],
    source: { file: t[8] ?? sourceFile, row: t[9] },
  };
}

const lineFromRow = (l: SettlementLineInput, sourceFile: string): SettlementLine => lineOf(l, l.posted_at ? l.posted_at.getTime() : null, sourceFile);

function lineOf(l: Omit<SettlementLineInput, 'posted_at'>, postedAt: number | null, sourceFile: string): SettlementLine {
  return {
    postedAt,
    typeKey: l.type_key,
    orderId: l.order_id,
    sku: l.sku,
    quantity: l.quantity,
    marketplace: l.marketplace,
    fulfilmentChannel: l.fulfilment_channel,
    amount: decimalToUnits(l.amount),
    description: l.description,
    source: { file: l.source_file ?? sourceFile, row: l.source_row },
  };
}

/** Core's Settlement from its stored header and lines (in line order). */
export function settlementFromRows(row: SettlementRow, lines: SettlementLineInput[]): Settlement {
  return {
    channel: row.sales_source as Channel,
    settlementId: row.settlement_id,
    format: row.format,
    marketplace: row.marketplace,
    currency: row.currency,
    startDate: row.start_at ? row.start_at.getTime() : null,
    endDate: row.end_at ? row.end_at.getTime() : null,
    depositDate: row.deposit_at ? row.deposit_at.getTime() : null,
    total: row.total === null ? null : decimalToUnits(row.total),
    status: row.status,
    sellerId: row.seller_id,
    sourceFile: row.source_file,
    lines: lines.map((l) => lineFromRow(l, row.source_file)),
  };
}
