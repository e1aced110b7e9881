/**
 * GET /reports/account-overview: the Account Overview page and the Home charts. The closed
 * settlements' month totals come from the report rollup (decision 0029) and core's
 * buildAccountOverview arranges them; the counts by state come from the settlements' end-day index.
 */
import type { FastifyInstance } from 'fastify';
import { errorMessages, getAccountOverview, SUMMARY_REPORT_DAYS_MAX, type AccountOverviewBody } from '@ledgerport/contract';
import { CHANNEL_NAMES } from '@ledgerport/core/mapping';
import { formatUnits } from '@ledgerport/core/money';
import { buildAccountOverview, type OverviewFigures } from '@ledgerport/core/reports';
import type { Channel } from '@ledgerport/core/settlements';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { assertReportRange } from './report-range';
import { countSettlements, readMonthTotals } from './report-day-totals';

const figures = (f: OverviewFigures) => ({ sales: formatUnits(f.sales), fees: formatUnits(f.fees), net: formatUnits(f.net) });

export function registerAccountOverviewRoute(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  addRoute(app, deps, getAccountOverview, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const { start, end, accountKey } = query;
    assertReportRange(start, end, SUMMARY_REPORT_DAYS_MAX);
    const account = await db.selectFrom('accounts').select(['sales_channel', 'time_zone_id']).where('account_key', '=', accountKey).executeTakeFirst();
    if (!account) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
    const channel = account.sales_channel as Channel;
    const totals = await readMonthTotals(db, accountKey, start, end, 'closed');
    const counts = await countSettlements(db, accountKey, account.time_zone_id, start, end);
    const body: AccountOverviewBody = {
      accountKey,
      start,
      end,
      timeZoneId: account.time_zone_id,
      counts,
      currencies: buildAccountOverview(channel, totals, CHANNEL_NAMES[channel].name).map((c) => ({
        currency: c.currency,
        ...figures(c),
        months: c.months.map((m) => ({
          month: m.month,
          ...figures(m),
          feeRatePercent: m.feeRateBasisPoints === null ? null : formatBasisPoints(m.feeRateBasisPoints),
          byChannel: Object.fromEntries(Object.entries(m.byChannel).map(([k, v]) => [k, figures(v)])),
        })),
        channels: c.channels.map((x) => ({ channel: x.channel, ...figures(x) })),
      })),
    };
    return body;
  });
}

/** 1234n -> '12.34'. */
export function formatBasisPoints(bp: bigint): string {
  return `${bp / 100n}.${String(bp % 100n).padStart(2, '0')}`;
}
