/**
 * The Shopify Finance Report and the drill-down behind each of its figures. Like the Amazon Summary
 * Report, one statement groups the stored type totals of the account's closed payouts ending in the
 * range (never the lines, decision 0017) and core's buildFinanceReport arranges them; payouts are the
 * settlements' stated totals. A figure drills into the settlements (and types) it adds up, and each
 * type there into its source lines through /settlement/lines.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { getShopifyFigureSources, getShopifyFinanceReport, pageSizes, type FinanceReportBody } from '@ledgerport/contract';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { buildFinanceReport, FINANCE_FIGURES, GIFT_CARD_REDEEMED_TYPES, typesOfFigure, type FigureTotals } from '@ledgerport/core/reports';
import { describeTransactionType } from '@ledgerport/core/settlements';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { assertReportRange, endsInRange, openShopifyScope } from './shopify-report-scope';

const REPORT = 'Finance Report';
const units = (value: string | null) => (value === null ? 0n : (parseDecimalUnits(value, '.') ?? 0n));
const figuresText = (f: FigureTotals) => Object.fromEntries(FINANCE_FIGURES.map((k) => [k, formatUnits(f[k])]));

export function registerFinanceReportRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  addRoute(app, deps, getShopifyFinanceReport, async ({ caller, query }) => {
    const { start, end } = query;
    const scope = await openShopifyScope(db, caller, query.accountKey, REPORT);
    assertReportRange(start, end, REPORT);
    const inRange = endsInRange(scope, start, end);
    const month = sql`to_char(${scope.localDay}, 'YYYY-MM')`;
    const totals = await sql<{ month: string; currency: string; type_key: string; amount: string; line_count: string }>`
      select ${month} as month, s.currency, t.type_key, sum(t.amount)::text as amount, sum(t.line_count)::text as line_count
      from settlement_type_totals t join settlements s on s.settlement_key = t.settlement_key
      where ${inRange} and s.status = 'closed'
      group by 1, 2, 3`.execute(db);
    const payouts = await sql<{ month: string; currency: string; amount: string | null; n: string }>`
      select ${month} as month, s.currency, sum(s.total)::text as amount, count(*)::text as n
      from settlements s where ${inRange} and s.status = 'closed' group by 1, 2`.execute(db);
    const counts = await sql<{ closed: string; inconsistent: string; open: string }>`
      select count(*) filter (where s.status = 'closed')::text as closed,
             count(*) filter (where s.status = 'closed' and s.inconsistent)::text as inconsistent,
             count(*) filter (where s.status = 'open')::text as open
      from settlements s where ${inRange}`.execute(db);
    const reports = buildFinanceReport(
      totals.rows.map((r) => ({ month: r.month, currency: r.currency, typeKey: r.type_key, amount: units(r.amount), lineCount: Number(r.line_count) })),
      payouts.rows.map((r) => ({ month: r.month, currency: r.currency, amount: units(r.amount), count: Number(r.n) })),
    );
    const c = counts.rows[0]!;
    const body: FinanceReportBody = {
      accountKey: scope.accountKey,
      start,
      end,
      timeZoneId: scope.timeZoneId,
      settlementCount: Number(c.closed),
      inconsistentCount: Number(c.inconsistent),
      openCount: Number(c.open),
      currencies: reports.map((r) => ({
        currency: r.currency,
        figures: figuresText(r.figures),
        net: formatUnits(r.net),
        payouts: formatUnits(r.payouts),
        payoutCount: r.payoutCount,
        months: r.months.map((m) => ({ month: m.month, figures: figuresText(m.figures), net: formatUnits(m.net), payouts: formatUnits(m.payouts), payoutCount: m.payoutCount })),
        types: r.types.map((t) => ({ ...t, total: formatUnits(t.total) })),
      })),
    };
    return body;
  });

  addRoute(app, deps, getShopifyFigureSources, async ({ caller, query }) => {
    const { start, end, currency, figure, page, size } = query;
    const scope = await openShopifyScope(db, caller, query.accountKey, REPORT);
    assertReportRange(start, end, REPORT);
    let where = sql<boolean>`${endsInRange(scope, start, end)} and s.status = 'closed' and s.currency = ${currency}`;
    if (query.month) where = sql<boolean>`${where} and to_char(${scope.localDay}, 'YYYY-MM') = ${query.month}`;
    const present = await sql<{ type_key: string }>`
      select distinct t.type_key from settlement_type_totals t join settlements s on s.settlement_key = t.settlement_key where ${where}`.execute(db);
    const keys = present.rows.map((r) => r.type_key);
    const wanted = figure === 'net' ? keys : figure === 'giftCardsRedeemed' ? keys.filter((k) => GIFT_CARD_REDEEMED_TYPES.includes(k)) : typesOfFigure(figure, keys);
    const empty = { figure, currency, total: '0.0000', settlements: [], pagination: { perPage: size, currentPage: page, cursor: null, totalRows: 0, pageOptions: [...pageSizes] } };
    if (wanted.length === 0) return empty;
    const ofTypes = sql<boolean>`${where} and t.type_key in (${sql.join(wanted)})`;
    const settlements = await sql<{ settlement_key: string; settlement_id: string; end_day: string | null; total: string | null; amount: string; all_amount: string; total_rows: string }>`
      select s.settlement_key, s.settlement_id, to_char(${scope.localDay}, 'YYYY-MM-DD') as end_day, s.total::text as total,
             sum(t.amount)::text as amount, (sum(sum(t.amount)) over ())::text as all_amount, (count(*) over ())::text as total_rows
      from settlement_type_totals t join settlements s on s.settlement_key = t.settlement_key
      where ${ofTypes}
      group by s.settlement_key, s.settlement_id, s.end_at, s.total
      order by s.end_at desc, s.settlement_key limit ${size} offset ${page * size}`.execute(db);
    if (settlements.rows.length === 0) return empty;
    const types = await sql<{ settlement_key: string; type_key: string; amount: string; line_count: string }>`
      select t.settlement_key, t.type_key, sum(t.amount)::text as amount, sum(t.line_count)::text as line_count
      from settlement_type_totals t join settlements s on s.settlement_key = t.settlement_key
      where ${ofTypes} and s.settlement_key in (${sql.join(settlements.rows.map((r) => r.settlement_key))})
      group by 1, 2 order by 2`.execute(db);
    const first = settlements.rows[0]!;
    return {
      figure,
      currency,
      total: formatUnits(units(first.all_amount)),
      settlements: settlements.rows.map((s) => ({
        settlementKey: s.settlement_key,
        settlementId: s.settlement_id,
        endDate: s.end_day,
        total: s.total === null ? null : formatUnits(units(s.total)),
        amount: formatUnits(units(s.amount)),
        types: types.rows
          .filter((t) => t.settlement_key === s.settlement_key)
          .map((t) => ({ typeKey: t.type_key, label: describeTransactionType('SHOPIFY', t.type_key).label, amount: formatUnits(units(t.amount)), lineCount: Number(t.line_count) })),
      })),
      pagination: { perPage: size, currentPage: page, cursor: null, totalRows: Number(first.total_rows), pageOptions: [...pageSizes] },
    };
  });
}
