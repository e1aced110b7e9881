/**
 * The Amazon Summary Report: one statement groups the report rollup's days of the account's closed
 * settlements ending in the range (the settlement's end in the account's time zone), then core's
 * buildSummaryReport arranges them. Neither lines nor type totals are read (decisions 0017, 0029): a
 * year of a large account is a few thousand rollup rows.
 */
import type { FastifyInstance } from 'fastify';
import { errorMessages, getAmazonSummaryReport, SUMMARY_REPORT_DAYS_MAX, type SummaryReportBody } from '@ledgerport/contract';
import { formatUnits } from '@ledgerport/core/money';
import { buildSummaryReport } from '@ledgerport/core/reports';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { countSettlements, readMonthTotals } from './report-day-totals';
import { registerTypeSourcesRoute } from './type-sources-route';

const DAY_MS = 86_400_000;

export function registerReportRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerTypeSourcesRoute(app, deps);
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
    const totals = await readMonthTotals(db, accountKey, start, end, 'closed');
    const c = await countSettlements(db, accountKey, account.time_zone_id, start, end);
    const summaries = buildSummaryReport('AMAZON', totals);
    const body: SummaryReportBody = {
      accountKey,
      start,
      end,
      timeZoneId: account.time_zone_id,
      settlementCount: c.closed,
      inconsistentCount: c.inconsistent,
      openCount: c.open,
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
