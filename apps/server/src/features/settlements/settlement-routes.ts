/** Settlement reads: the paginated search, detail, line drill-down, filter values and availability. */
import type { FastifyInstance } from 'fastify';
import {
  getSettlementDetail,
  getSettlementHistory,
  listAccountCurrencies,
  listChannelsOrGateways,
  listSettlementLines,
  pageSizes,
  searchSettlements,
  settlementsAvailable,
} from '@ledgerport/contract';
import { describeTransactionType, type Channel } from '@ledgerport/core/settlements';
import { marketplacesOfCountry, skusOfProductType } from '@ledgerport/core/posting';
import { getAccountPostingSettings, toCorePostingSettings } from '../posting-settings/posting-settings-repository';
import { sql } from 'kysely';
import { addRoute, addSignedInRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getSettlementForCaller } from '../stored-settlements/load-settlement';
import { searchSettlementsOfUser } from './search-settlements';
import { settlementBody } from './settlement-body';
import { settlementDetail } from './settlement-detail';
import { settlementHistoryOf } from './settlement-history';

export function registerSettlementRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  // The two hottest reads check their caller in their own statement (one round trip, see addSignedInRoute).
  addSignedInRoute(app, deps, searchSettlements, async ({ query, body, userId }) => {
    const { rows, totalRows } = await searchSettlementsOfUser(db, userId, body.paginatedSearchCriteriaClause, query.page, query.size, query.sort);
    return {
      settlements: rows.map(settlementBody),
      pagination: { perPage: query.size, currentPage: query.page, cursor: null, totalRows, pageOptions: [...pageSizes] },
    };
  });

  addSignedInRoute(app, deps, getSettlementDetail, ({ query, userId }) => settlementDetail(db, userId, query.settlementKey));

  addRoute(app, deps, getSettlementHistory, ({ query, caller }) => settlementHistoryOf(db, caller, query.settlementKey));

  addRoute(app, deps, listSettlementLines, async ({ query, caller }) => {
    const row = await getSettlementForCaller(db, caller, query.settlementKey);
    let q = db.selectFrom('settlement_lines').where('account_key', '=', row.account_key).where('settlement_key', '=', row.duplicate_of ?? row.settlement_key);
    if (query.typeKey !== undefined) q = q.where('type_key', '=', query.typeKey);
    if (query.sku !== undefined) q = q.where('sku', '=', query.sku);
    if (query.marketplace !== undefined) q = q.where('marketplace', '=', query.marketplace);
    if (query.fulfilment !== undefined) q = q.where('fulfilment_channel', '=', query.fulfilment);
    // A product type or a country stands for stored values (core's selector-values): the settlement's
    // SKUs the account's product type rules put in it, the marketplaces in the country.
    const linesKey = row.duplicate_of ?? row.settlement_key;
    if (query.productType !== undefined) {
      const skus = (await db.selectFrom('settlement_refs').select('value').where('settlement_key', '=', linesKey).where('kind', '=', 'sku').execute()).map((r) => r.value);
      const rules = toCorePostingSettings(await getAccountPostingSettings(db, row.account_key)).productTypes ?? [];
      const wanted = skusOfProductType(skus, rules, query.productType);
      q = wanted.length > 0 ? q.where('sku', 'in', wanted) : q.where(sql<boolean>`false`);
    }
    if (query.country !== undefined) {
      const stored = await db.selectFrom('settlement_type_totals').select('marketplace').distinct().where('settlement_key', '=', linesKey).where('marketplace', 'is not', null).execute();
      const { marketplaces, isUnsetIncluded } = marketplacesOfCountry(
        stored.map((r) => r.marketplace!),
        row.marketplace,
        query.country,
      );
      q = q.where((eb) => eb.or([...(marketplaces.length > 0 ? [eb('marketplace', 'in', marketplaces)] : []), ...(isUnsetIncluded ? [eb('marketplace', 'is', null)] : []), eb.lit(false)]));
    }
    if (query.month !== undefined) {
      const zone = (await db.selectFrom('accounts').select('time_zone_id').where('account_key', '=', row.account_key).executeTakeFirstOrThrow()).time_zone_id;
      q = q.where(sql<boolean>`to_char(posted_at at time zone ${zone}, 'YYYY-MM') = ${query.month}`);
    }
    const isUnfiltered = [query.typeKey, query.sku, query.marketplace, query.fulfilment, query.month, query.productType, query.country].every((v) => v === undefined);
    // Unfiltered: the page by line number (no offset to walk) and the stored count (no count of millions of lines).
    const [lines, count] = isUnfiltered
      ? [
          await q.selectAll().where('line_no', '>', query.page * query.size).where('line_no', '<=', (query.page + 1) * query.size).orderBy('line_no').execute(),
          { n: String(row.line_count) },
        ]
      : await Promise.all([
          q.selectAll().orderBy('line_no').limit(query.size).offset(query.page * query.size).execute(),
          q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        ]);
    return {
      lines: lines.map((l) => {
        const info = describeTransactionType(row.sales_source as Channel, l.type_key);
        return {
          lineNo: l.line_no,
          postedAt: l.posted_at ? l.posted_at.toISOString() : null,
          typeKey: l.type_key,
          typeLabel: info.label,
          category: info.category,
          orderId: l.order_id,
          sku: l.sku,
          quantity: l.quantity,
          marketplace: l.marketplace,
          fulfilmentChannel: l.fulfilment_channel,
          amount: l.amount,
          description: l.description,
          sourceFile: l.source_file ?? row.source_file,
          sourceRow: l.source_row,
        };
      }),
      pagination: { perPage: query.size, currentPage: query.page, cursor: null, totalRows: Number(count.n), pageOptions: [...pageSizes] },
    };
  });

  addRoute(app, deps, listChannelsOrGateways, async ({ query, caller }) => {
    await assertAccountAccess(db, caller, query.account);
    const rows = await db
      .selectFrom('settlements')
      .select(['channel', 'gateway'])
      .distinct()
      .where('account_key', '=', query.account)
      .where('sales_source', '=', query.salesChannel)
      .where('is_single_order', '=', query.isSingleOrder === 'true')
      .execute();
    const sorted = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))].sort((a, b) => a.localeCompare(b));
    return { channels: sorted(rows.map((r) => r.channel)), gateways: sorted(rows.map((r) => r.gateway)) };
  });

  addRoute(app, deps, listAccountCurrencies, async ({ query, caller }) => {
    await assertAccountAccess(db, caller, query.account);
    const rows = await db.selectFrom('settlements').select('currency').distinct().where('account_key', '=', query.account).orderBy('currency').execute();
    return { currencies: rows.map((r) => r.currency) };
  });

  addRoute(app, deps, settlementsAvailable, async ({ query, caller }) => {
    await assertAccountAccess(db, caller, query.account);
    const row = await db.selectFrom('settlements').select((eb) => eb.fn.countAll<string>().as('n')).where('account_key', '=', query.account).executeTakeFirstOrThrow();
    return { available: Number(row.n) > 0, count: Number(row.n) };
  });
}

