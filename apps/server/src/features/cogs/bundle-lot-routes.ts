/** Cost Admin: bundles (kits of component SKUs, never containing themselves) and purchase lots (FIFO), each change audited. */
import type { FastifyInstance } from 'fastify';
import { addPurchaseLot, listPurchaseLots, saveBundle } from '@ledgerport/contract';
import { findBundleCycle } from '@ledgerport/core/cogs';
import { formatUnits } from '@ledgerport/core/money';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { catalogAccess } from './catalog-access';
import { ensureProduct, readBundles, readLots } from './product-catalog-repository';

export function registerBundleLotRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const { catalogOf, audit } = catalogAccess(deps);

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
