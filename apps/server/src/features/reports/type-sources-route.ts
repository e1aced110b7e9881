/**
 * The drill-down of a report figure by transaction type (issue 18): the closed, non-duplicate
 * settlements of the account ending in the range (local days of its time zone) that hold the type,
 * with the type's amount in each, largest first, a page at a time. Reads the settlements' stored type
 * totals through the (account_key, end_at) index, never lines (decision 0017); the source rows of one
 * settlement's type come from /settlement/lines.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorMessages, getReportTypeSources, pageSizes, type FigureSourcesBody } from '@ledgerport/contract';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { CHANNELS, describeTransactionType, type Channel } from '@ledgerport/core/settlements';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { assertReportRange } from '../shopify-reports/shopify-report-scope';

const DAY_MS = 86_400_000;
const decimal = (text: string) => formatUnits(parseDecimalUnits(text, '.') ?? 0n);

export function registerTypeSourcesRoute(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  addRoute(app, deps, getReportTypeSources, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const { accountKey, currency, typeKey, page, size } = query;
    let { start, end } = query;
    // The same ten-year range rule as every report (one check, shared with the Shopify reports).
    assertReportRange(start, end, 'report');
    if (query.month) {
      // One month of the range: its first and last day, inside the range.
      const first = `${query.month}-01`;
      const next = new Date(Date.parse(`${first}T00:00:00Z`));
      next.setUTCMonth(next.getUTCMonth() + 1);
      const last = new Date(next.getTime() - DAY_MS).toISOString().slice(0, 10);
      start = first > start ? first : start;
      end = last < end ? last : end;
    }
    const account = await db.selectFrom('accounts').select(['sales_channel', 'time_zone_id']).where('account_key', '=', accountKey).executeTakeFirst();
    if (!account) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
    const from = sql`(${start}::date::timestamp at time zone ${account.time_zone_id})`;
    const to = sql`((${end}::date + 1)::timestamp at time zone ${account.time_zone_id})`;
    const matching = db
      .selectFrom('settlements as s')
      .innerJoin('settlement_type_totals as t', (j) => j.onRef('t.account_key', '=', 's.account_key').onRef('t.settlement_key', '=', 's.settlement_key'))
      .where('s.account_key', '=', accountKey)
      .where('s.duplicate_of', 'is', null)
      .where('s.status', '=', 'closed')
      .where('s.currency', '=', currency)
      .where(sql<boolean>`s.end_at >= ${from} and s.end_at < ${to}`)
      .where('t.type_key', '=', typeKey)
      .groupBy(['s.settlement_key', 's.settlement_id', 's.end_at', 's.total']);
    const rows = await matching
      .select(['s.settlement_key', 's.settlement_id', 's.end_at', 's.total', sql<string>`sum(t.amount)::text`.as('amount'), sql<string>`sum(t.line_count)::text`.as('line_count')])
      .orderBy(sql`abs(sum(t.amount))`, 'desc')
      .orderBy('s.settlement_key')
      .limit(size)
      .offset(page * size)
      .execute();
    const all = await db
      .selectFrom(matching.select(sql<string>`sum(t.amount)`.as('amount')).as('m'))
      .select([sql<string>`count(*)::text`.as('count'), sql<string>`coalesce(sum(m.amount), 0)::numeric(20,4)::text`.as('total')])
      .executeTakeFirstOrThrow();
    const channel = CHANNELS.find((c): c is Channel => c === account.sales_channel);
    const label = channel ? describeTransactionType(channel, typeKey).label : typeKey;
    const body: FigureSourcesBody = {
      figure: typeKey,
      currency,
      total: decimal(all.total),
      settlements: rows.map((r) => ({
        settlementKey: r.settlement_key,
        settlementId: r.settlement_id,
        endDate: r.end_at ? r.end_at.toISOString().slice(0, 10) : null,
        total: r.total,
        amount: decimal(r.amount),
        types: [{ typeKey, label, amount: decimal(r.amount), lineCount: Number(r.line_count) }],
      })),
      pagination: { perPage: size, currentPage: page, cursor: null, totalRows: Number(all.count), pageOptions: [...pageSizes] },
    };
    return body;
  });
}
