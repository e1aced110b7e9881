/**
 * Settings > Shopify B2B Invoice and Settings > Shopify Deferred Revenue: read and change the
 * account's order modes. Same access as the other settings (a view-only user reads, cannot change);
 * only Shopify accounts with the tab's flag (SHOPIFY_SINGLE_ORDER_ENABLED,
 * SHOPIFY_DEFERRED_REVENUE_ENABLED). Every change is audited, so Settings > History lists it.
 * A change applies to payouts stored from then on; stored settlements are not re-split.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  getShopifyB2bSettings,
  getShopifyDeferredRevenueSettings,
  saveShopifyB2bSettings,
  saveShopifyDeferredRevenueSettings,
  type ShopifyB2bSettingsBody,
  type ShopifyDeferredRevenueSettingsBody,
} from '@ledgerport/contract';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';
import { DEFERRED_REVENUE_GATEWAY } from '@ledgerport/core/order-modes';
import { allows, type AccessLevel } from '@ledgerport/core/rules';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { deferUnpostedPayouts } from './defer-unposted-payouts';
import { resplitUnpostedPayouts } from './resplit-unposted-payouts';
import { getShopifyAccount, saveShopifyOrderModes, type ShopifyOrderModes } from '../shopify-order-modes/shopify-order-settings';

const B2B_TAB = 'Shopify B2B Invoice';
const DEFERRED_TAB = 'Shopify Deferred Revenue';
export const B2B_FLAG = 'SHOPIFY_SINGLE_ORDER_ENABLED';
export const DEFERRED_FLAG = 'SHOPIFY_DEFERRED_REVENUE_ENABLED';

async function b2bBody(db: Kysely<Database>, level: AccessLevel, accountKey: string, modes: ShopifyOrderModes): Promise<ShopifyB2bSettingsBody> {
  const { n } = await db
    .selectFrom('settlements')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_key', '=', accountKey)
    .where('is_single_order', '=', true)
    .where('duplicate_of', 'is', null)
    .executeTakeFirstOrThrow();
  return { accountKey, isEnabled: modes.isB2bEnabled, orderTag: modes.b2bTag, gateways: modes.b2bGateways, settlementCount: Number(n), canEdit: allows(level, 'write') };
}

async function deferredBody(db: Kysely<Database>, level: AccessLevel, accountKey: string, modes: ShopifyOrderModes): Promise<ShopifyDeferredRevenueSettingsBody> {
  const { n } = await db
    .selectFrom('settlements')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_key', '=', accountKey)
    .where('gateway', '=', DEFERRED_REVENUE_GATEWAY)
    .where('duplicate_of', 'is', null)
    .executeTakeFirstOrThrow();
  const held = await db
    .selectFrom('deferred_revenue_orders')
    .select(['currency', 'held'])
    .where('account_key', '=', accountKey)
    .where('held', '>', '0')
    .execute();
  const byCurrency = new Map<string, { amount: bigint; orderCount: number }>();
  for (const r of held) {
    const c = byCurrency.get(r.currency) ?? { amount: 0n, orderCount: 0 };
    byCurrency.set(r.currency, { amount: c.amount + decimalToUnits(r.held), orderCount: c.orderCount + 1 });
  }
  return {
    accountKey,
    isEnabled: modes.isDeferredRevenueEnabled,
    settlementCount: Number(n),
    held: [...byCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([currency, v]) => ({ currency, amount: formatUnits(v.amount), orderCount: v.orderCount })),
    canEdit: allows(level, 'write'),
  };
}

export function registerShopifyOrderSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, getShopifyB2bSettings, async ({ caller, query }) => {
    const account = await getShopifyAccount(db, caller, query.accountKey, B2B_FLAG, B2B_TAB);
    return b2bBody(db, account.level, account.accountKey, account.modes);
  });

  addRoute(app, deps, saveShopifyB2bSettings, async ({ caller, query, body }) => {
    const account = await getShopifyAccount(db, caller, query.accountKey, B2B_FLAG, B2B_TAB);
    const before = account.modes;
    const gateways = [...new Set(body.gateways)];
    const next: ShopifyOrderModes = { ...before, isB2bEnabled: body.isEnabled, b2bTag: body.orderTag === '' ? null : body.orderTag, b2bGateways: gateways };
    // Only what changed is audited; gateways as one text, so History reads 'none → Net 30'.
    const stateOf = (m: ShopifyOrderModes): Record<string, unknown> => ({ shopifyB2bEnabled: m.isB2bEnabled, b2bOrderTag: m.b2bTag, b2bGateways: m.b2bGateways.join(', ') });
    const [was, now] = [stateOf(before), stateOf(next)];
    const changed = Object.keys(now).filter((k) => now[k] !== was[k]);
    const beforeState = Object.fromEntries(changed.map((k) => [k, was[k]]));
    const afterState = Object.fromEntries(changed.map((k) => [k, now[k]]));
    if (changed.length > 0) {
      await db.transaction().execute(async (trx) => {
        await saveShopifyOrderModes(trx, account.accountKey, next, caller.userId, clock());
        await recordAudit(trx, { actorUserId: caller.userId, accountKey: account.accountKey, action: 'account.shopify-b2b-changed', entityType: 'account', entityId: account.accountKey, before: beforeState, after: afterState, at: clock() });
        if (next.isB2bEnabled) await resplitUnpostedPayouts(trx, account.accountKey, clock());
      });
    }
    return b2bBody(db, account.level, account.accountKey, next);
  });

  addRoute(app, deps, getShopifyDeferredRevenueSettings, async ({ caller, query }) => {
    const account = await getShopifyAccount(db, caller, query.accountKey, DEFERRED_FLAG, DEFERRED_TAB);
    return deferredBody(db, account.level, account.accountKey, account.modes);
  });

  addRoute(app, deps, saveShopifyDeferredRevenueSettings, async ({ caller, query, body }) => {
    const account = await getShopifyAccount(db, caller, query.accountKey, DEFERRED_FLAG, DEFERRED_TAB);
    const next: ShopifyOrderModes = { ...account.modes, isDeferredRevenueEnabled: body.isEnabled };
    if (next.isDeferredRevenueEnabled !== account.modes.isDeferredRevenueEnabled) {
      await db.transaction().execute(async (trx) => {
        await saveShopifyOrderModes(trx, account.accountKey, next, caller.userId, clock());
        await recordAudit(trx, {
          actorUserId: caller.userId,
          accountKey: account.accountKey,
          action: 'account.shopify-deferred-revenue-changed',
          entityType: 'account',
          entityId: account.accountKey,
          before: { shopifyDeferredRevenueEnabled: account.modes.isDeferredRevenueEnabled },
          after: { shopifyDeferredRevenueEnabled: next.isDeferredRevenueEnabled },
          at: clock(),
        });
        if (next.isDeferredRevenueEnabled) await deferUnpostedPayouts(trx, account.accountKey, clock());
      });
    }
    return deferredBody(db, account.level, account.accountKey, next);
  });
}
