/**
 * Applies an account's Shopify order modes to payouts on their way into the database (called by
 * storeSettlements, in its transaction): B2B orders become settlements of their own (core's
 * splitSingleOrders) and a closed payout seen for the first time moves the deferred revenue of its
 * orders (core's buildDeferredRevenueSettlement), whose states are kept in deferred_revenue_orders.
 * What decides an order's mode (tags, gateways, fulfilment) is read from shopify_orders.
 */
import type { Kysely } from 'kysely';
import type { ImportedSettlement } from '@ledgerport/contract';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';
import { buildDeferredRevenueSettlement, DEFERRED_REVENUE_FORMAT, SINGLE_ORDER_FORMAT, splitSingleOrders, type DeferralState } from '@ledgerport/core/order-modes';
import { duplicateKey, type Settlement } from '@ledgerport/core/settlements';
import type { Database } from '@ledgerport/db';
import { findShopifyOrderModes, type ShopifyOrderModes } from './shopify-order-settings';

export interface OrderFacts {
  tags: string[];
  gateways: string[];
  poNumber: string | null;
  customerName: string | null;
  fulfilledAt: number | null;
}

interface InvoiceFacts {
  orderName: string;
  payoutId: string;
  poNumber: string | null;
  customerName: string | null;
}

export interface PreparedOrderModes {
  settlements: Settlement[];
  /** Records each stored B2B settlement's order, PO and customer. */
  record: (trx: Kysely<Database>, outcomes: ImportedSettlement[]) => Promise<void>;
}

const IN_CHUNK = 1000;
const isChannelPayout = (s: Settlement) => s.channel === 'SHOPIFY' && s.format !== SINGLE_ORDER_FORMAT && s.format !== DEFERRED_REVENUE_FORMAT;

export async function loadOrders(trx: Kysely<Database>, accountKey: string, names: string[]): Promise<Map<string, OrderFacts>> {
  const facts = new Map<string, OrderFacts>();
  for (let from = 0; from < names.length; from += IN_CHUNK) {
    const rows = await trx
      .selectFrom('shopify_orders')
      .select(['order_name', 'tags', 'gateways', 'po_number', 'customer_name', 'fulfilled_at'])
      .where('account_key', '=', accountKey)
      .where('order_name', 'in', names.slice(from, from + IN_CHUNK))
      .execute();
    for (const r of rows) {
      facts.set(r.order_name, {
        tags: r.tags.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean),
        gateways: r.gateways.split('\n').map((g) => g.trim().toLowerCase()).filter(Boolean),
        poNumber: r.po_number,
        customerName: r.customer_name,
        fulfilledAt: r.fulfilled_at === null ? null : r.fulfilled_at.getTime(),
      });
    }
  }
  return facts;
}

/** B2B: the order carries the chosen tag, or was paid through one of the chosen gateways (Shopify's tags and gateway names compare without case). */
export function isB2bOrderOf(modes: ShopifyOrderModes, facts: OrderFacts | undefined): boolean {
  if (!facts) return false;
  const tag = modes.b2bTag?.trim().toLowerCase();
  if (tag && facts.tags.includes(tag)) return true;
  const gateways = new Set(modes.b2bGateways.map((g) => g.trim().toLowerCase()));
  return facts.gateways.some((g) => gateways.has(g));
}

async function loadDeferralStates(trx: Kysely<Database>, accountKey: string, currency: string, names: string[]): Promise<Map<string, DeferralState>> {
  const rows = await trx
    .selectFrom('deferred_revenue_orders')
    .select(['order_name', 'paid', 'held', 'recognised'])
    .where('account_key', '=', accountKey)
    .where('currency', '=', currency)
    .where((eb) => eb.or([eb('held', '>', '0'), ...(names.length > 0 ? [eb('order_name', 'in', names)] : [])]))
    .execute();
  return new Map(rows.map((r) => [r.order_name, { paid: decimalToUnits(r.paid), held: decimalToUnits(r.held), recognised: decimalToUnits(r.recognised) }]));
}

async function saveDeferralStates(trx: Kysely<Database>, accountKey: string, currency: string, states: Map<string, DeferralState>, at: Date): Promise<void> {
  for (const [orderName, s] of states) {
    const values = { paid: formatUnits(s.paid), held: formatUnits(s.held), recognised: formatUnits(s.recognised), updated_at: at };
    await trx
      .insertInto('deferred_revenue_orders')
      .values({ account_key: accountKey, order_name: orderName, currency, ...values })
      .onConflict((c) => c.columns(['account_key', 'order_name', 'currency']).doUpdateSet(values))
      .execute();
  }
}

