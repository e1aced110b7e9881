/**
 * Cost Admin: the catalog of the account's organization (decision 0030), one SKU's costs over time,
 * setting and deleting a cost, bundles and purchase lots. Reads need read access to the account,
 * changes write access; each change is audited on the account it was made from.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  addPurchaseLot,
  deleteProductCost,
  listProductCosts,
  listProducts,
  listPurchaseLots,
  pageSizes,
  saveBundle,
  saveProductCost,
  type ProductBody,
} from '@ledgerport/contract';
import { findBundleCycle } from '@ledgerport/core/cogs';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getCogsAccount } from './cogs-account';
import { ensureProduct, readBundles, readLots, upsertCost } from './product-catalog-repository';

export function registerCatalogRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const catalogOf = async (caller: Caller, accountKey: string) => {
    await assertAccountAccess(db, caller, accountKey);
    return (await getCogsAccount(db, accountKey)).catalogKey;
  };
  const audit =
    (
      caller: Caller,
      accountKey: string,
      action: string,
      entityId: string,
      before: Record<string, unknown> | null,
      after: Record<string, unknown> | null,
    ) =>
    (trx: typeof db) =>
      recordAudit(trx, {
        actorUserId: caller.userId,
        accountKey,
        action,
        entityType: 'product',
        entityId,
        before,
        after,
        at: deps.clock(),
      });

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

  addRoute(app, deps, saveBundle, async ({ caller, query, body }) => {
    const catalogKey = await catalogOf(caller, query.accountKey);
    if (body.components.some((c) => c.sku === body.bundleSku))
      throw new AppError('request.invalid', `Bundle ${body.bundleSku} cannot contain itself.`, {
        path: 'components',
      });
    const others = (await readBundles(db, catalogKey)).filter((b) => b.bundleSku !== body.bundleSku);
    const next = [
      ...others,
      ...body.components.map((c) => ({
        bundleSku: body.bundleSku,
        componentSku: c.sku,
        quantity: c.quantity,
      })),
    ];
    const cycle = findBundleCycle(next);
    if (cycle !== null)
      throw new AppError(
        'request.invalid',
        `Bundle ${body.bundleSku} would contain itself through ${cycle}; remove that component.`,
        { path: 'components' },
      );
    const at = deps.clock();
    await db.transaction().execute(async (trx) => {
      await ensureProduct(trx, catalogKey, body.bundleSku, null, at);
      for (const c of body.components) await ensureProduct(trx, catalogKey, c.sku, null, at);
      await trx
        .deleteFrom('product_bundle_components')
        .where('catalog_key', '=', catalogKey)
        .where('bundle_sku', '=', body.bundleSku)
        .execute();
      if (body.components.length > 0) {
        await trx
          .insertInto('product_bundle_components')
          .values(
            body.components.map((c) => ({
              catalog_key: catalogKey,
              bundle_sku: body.bundleSku,
              component_sku: c.sku,
              quantity: c.quantity,
            })),
          )
          .execute();
      }
      await audit(caller, query.accountKey, 'product.bundle-saved', body.bundleSku, null, {
        components: body.components,
      })(trx);
    });
    return { bundleSku: body.bundleSku, components: body.components };
  });

  addRoute(app, deps, listPurchaseLots, async ({ caller, query }) => {
    const catalogKey = await catalogOf(caller, query.accountKey);
    const currencies = (
      await db
        .selectFrom('purchase_lots')
        .select('currency')
        .distinct()
        .where('catalog_key', '=', catalogKey)
        .execute()
    ).map((r) => r.currency);
    const lots = [];
    for (const currency of currencies)
      for (const l of await readLots(db, catalogKey, currency, null))
        if (!query.sku || l.sku === query.sku) lots.push(l);
    lots.sort((a, b) =>
      a.sku < b.sku
        ? -1
        : a.sku > b.sku
          ? 1
          : a.purchasedOn < b.purchasedOn
            ? -1
            : a.purchasedOn > b.purchasedOn
              ? 1
              : a.lotId < b.lotId
                ? -1
                : 1,
    );
    return {
      lots: lots.map((l) => ({
        lotId: l.lotId,
        sku: l.sku,
        currency: l.currency,
        purchasedOn: l.purchasedOn,
        quantity: l.quantity,
        unitCost: formatUnits(l.unitCost),
        unitsLeft: l.quantity - l.consumed,
      })),
    };
  });

  addRoute(app, deps, addPurchaseLot, async ({ caller, query, body }) => {
    const catalogKey = await catalogOf(caller, query.accountKey);
    const at = deps.clock();
    await db.transaction().execute(async (trx) => {
      const exists = await trx
        .selectFrom('purchase_lots')
        .select('lot_id')
        .where('catalog_key', '=', catalogKey)
        .where('lot_id', '=', body.lotId)
        .executeTakeFirst();
      if (exists)
        throw new AppError(
          'request.invalid',
          `Lot ${body.lotId} is already recorded; give the new lot another id.`,
          { path: 'lotId' },
        );
      await ensureProduct(trx, catalogKey, body.sku, null, at);
      await trx
        .insertInto('purchase_lots')
        .values({
          catalog_key: catalogKey,
          lot_id: body.lotId,
          sku: body.sku,
          currency: body.currency,
          purchased_on: body.purchasedOn,
          quantity: body.quantity,
          unit_cost: body.unitCost,
          created_at: at,
        })
        .execute();
      await audit(caller, query.accountKey, 'product.lot-added', body.sku, null, {
        lotId: body.lotId,
        quantity: body.quantity,
        unitCost: body.unitCost,
        currency: body.currency,
        purchasedOn: body.purchasedOn,
      })(trx);
    });
    return {
      lotId: body.lotId,
      sku: body.sku,
      currency: body.currency,
      purchasedOn: body.purchasedOn,
      quantity: body.quantity,
      unitCost: body.unitCost,
      unitsLeft: body.quantity,
    };
  });
}
