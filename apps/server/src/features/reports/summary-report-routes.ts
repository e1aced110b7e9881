/**
 * The Amazon Summary Report: one statement groups the stored type totals of the account's closed
 * settlements ending in the range (the settlement's end in the account's time zone), then core's
 * buildSummaryReport arranges them. Lines are never read (decision 0017), so a year of a large
 * account costs one aggregate over its type totals.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorMessages, getAmazonSummaryReport, SUMMARY_REPORT_DAYS_MAX, type SummaryReportBody } from '@ledgerport/contract';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { buildSummaryReport } from '@ledgerport/core/reports';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';

const DAY_MS = 86_400_000;
const units = (value: string) => parseDecimalUnits(value, '.') ?? 0n;

export function registerReportRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  addRoute(app, deps, getAmazonSummaryReport, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const { start, end, accountKey } = query;
    if (start > end) throw new AppError('request.invalid', `The end ${end} must be after the start ${start}.`, [{ path: 'end', message: 'Before the start.' }]);
    if ((Date.parse(end) - Date.parse(start)) / DAY_MS >= SUMMARY_REPORT_DAYS_MAX) {
      throw new AppError('request.invalid', `A summary covers at most ${SUMMARY_REPORT_DAYS_MAX} days; choose a shorter range than ${start} to ${end}.`, [{ path: 'end', message: 'Range too long.' }]);
    }
    const account = await db.selectFrom('accounts').select(['account_name', 'sales_channel', 'time_zone_id']).where('account_key', '=', accountKey).executeTakeFirst();
    if (!account) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
    if (account.sales_channel !== 'AMAZON') {
      throw new AppError('account.not-amazon', `The Summary Report is for Amazon accounts, and ${account.account_name} does not sell on Amazon. Open an Amazon account to see it.`, { accountKey });
    }
    const localDay = sql`(s.end_at at time zone ${account.time_zone_id})::date`;
    const inRange = sql<boolean>`s.account_key = ${accountKey} and s.duplicate_of is null and ${localDay} >= ${start}::date and ${localDay} <= ${end}::date`;
    const totals = await sql<{ month: string; currency: string; type_key: string; marketplace: string | null; amount: string; line_count: string }>`
      select to_char(${localDay}, 'YYYY-MM') as month, s.currency, t.type_key, t.marketplace, sum(t.amount)::text as amount, sum(t.line_count)::text as line_count
      from settlement_type_totals t join settlements s on s.settlement_key = t.settlement_key
      where ${inRange} and s.status = 'closed'
      group by 1, 2, 3, 4`.execute(db);
    const counts = await sql<{ closed: string; inconsistent: string; open: string }>`
      select count(*) filter (where s.status = 'closed')::text as closed,
             count(*) filter (where s.status = 'closed' and s.inconsistent)::text as inconsistent,
             count(*) filter (where s.status = 'open')::text as open
      from settlements s where ${inRange}`.execute(db);
    const summaries = buildSummaryReport(
      'AMAZON',
      totals.rows.map((r) => ({ month: r.month, currency: r.currency, typeKey: r.type_key, marketplace: r.marketplace, amount: units(r.amount), lineCount: Number(r.line_count) })),
    );
    const c = counts.rows[0]!;
    const body: SummaryReportBody = {
      accountKey,
      start,
      end,
      timeZoneId: account.time_zone_id,
      settlementCount: Number(c.closed),
      inconsistentCount: Number(c.inconsistent),
      openCount: Number(c.open),
      currencies: summaries.map((s) => ({
        currency: s.currency,
        total: formatUnits(s.total),
        months: s.months.map((m) => ({
          month: m.month,
          byCategory: Object.fromEntries(Object.entries(m.byCategory).map(([k, v]) => [k, formatUnits(v)])),
          net: formatUnits(m.net),
          feeRatePercent: m.feeRateBasisPoints === null ? null : formatBasisPoints(m.feeRateBasisPoints),
        })),
        categories: s.categories.map((x) => ({ category: x.category, total: formatUnits(x.total) })),
        types: s.types.map((t) => ({ ...t, total: formatUnits(t.total), byMonth: Object.fromEntries(Object.entries(t.byMonth).map(([k, v]) => [k, formatUnits(v)])) })),
        marketplaces: s.marketplaces.map((m) => ({ marketplace: m.marketplace, total: formatUnits(m.total) })),
      })),
    };
    return body;
  });
}

/** 1234n -> '12.34'. */
function formatBasisPoints(bp: bigint): string {
  return `${bp / 100n}.${String(bp % 100n).padStart(2, '0')}`;
}
