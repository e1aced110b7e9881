/**
 * The Shopify order report and one order's detail. The list groups settlement_order_totals (one row per
 * payout and order, written when the payout was stored) by order, so sorting and filtering every order
 * of an account never reads a line (decision 0017). The status is core's orderStatusOf, repeated here
 * as SQL so the filter and the pages agree (the test checks both give the same). The payouts of an order
 * are read for the page's orders only. The detail reads the lines of the few payouts that carried it.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { getShopifyOrder, listShopifyOrders, pageSizes, type OrderSummaryBody } from '@ledgerport/contract';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { financeFigureOf, orderStatusOf } from '@ledgerport/core/reports';
import { describeTransactionType } from '@ledgerport/core/settlements';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { openShopifyScope, type ShopifyScope } from './shopify-report-scope';

const REPORT = 'order report';
const LINES_MAX = 1000;
const units = (value: string | null) => (value === null ? 0n : (parseDecimalUnits(value, '.') ?? 0n));
const SORT_COLUMNS = { date: 'first_at', orderId: 'order_id', gross: 'gross', fees: 'fees', refunds: 'refunds', net: 'net' } as const;

interface OrderRow {
  order_id: string;
  currency: string;
  first_day: string | null;
  gross_text: string;
  fees_text: string;
  refunds_text: string;
  other_text: string;
  net_text: string;
  total_rows: string;
}

/** The grouped orders of an account (CTE body); `extra` narrows the settlement_order_totals rows. Payouts are read for a page only. */
function ordersOf(scope: ShopifyScope, extra = sql<boolean>`true`) {
  return sql`select t.order_id, t.currency,
      to_char(min(t.first_posted_at) at time zone ${scope.timeZoneId}, 'YYYY-MM-DD') as first_day, min(t.first_posted_at) as first_at,
      sum(t.gross) as gross, sum(t.fees) as fees, sum(t.refunds) as refunds, sum(t.other) as other, sum(t.net) as net
    from settlement_order_totals t join settlements s on s.settlement_key = t.settlement_key
    where t.account_key = ${scope.accountKey} and s.duplicate_of is null and ${extra}
    group by t.order_id, t.currency`;
}