/** A payout already stored closed moved its deferrals when it was stored: a repeat must not move them again. */
async function isStoredClosed(trx: Kysely<Database>, accountKey: string, payout: Settlement): Promise<boolean> {
  const row = await trx
    .selectFrom('settlements')
    .select('status')
    .where('account_key', '=', accountKey)
    .where('duplicate_key', '=', duplicateKey(payout))
    .where('duplicate_of', 'is', null)
    .executeTakeFirst();
  return row?.status === 'closed';
}

async function deferRevenue(trx: Kysely<Database>, accountKey: string, payout: Settlement, orders: Map<string, OrderFacts>, at: Date): Promise<Settlement | null> {
  if (payout.status !== 'closed' || (await isStoredClosed(trx, accountKey, payout))) return null;
  return moveDeferrals(trx, accountKey, payout, orders, at);
}

/** The Deferred Revenue settlement of a closed payout and the orders' new states (saved). */
export async function moveDeferrals(trx: Kysely<Database>, accountKey: string, payout: Settlement, orders: Map<string, OrderFacts>, at: Date): Promise<Settlement | null> {
  const names = [...new Set(payout.lines.map((l) => l.orderId).filter((o): o is string => o !== null))];
  const states = await loadDeferralStates(trx, accountKey, payout.currency, names);
  const missing = [...states.keys()].filter((n) => !orders.has(n));
  for (const [name, facts] of await loadOrders(trx, accountKey, missing)) orders.set(name, facts);
  const asOf = payout.endDate ?? payout.depositDate ?? at.getTime();
  const outcome = buildDeferredRevenueSettlement({
    payout,
    states,
    isFulfilled: (name) => {
      const fulfilledAt = orders.get(name)?.fulfilledAt ?? null;
      return fulfilledAt !== null && fulfilledAt <= asOf;
    },
  });
  await saveDeferralStates(trx, accountKey, payout.currency, outcome.states, at);
  return outcome.settlement;
}

/** Null when the account has neither mode on or nothing here is a Shopify payout: the caller stores as given. */
export async function prepareShopifyOrderModes(trx: Kysely<Database>, accountKey: string, settlements: Settlement[], at: Date): Promise<PreparedOrderModes | null> {
  if (!settlements.some(isChannelPayout)) return null;
  const modes = await findShopifyOrderModes(trx, accountKey);
  if (!modes.isB2bEnabled && !modes.isDeferredRevenueEnabled) return null;
  const names = [...new Set(settlements.flatMap((s) => (isChannelPayout(s) ? s.lines.map((l) => l.orderId) : [])).filter((o): o is string => o !== null))];
  const orders = await loadOrders(trx, accountKey, names);
  const invoices = new Map<string, InvoiceFacts>();
  const out: Settlement[] = [];
  for (const s of settlements) {
    if (!isChannelPayout(s)) {
      out.push(s);
      continue;
    }
    const split = modes.isB2bEnabled ? splitSingleOrders(s, (name) => isB2bOrderOf(modes, orders.get(name))) : { payout: s, orders: [] };
    out.push(split.payout);
    for (const part of split.orders) {
      const facts = orders.get(part.orderName);
      invoices.set(part.settlement.settlementId, { orderName: part.orderName, payoutId: part.payoutId, poNumber: facts?.poNumber ?? null, customerName: facts?.customerName ?? null });
      out.push(part.settlement);
    }
    const deferred = modes.isDeferredRevenueEnabled ? await deferRevenue(trx, accountKey, split.payout, orders, at) : null;
    if (deferred) out.push(deferred);
  }
  return {
    settlements: out,
    record: async (db, outcomes) => {
      for (const o of outcomes) {
        const facts = invoices.get(o.settlementId);
        if (!facts || (o.outcome !== 'created' && o.outcome !== 'completed')) continue;
        const values = { order_name: facts.orderName, payout_id: facts.payoutId, po_number: facts.poNumber, customer_name: facts.customerName };
        await db
          .insertInto('single_order_invoices')
          .values({ account_key: accountKey, settlement_key: o.settlementKey, ...values })
          .onConflict((c) => c.columns(['account_key', 'settlement_key']).doUpdateSet(values))
          .execute();
      }
    },
  };
}
