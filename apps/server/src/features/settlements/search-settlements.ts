/**
 * The paginated settlement search: `paginatedSearchCriteriaClause` (groups ANDed, criteria in a
 * group ORed) turned into one parameterised SQL condition over an allow-list of columns. Exactly one
 * group must be `accountKey eq`, the account searched (the caller's access to it is checked).
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { prepared, type Database } from '@ledgerport/db';
import { errorMessages, type SearchCriterion, type SettlementFilterKey } from '@ledgerport/contract';
import { formatUnits } from '@ledgerport/core/money';
import { parseIsoInstant, readSearchAmount } from '@ledgerport/core/rules';
import { AppError } from '../../http/app-error';
import { userExists } from '../../http/caller';
import { SETTLEMENT_COLUMNS_OF_S, type SettlementRow } from '../stored-settlements/load-settlement';
import { userMayOpen } from '../accounts/account-access';

const COLUMNS: Record<Exclude<SettlementFilterKey, 'text' | 'order' | 'flagsSet'>, { column: string; kind: 'text' | 'time' | 'money' | 'bool' }> = {
  accountKey: { column: 'account_key', kind: 'text' },
  datastoreKey: { column: 'settlement_key', kind: 'text' },
  keyAsString: { column: 'settlement_key', kind: 'text' },
  settlementId: { column: 'settlement_id', kind: 'text' },
  start: { column: 'start_at', kind: 'time' },
  end: { column: 'end_at', kind: 'time' },
  depositDate: { column: 'deposit_at', kind: 'time' },
  created: { column: 'created_at', kind: 'time' },
  total: { column: 'total', kind: 'money' },
  channel: { column: 'channel', kind: 'text' },
  gateway: { column: 'gateway', kind: 'text' },
  currency: { column: 'currency', kind: 'text' },
  salesSource: { column: 'sales_source', kind: 'text' },
  reportId: { column: 'report_id', kind: 'text' },
  salesChannelReportId: { column: 'report_id', kind: 'text' },
  postingStatus: { column: 'posting_status', kind: 'text' },
  cogsPostingStatus: { column: 'cogs_posting_status', kind: 'text' },
  duplicateOf: { column: 'duplicate_of', kind: 'text' },
  inconsistent: { column: 'inconsistent', kind: 'bool' },
  onHold: { column: 'on_hold', kind: 'bool' },
  status: { column: 'status', kind: 'text' },
  marketplace: { column: 'marketplace', kind: 'text' },
  isSingleOrder: { column: 'is_single_order', kind: 'bool' },
  isDeferredTransactionSettlement: { column: 'is_deferred_transaction', kind: 'bool' },
  sourceKind: { column: 'source_kind', kind: 'text' },
};

const SORTS: Record<string, string> = {
  start: 'start_at',
  end: 'end_at',
  depositDate: 'deposit_at',
  created: 'created_at',
  updated: 'updated_at',
  total: 'total',
  channel: 'channel',
  currency: 'currency',
  postingStatus: 'posting_status',
  settlementId: 'settlement_id',
};

const invalid = (message: string, where: string) => new AppError('settlement.search-invalid', `${message} (${where})`, { where });

/** The account of the search: the one group that is a single accountKey eq criterion. */
export function accountOfSearch(clause: SearchCriterion[][]): string {
  const groups = clause.filter((g) => g.length === 1 && g[0]?.filterKey === 'accountKey' && g[0].operation === 'eq' && typeof g[0].value === 'string');
  if (groups.length !== 1) throw invalid('The search needs exactly one criterion accountKey eq <account key> in a group of its own', 'paginatedSearchCriteriaClause');
  return groups[0]![0]!.value as string;
}

function scalar(c: SearchCriterion, where: string, kind: 'text' | 'time' | 'money' | 'bool'): unknown {
  const v = c.value;
  if (v === undefined || v === null || Array.isArray(v)) throw invalid(`Operation ${c.operation} on ${c.filterKey} needs one value`, where);
  if (kind === 'bool') {
    if (v === true || v === 'true') return true;
    if (v === false || v === 'false') return false;
    throw invalid(`${c.filterKey} is true or false, not ${JSON.stringify(v)}`, where);
  }
  if (kind === 'time') {
    const ms = typeof v === 'string' ? parseIsoInstant(v) : undefined;
    if (ms === undefined) throw invalid(`${c.filterKey} needs a date like 2026-11-23 or an ISO timestamp, not ${JSON.stringify(v)}`, where);
    return new Date(ms).toISOString();
  }
  if (kind === 'money') {
    const text = String(v);
    if (!/^-?\d{1,16}(\.\d{1,4})?$/.test(text)) throw invalid(`${c.filterKey} needs an amount like 12.34, not ${JSON.stringify(v)}`, where);
    return text;
  }
  return String(v);
}

