/**
 * Cost Admin: the catalog of the account's organization (decision 0030), one SKU's costs over time,
 * setting and deleting a cost (bundles and lots: bundle-lot-routes.ts). Reads need read access to the account,
 * changes write access; each change is audited on the account it was made from.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  deleteProductCost,
  listProductCosts,
  listProducts,
  pageSizes,
  saveProductCost,
  type ProductBody,
} from '@ledgerport/contract';
import { decimalToUnits } from '@ledgerport/core/money';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { catalogAccess } from './catalog-access';
import { ensureProduct, readBundles, readLots, upsertCost } from './product-catalog-repository';

export function registerCatalogRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const { catalogOf, audit } = catalogAccess(deps);

  addRoute(app, deps, listProducts, async ({ caller, query }) => {
    const catalogKey = await catalogOf(caller, query.accountKey);
    const today = deps.clock().toISOString().slice(0, 10);
    const hasCost = sql<boolean>`exists (select 1 from product_costs c where c.catalog_key = p.catalog_key and c.sku = p.sku)`;
    let q = db.selectFrom('products as p').where('p.catalog_key', '=', catalogKey);
    if (query.search) q = q.where('p.sku', 'ilike', `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (query.isMissingCost === 'true') q = q.where(sql<boolean>`not ${hasCost}`);
    if (query.isMissingCost === 'false') q = q.where(hasCost);
    const { count } = await q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    const column = query.sort.replace('-', '') === 'sku' ? 'p.sku' : 'p.first_seen_at';
    const rows = await q
      .select(['p.sku', 'p.title', 'p.first_seen_at'])
      .orderBy(column, query.sort.startsWith('-') ? 'desc' : 'asc')
      .orderBy('p.sku')
      .limit(query.size)
      .offset(query.page * query.size)
      .execute();
    const skus = rows.map((r) => r.sku);
    const costs =
      skus.length === 0
        ? []
        : await db
            .selectFrom('product_costs')
            .select(['sku', 'currency', 'effective_date', 'unit_cost'])
            .where('catalog_key', '=', catalogKey)
            .where('sku', 'in', skus)
            .orderBy('effective_date')
            .execute();
    const bundles = (await readBundles(db, catalogKey)).filter((b) => skus.includes(b.bundleSku));
    const lotsLeft = new Map<string, number>();
    if (skus.length > 0) {
      const currencies = [
        ...new Set(
          (
            await db
              .selectFrom('purchase_lots')
              .select('currency')
              .distinct()
              .where('catalog_key', '=', catalogKey)
              .execute()
          ).map((r) => r.currency),
        ),
      ];
      for (const currency of currencies)
        for (const lot of await readLots(db, catalogKey, currency, null))
          if (skus.includes(lot.sku))
            lotsLeft.set(lot.sku, (lotsLeft.get(lot.sku) ?? 0) + lot.quantity - lot.consumed);
    }
    const totals = await db
      .selectFrom('products as p')
      .select([
        (eb) => eb.fn.countAll<string>().as('size'),
        sql<string>`count(*) filter (where not ${hasCost})`.as('missing'),
      ])
      .where('p.catalog_key', '=', catalogKey)
      .executeTakeFirstOrThrow();
    const products: ProductBody[] = rows.map((r) => {
      const mine = costs.filter((c) => c.sku === r.sku);
      const current = new Map<string, (typeof mine)[number]>();
      for (const c of mine)
        if (c.effective_date <= today || !current.has(c.currency)) current.set(c.currency, c);
      return {
        sku: r.sku,
        title: r.title,
        firstSeenAt: r.first_seen_at.toISOString(),
        currentCosts: [...current.values()].map((c) => ({
          currency: c.currency,
          unitCost: c.unit_cost,
          effectiveDate: c.effective_date,
        })),
        costCount: mine.length,
        components: bundles
          .filter((b) => b.bundleSku === r.sku)
          .map((b) => ({ sku: b.componentSku, quantity: b.quantity })),
        lotUnitsLeft: lotsLeft.get(r.sku) ?? 0,
      };
    });
    return {
      products,
      pagination: {
        perPage: query.size,
        currentPage: query.page,
        cursor: null,
        totalRows: Number(count),
        pageOptions: [...pageSizes],
      },
      catalogSize: Number(totals.size),
      missingCostCount: Number(totals.missing),
    };
  });

  addRoute(app, deps, listProductCosts, async ({ caller, query }) => {
    const catalogKey = await catalogOf(caller, query.accountKey);
    const rows = await db
      .selectFrom('product_costs')
      .selectAll()
      .where('catalog_key', '=', catalogKey)
      .where('sku', '=', query.sku)
      .orderBy('effective_date', 'desc')
      .orderBy('currency')
      .execute();
    return {
      costs: rows.map((r) => ({
        sku: r.sku,
        currency: r.currency,
        effectiveDate: r.effective_date,
        unitCost: r.unit_cost,
        updatedAt: r.updated_at.toISOString(),
      })),
    };
  });

  addRoute(app, deps, saveProductCost, async ({ caller, query, body }) => {
    const catalogKey = await catalogOf(caller, query.accountKey);
    const at = deps.clock();
    const cost = {
      sku: body.sku,
      currency: body.currency,
      effectiveDate: body.effectiveDate,
      unitCost: decimalToUnits(body.unitCost),
    };
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('product_costs')
        .select('unit_cost')
        .where('catalog_key', '=', catalogKey)
        .where('sku', '=', body.sku)
        .where('currency', '=', body.currency)
        .where('effective_date', '=', body.effectiveDate)
        .executeTakeFirst();
      await ensureProduct(trx, catalogKey, body.sku, body.title ?? null, at);
      await upsertCost(trx, catalogKey, cost, caller.userId, at);
      await audit(
        caller,
        query.accountKey,
        'product.cost-saved',
        body.sku,
        before
          ? { unitCost: before.unit_cost, currency: body.currency, effectiveDate: body.effectiveDate }
          : null,
        { unitCost: body.unitCost, currency: body.currency, effectiveDate: body.effectiveDate },
      )(trx);
    });
    return {
      sku: body.sku,
      currency: body.currency,
      effectiveDate: body.effectiveDate,
      unitCost: body.unitCost,
      updatedAt: at.toISOString(),
    };
  });

  addRoute(app, deps, deleteProductCost, async ({ caller, query, reply }) => {
    const catalogKey = await catalogOf(caller, query.accountKey);
    await db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('product_costs')
        .where('catalog_key', '=', catalogKey)
        .where('sku', '=', query.sku)
        .where('currency', '=', query.currency)
        .where('effective_date', '=', query.effectiveDate)
        .returning('unit_cost')
        .executeTakeFirst();
      if (!gone)
        throw new AppError(
          'not-found',
          `${query.sku} has no ${query.currency} cost from ${query.effectiveDate}.`,
          { sku: query.sku },
        );
      await audit(
        caller,
        query.accountKey,
        'product.cost-deleted',
        query.sku,
        { unitCost: gone.unit_cost, currency: query.currency, effectiveDate: query.effectiveDate },
        null,
      )(trx);
    });
    return reply.status(204).send();
  });
}