/** The payouts that carried each of a page of orders, oldest first. */
async function payoutsOf(db: Kysely<Database>, accountKey: string, orderIds: string[]): Promise<Map<string, { settlementKey: string; settlementId: string }[]>> {
  const byOrder = new Map<string, { settlementKey: string; settlementId: string }[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('settlement_order_totals as t')
    .innerJoin('settlements as s', (j) => j.onRef('s.account_key', '=', 't.account_key').onRef('s.settlement_key', '=', 't.settlement_key'))
    .select(['t.order_id', 't.currency', 's.settlement_key', 's.settlement_id'])
    .where('t.account_key', '=', accountKey)
    .where('t.order_id', 'in', orderIds)
    .where('s.duplicate_of', 'is', null)
    .orderBy('s.end_at')
    .orderBy('s.settlement_key')
    .execute();
  for (const r of rows) {
    const key = `${r.order_id}|${r.currency}`;
    byOrder.set(key, [...(byOrder.get(key) ?? []), { settlementKey: r.settlement_key, settlementId: r.settlement_id }]);
  }
  return byOrder;
}

const COLUMNS = sql`order_id, currency, first_day, gross::text as gross_text, fees::text as fees_text, refunds::text as refunds_text, other::text as other_text, net::text as net_text`;
const STATUS_SQL = sql`case when refunds = 0 then 'paid' when -refunds >= gross then 'refunded' else 'partly-refunded' end`;

function toSummary(r: OrderRow, payouts: Map<string, OrderSummaryBody['payouts']>): OrderSummaryBody {
  const gross = units(r.gross_text);
  const refunds = units(r.refunds_text);
  return {
    orderId: r.order_id,
    date: r.first_day,
    currency: r.currency,
    gross: formatUnits(gross),
    fees: formatUnits(units(r.fees_text)),
    refunds: formatUnits(refunds),
    other: formatUnits(units(r.other_text)),
    net: formatUnits(units(r.net_text)),
    status: orderStatusOf(gross, refunds),
    payouts: payouts.get(`${r.order_id}|${r.currency}`) ?? [],
  };
}

export function registerOrderReportRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  addRoute(app, deps, listShopifyOrders, async ({ caller, query }) => {
    const scope = await openShopifyScope(db, caller, query.accountKey, REPORT);
    const { page, size } = query;
    if (query.start && query.end && query.start > query.end) throw new AppError('request.invalid', `The end ${query.end} must be after the start ${query.start}.`, [{ path: 'end', message: 'Before the start.' }]);
    const filters = [sql<boolean>`true`];
    if (query.search) filters.push(sql<boolean>`position(lower(${query.search}) in lower(order_id)) > 0`);
    if (query.start) filters.push(sql<boolean>`first_day >= ${query.start}`);
    if (query.end) filters.push(sql<boolean>`first_day <= ${query.end}`);
    if (query.status) filters.push(sql<boolean>`${STATUS_SQL} = ${query.status}`);
    const direction = query.direction === 'asc' ? sql`asc` : sql`desc`;
    const rows = await sql<OrderRow>`
      with o as (${ordersOf(scope)})
      select ${COLUMNS}, (count(*) over ())::text as total_rows
      from o where ${sql.join(filters, sql` and `)}
      order by ${sql.ref(SORT_COLUMNS[query.sort])} ${direction} nulls last, order_id ${direction}
      limit ${size} offset ${page * size}`.execute(db);
    const payouts = await payoutsOf(db, scope.accountKey, [...new Set(rows.rows.map((r) => r.order_id))]);
    return {
      orders: rows.rows.map((r) => toSummary(r, payouts)),
      pagination: { perPage: size, currentPage: page, cursor: null, totalRows: Number(rows.rows[0]?.total_rows ?? 0), pageOptions: [...pageSizes] },
    };
  });

  addRoute(app, deps, getShopifyOrder, async ({ caller, query }) => {
    const scope = await openShopifyScope(db, caller, query.accountKey, REPORT);
    const { orderId } = query;
    const orders = await sql<OrderRow>`
      with o as (${ordersOf(scope, sql<boolean>`t.order_id = ${orderId}`)})
      select ${COLUMNS}, '1' as total_rows from o`.execute(db);
    const order = orders.rows[0];
    if (!order) throw new AppError('order.not-found', `No payout of this account carries an order ${orderId}. Check the order number (Shopify writes it like #1001).`, { orderId });
    const settlements = await sql<{ settlement_key: string; settlement_id: string; status: string; deposit_day: string | null; total: string | null; amount: string }>`
      select s.settlement_key, s.settlement_id, s.status, to_char(s.deposit_at at time zone ${scope.timeZoneId}, 'YYYY-MM-DD') as deposit_day, s.total::text as total, t.net::text as amount
      from settlement_order_totals t join settlements s on s.settlement_key = t.settlement_key
      where t.account_key = ${scope.accountKey} and t.order_id = ${orderId} and s.duplicate_of is null
      order by s.end_at, s.settlement_key`.execute(db);
    const keys = settlements.rows.map((s) => s.settlement_key);
    const lines = await db
      .selectFrom('settlement_lines as l')
      .innerJoin('settlements as s', (j) => j.onRef('s.account_key', '=', 'l.account_key').onRef('s.settlement_key', '=', 'l.settlement_key'))
      .select(['l.settlement_key', 's.settlement_id', 'l.line_no', 'l.posted_at', 'l.type_key', 'l.amount', 'l.description', 'l.source_row', (eb) => eb.fn.coalesce('l.source_file', 's.source_file').as('source_file')])
      .where('l.settlement_key', 'in', keys)
      .where('l.order_id', '=', orderId)
      .where('s.account_key', '=', scope.accountKey)
      .orderBy('l.posted_at')
      .orderBy('l.settlement_key')
      .orderBy('l.line_no')
      .limit(LINES_MAX + 1)
      .execute();
    return {
      order: toSummary(order, await payoutsOf(db, scope.accountKey, [orderId])),
      settlements: settlements.rows.map((s) => ({ settlementKey: s.settlement_key, settlementId: s.settlement_id, status: s.status, depositDate: s.deposit_day, total: s.total === null ? null : formatUnits(units(s.total)), amount: formatUnits(units(s.amount)) })),
      lines: lines.slice(0, LINES_MAX).map((l) => ({
        settlementKey: l.settlement_key,
        settlementId: l.settlement_id,
        lineNo: l.line_no,
        postedAt: l.posted_at === null ? null : new Date(l.posted_at).toISOString(),
        typeKey: l.type_key,
        label: describeTransactionType('SHOPIFY', l.type_key).label,
        figure: financeFigureOf(l.type_key),
        amount: formatUnits(units(l.amount)),
        description: l.description,
        sourceFile: l.source_file,
        sourceRow: l.source_row,
      })),
      isTruncated: lines.length > LINES_MAX,
    };
  });
}