const OPS: Record<string, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };

function condition(c: SearchCriterion, where: string): RawBuilder<SqlBool> {
  if (c.joinTableName !== undefined && c.filterKey !== 'order') throw invalid(`joinTableName 'lines' only goes with filterKey order`, where);
  if (c.filterKey === 'flagsSet') {
    if (c.operation !== 'jpcbtrue' && c.operation !== 'jpcbntrue') throw invalid('flagsSet takes jpcbtrue or jpcbntrue with a flag name', where);
    const name = scalar(c, where, 'text') as string;
    const isTrue = sql<SqlBool>`coalesce((s.flags_set ->> ${name})::boolean, false)`;
    return c.operation === 'jpcbtrue' ? isTrue : sql<SqlBool>`not ${isTrue}`;
  }
  if (c.operation === 'jpcbtrue' || c.operation === 'jpcbntrue') throw invalid(`${c.operation} only applies to flagsSet`, where);
  if (c.filterKey === 'text') {
    if (c.operation !== 'like' && c.operation !== 'eq') throw invalid('text takes like (contains)', where);
    return textCondition(String(scalar(c, where, 'text')));
  }
  if (c.filterKey === 'order') {
    if (c.operation !== 'eq' && c.operation !== 'like') throw invalid('order takes eq or like', where);
    const v = String(scalar(c, where, 'text'));
    const match = c.operation === 'eq' ? sql`r.value = ${v}` : sql`r.value ilike ${`%${escapeLike(v)}%`}`;
    // The settlement's distinct order ids (settlement_refs), found through (account_key, kind, value): never its lines.
    return sql<SqlBool>`exists (select 1 from settlement_refs r where r.account_key = s.account_key and r.kind = 'order' and r.settlement_key = s.settlement_key and ${match})`;
  }
  const { column, kind } = COLUMNS[c.filterKey];
  const ref = sql.ref(`s.${column}`);
  switch (c.operation) {
    case 'nu':
      return sql<SqlBool>`${ref} is null`;
    case 'nn':
      return sql<SqlBool>`${ref} is not null`;
    case 'like':
      if (kind !== 'text') throw invalid(`like only applies to text columns, not ${c.filterKey}`, where);
      return sql<SqlBool>`${ref} ilike ${`%${escapeLike(String(scalar(c, where, kind)))}%`}`;
    case 'in':
    case 'ni': {
      const values = Array.isArray(c.value) ? c.value : null;
      if (!values || values.length === 0) throw invalid(`${c.operation} needs a list of values`, where);
      const list = sql.join(values.map((v) => sql`${scalar({ ...c, value: v }, where, kind)}`));
      return c.operation === 'in' ? sql<SqlBool>`${ref} in (${list})` : sql<SqlBool>`${ref} not in (${list})`;
    }
    default: {
      if ((kind === 'bool' || kind === 'text') && !['eq', 'ne'].includes(c.operation) && kind === 'bool') throw invalid(`${c.filterKey} takes eq or ne`, where);
      const value = scalar(c, where, kind);
      const cast = kind === 'time' ? sql`::timestamptz` : kind === 'money' ? sql`::numeric` : sql``;
      // ne keeps rows where the column is null: a bookkeeper asking "not X" expects them.
      if (c.operation === 'ne') return sql<SqlBool>`${ref} is distinct from ${value}${cast}`;
      return sql<SqlBool>`${ref} ${sql.raw(OPS[c.operation]!)} ${value}${cast}`;
    }
  }
}

/**
 * The search box (decision 0055): the lower-cased ids, file, marketplace and gateway (search_text); the
 * deposit amount core's readSearchAmount reads, either sign, by exact equality on the stored total
 * (settlements_account_total_idx); an order id or SKU of the settlement, exactly, through the primary
 * key of settlement_refs (one lookup, then = any on the settlements' primary key).
 */
