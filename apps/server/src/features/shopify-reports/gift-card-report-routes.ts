/**
 * The Shopify Gift Card Report: the stored totals of the gift card types (core's shopify-figures) of
 * the account's closed payouts, by month in the range, plus everything before it as the opening
 * liability; core's buildGiftCardReport carries the balance month by month. What the data cannot
 * know is in decision 0027.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { getShopifyGiftCardReport, type GiftCardReportBody } from '@ledgerport/contract';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { buildGiftCardReport, GIFT_CARD_ISSUED_TYPES, GIFT_CARD_REDEEMED_TYPES } from '@ledgerport/core/reports';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { assertReportRange, openShopifyScope } from './shopify-report-scope';

const REPORT = 'Gift Card Report';

export function registerGiftCardReportRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  addRoute(app, deps, getShopifyGiftCardReport, async ({ caller, query }) => {
    const { start, end } = query;
    const scope = await openShopifyScope(db, caller, query.accountKey, REPORT);
    assertReportRange(start, end, REPORT);
    const types = [...GIFT_CARD_ISSUED_TYPES, ...GIFT_CARD_REDEEMED_TYPES];
    const rows = await sql<{ month: string | null; currency: string; type_key: string; amount: string; line_count: string }>`
      select case when ${scope.localDay} < ${start}::date then null else to_char(${scope.localDay}, 'YYYY-MM') end as month,
             s.currency, t.type_key, sum(t.amount)::text as amount, sum(t.line_count)::text as line_count
      from settlement_type_totals t join settlements s on s.settlement_key = t.settlement_key
      where s.account_key = ${scope.accountKey} and s.duplicate_of is null and s.status = 'closed'
        and ${scope.localDay} <= ${end}::date and t.type_key in (${sql.join(types)})
      group by 1, 2, 3`.execute(db);
    const report = buildGiftCardReport(rows.rows.map((r) => ({ month: r.month, currency: r.currency, typeKey: r.type_key, amount: parseDecimalUnits(r.amount, '.') ?? 0n, lineCount: Number(r.line_count) })));
    const body: GiftCardReportBody = {
      accountKey: scope.accountKey,
      start,
      end,
      timeZoneId: scope.timeZoneId,
      currencies: report.map((c) => ({
        currency: c.currency,
        opening: formatUnits(c.opening),
        issued: formatUnits(c.issued),
        redeemed: formatUnits(c.redeemed),
        closing: formatUnits(c.closing),
        months: c.months.map((m) => ({ ...m, issued: formatUnits(m.issued), redeemed: formatUnits(m.redeemed), outstandingEnd: formatUnits(m.outstandingEnd) })),
      })),
    };
    return body;
  });
}