function textCondition(text: string): RawBuilder<SqlBool> {
  const term = text.trim();
  const arms = [sql<SqlBool>`s.search_text like ${`%${escapeLike(term.toLowerCase())}%`}`];
  const amount = readSearchAmount(term);
  if (amount !== null) arms.push(sql<SqlBool>`s.total in (${formatUnits(amount)}::numeric, ${formatUnits(-amount)}::numeric)`);
  arms.push(sql<SqlBool>`s.settlement_key = any(array(select r.settlement_key from settlement_refs r where r.account_key = s.account_key and r.kind in ('order', 'sku') and r.value = ${term}))`);
  return sql<SqlBool>`(${sql.join(arms, sql` or `)})`;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

export function whereOfClause(clause: SearchCriterion[][]): RawBuilder<SqlBool> {
  const groups = clause.map((group, gi) => sql<SqlBool>`(${sql.join(group.map((c, ci) => condition(c, `paginatedSearchCriteriaClause[${gi}][${ci}]`)), sql` or `)})`);
  return sql<SqlBool>`${sql.join(groups, sql` and `)}`;
}

export function orderOfSort(sort: string | undefined): RawBuilder<unknown> {
  const [key = 'start', direction = 'desc'] = (sort ?? 'start,desc').split(',');
  const column = SORTS[key] ?? 'start_at';
  return sql`${sql.ref(`s.${column}`)} ${sql.raw(direction === 'asc' ? 'asc nulls first' : 'desc nulls last')}, s.settlement_key ${sql.raw(direction === 'asc' ? 'asc' : 'desc')}`;
}

/** The page and the count, without an access check (the user's search goes through searchSettlementsOfUser). */
export async function searchSettlementRows(db: Kysely<Database>, clause: SearchCriterion[][], page: number, size: number, sort: string | undefined) {
  const where = whereOfClause(clause);
  const [rows, count] = await Promise.all([
    pageQuery(sql``, where, page, size, sort).execute(db),
    sql<{ n: string }>`select ${countOf(where)} as n`.execute(db),
  ]);
  return { rows: rows.rows, totalRows: Number(count.rows[0]!.n) };
}

/**
 * The signed-in user's search, in one statement when the page has rows: the page of the account the
 * user may open (the users row read in the statement, see userMayOpen), each row with the count
 * (computed once). An empty answer (a refused account, no match, a page past the end, a removed
 * user) asks again for the user, the access and the count alone: a removed user answers
 * auth.unauthenticated, a refused account account.not-found, anything else no settlements with the
 * full count. Written as SQL text, not built node by node, and prepared: its text depends only on
 * the shape of the filters, so PostgreSQL plans each shape once per connection.
 */
export async function searchSettlementsOfUser(db: Kysely<Database>, userId: string, clause: SearchCriterion[][], page: number, size: number, sort: string | undefined) {
  if (!clause.some((group) => group.some((c) => c.filterKey === 'order' && c.operation === 'like'))) return searchOf(db, userId, clause, page, size, sort);
  // A part of an order id has no index to use: every line of the account is read. Bounded, so one
  // search cannot hold a connection for long (PostgreSQL; PGlite runs it as it comes).
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = ${sql.lit(ORDER_LIKE_TIMEOUT_MS)}`.execute(trx);
      return searchOf(trx, userId, clause, page, size, sort);
    });
  } catch (error) {
    if ((error as { code?: string }).code !== QUERY_CANCELED) throw error;
    throw new AppError('request.invalid', `Searching for a part of an order id took longer than ${ORDER_LIKE_TIMEOUT_MS / 1000} s in this account's lines. Search for the whole order id (order equals), or narrow the search by date.`, { filterKey: 'order' });
  }
}

const ORDER_LIKE_TIMEOUT_MS = 5000;
/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

async function searchOf(db: Kysely<Database>, userId: string, clause: SearchCriterion[][], page: number, size: number, sort: string | undefined) {
  const accountKey = accountOfSearch(clause);
  const where = whereOfClause(clause);
  const mayOpen = sql<SqlBool>`exists (select 1 from accounts a where a.account_key = ${accountKey} and ${userMayOpen(userId, 'a')})`;
  const count = countOf(where);
  const { rows } = await sql<SettlementRow & { total_rows: string }>`${prepared()}${pageQuery(sql`, ${count} as total_rows`, sql<SqlBool>`${where} and ${mayOpen}`, page, size, sort)}`.execute(db);
  if (rows.length > 0) return { rows: rows.map(({ total_rows: _, ...row }): SettlementRow => row), totalRows: Number(rows[0]!.total_rows) };
  const { rows: [empty] } = await sql<{ is_user: boolean; can_open: boolean; n: string }>`select ${userExists(userId)} as is_user, ${mayOpen} as can_open, ${count} as n`.execute(db);
  if (!empty?.is_user) throw new AppError('auth.unauthenticated', errorMessages.unauthenticated);
  if (!empty.can_open) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
  return { rows: [], totalRows: Number(empty.n) };
}

const countOf = (where: RawBuilder<SqlBool>) => sql<string>`(select count(*) from settlements s where ${where})`;

/** A page of settlements (every column, then `extra`) matching `where`, sorted. */
function pageQuery(extra: RawBuilder<unknown>, where: RawBuilder<SqlBool>, page: number, size: number, sort: string | undefined) {
  return sql<SettlementRow>`select ${SETTLEMENT_COLUMNS_OF_S}${extra} from settlements s where ${where} order by ${orderOfSort(sort)} limit ${size} offset ${page * size}`;
}
