/**
 * The Stripe webhook (issue 16, decision 0031): the only writer of the subscription state. Each event
 * is verified by its Stripe-Signature (the package's constructEvent, with its five-minute tolerance),
 * recorded by id in billing_webhook_events in the same transaction as its effect (a replay finds the
 * id and changes nothing), and a subscription event older than the stored state is skipped (core's
 * isNewerSubscriptionEvent). Covered accounts get the plan code while the subscription is live and
 * lose it (a trial again, nothing deleted) once it is cancelled.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { isNewerSubscriptionEvent, isSubscriptionStatus } from '@ledgerport/core/billing';
import type { Stripe } from '@ledgerport/integrations/billing';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/app-error';
import { minorToAmount } from './billing-repository';

const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid']);
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

export function verifyStripeEvent(stripe: Stripe, payload: string, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new AppError('billing.webhook-invalid', 'The Stripe webhook has no Stripe-Signature header; nothing was changed.');
  try {
    return stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    throw new AppError('billing.webhook-invalid', 'The Stripe-Signature header does not match this payload, or it is too old; nothing was changed.');
  }
}

type Card = { brand: string | null; last4: string | null; expMonth: number | null; expYear: number | null; holderName: string | null } | null;

/** What the transaction needs from Stripe, fetched before it opens (PGlite has one connection: no network wait inside). */
export async function cardOf(stripe: Stripe, event: Stripe.Event): Promise<Card> {
  if (!event.type.startsWith('customer.subscription.')) return null;
  const pm = (event.data.object as Stripe.Subscription).default_payment_method;
  if (!pm) return null;
  const method = typeof pm === 'string' ? await stripe.paymentMethods.retrieve(pm).catch(() => null) : pm;
  const card = method?.card;
  return card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year, holderName: method.billing_details?.name ?? null } : null;
}

export async function applyStripeEvent(trx: Kysely<Database>, event: Stripe.Event, card: Card, at: Date): Promise<string> {
  const inserted = await trx
    .insertInto('billing_webhook_events')
    .values({ event_id: event.id, type: event.type, created: event.created, outcome: 'applied', received_at: at })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  if (!inserted) return 'duplicate';
  const outcome = await applyByType(trx, event, card, at);
  await trx.updateTable('billing_webhook_events').set({ outcome }).where('event_id', '=', event.id).execute();
  return outcome;
}

async function applyByType(trx: Kysely<Database>, event: Stripe.Event, card: Card, at: Date): Promise<string> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return applySubscription(trx, event, event.data.object, card, at);
    case 'invoice.payment_failed':
    case 'invoice.paid':
      return applyInvoice(trx, event.type, event.data.object, event.created);
    case 'checkout.session.completed':
      await trx.updateTable('billing_checkout_sessions').set({ status: 'complete' }).where('session_id', '=', event.data.object.id).execute();
      return 'applied';
    default:
      return 'ignored';
  }
}

async function applySubscription(trx: Kysely<Database>, event: Stripe.Event, sub: Stripe.Subscription, card: Card, at: Date): Promise<string> {
  if (!isSubscriptionStatus(sub.status)) return 'ignored';
  const stored = await trx.selectFrom('billing_subscriptions').selectAll().where('subscription_id', '=', sub.id).executeTakeFirst();
  if (stored && !isNewerSubscriptionEvent({ createdSeconds: Number(stored.last_event_created), status: stored.status }, { createdSeconds: event.created, status: sub.status })) return 'stale';
  const item = sub.items.data[0];
  const price = item?.price;
  const byPrice = price
    ? await trx.selectFrom('billing_plan_prices').select(['plan_code', 'stripe_monthly_price_id']).where((eb) => eb.or([eb('stripe_monthly_price_id', '=', price.id), eb('stripe_yearly_price_id', '=', price.id)])).executeTakeFirst()
    : undefined;
  const meta = sub.metadata;
  const planCode = byPrice?.plan_code ?? meta.planCode;
  if (!planCode || !price) return 'ignored';
  const period: 'monthly' | 'yearly' = price.recurring?.interval === 'year' ? 'yearly' : 'monthly';
  const currency = price.currency.toUpperCase();
  const customer = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
  const payer = await trx.selectFrom('billing_customers').select('user_id').where('customer_id', '=', customer).executeTakeFirst();
  const row = {
    customer_id: customer,
    user_id: payer?.user_id ?? meta.userId ?? null,
    kind: meta.kind === 'firm' ? ('firm' as const) : ('account' as const),
    plan_code: planCode,
    period: period,
    currency,
    // A firm's subscription is one price times its accounts (quantity); each account's plan amount is the price.
    amount: minorToAmount(BigInt(price.unit_amount ?? 0) * BigInt(item?.quantity ?? 1), currency),
    status: sub.status,
    current_period_end: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancel_at_period_end: sub.cancel_at_period_end,
    past_due_since: sub.status === 'past_due' || sub.status === 'unpaid' ? (stored?.past_due_since ?? new Date(event.created * 1000)) : null,
    coupon_code: meta.couponCode || stored?.coupon_code || null,
    ...(card ? { card_brand: card.brand, card_last4: card.last4, card_exp_month: card.expMonth, card_exp_year: card.expYear, card_holder_name: card.holderName } : {}),
    last_event_id: event.id,
    last_event_created: event.created,
    updated_at: at,
  };
  await trx.insertInto('billing_subscriptions').values({ subscription_id: sub.id, ...row }).onConflict((oc) => oc.column('subscription_id').doUpdateSet(row)).execute();
  const keys = (meta.accountKeys ?? '').split(',').map((k) => k.trim()).filter(Boolean);
  for (const key of keys) {
    const exists = await trx.selectFrom('accounts').select('account_key').where('account_key', '=', key).executeTakeFirst();
    if (!exists) continue;
    await trx.insertInto('billing_subscription_accounts').values({ account_key: key, subscription_id: sub.id, added_at: at }).onConflict((oc) => oc.column('account_key').doUpdateSet({ subscription_id: sub.id })).execute();
  }
  const covered = await trx.selectFrom('billing_subscription_accounts').select('account_key').where('subscription_id', '=', sub.id).execute();
  const nextPlan = LIVE_STATUSES.has(sub.status) ? planCode : ENDED_STATUSES.has(sub.status) ? null : undefined;
  for (const { account_key } of covered) {
    const before = await trx.selectFrom('accounts').select('plan_code').where('account_key', '=', account_key).executeTakeFirstOrThrow();
    if (nextPlan !== undefined && before.plan_code !== nextPlan) {
      await trx.updateTable('accounts').set({ plan_code: nextPlan, plan_amount: nextPlan ? minorToAmount(BigInt(price.unit_amount ?? 0), currency) : null, subscribed_at: nextPlan ? (before.plan_code ? undefined : at) : null, updated_at: at }).where('account_key', '=', account_key).execute();
    }
    await recordAudit(trx, {
      actorUserId: null,
      accountKey: account_key,
      action: 'billing.subscription-changed',
      entityType: 'subscription',
      entityId: sub.id,
      before: stored ? { planCode: stored.plan_code, status: stored.status, cancelAtPeriodEnd: stored.cancel_at_period_end } : null,
      after: { planCode, status: sub.status, cancelAtPeriodEnd: sub.cancel_at_period_end, event: event.type },
      at,
    });
  }
  return 'applied';
}

async function applyInvoice(trx: Kysely<Database>, type: 'invoice.payment_failed' | 'invoice.paid', invoice: Stripe.Invoice, created: number): Promise<string> {
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  const id = typeof subscriptionId === 'string' ? subscriptionId : subscriptionId?.id;
  if (!id) return 'ignored';
  const stored = await trx.selectFrom('billing_subscriptions').select(['past_due_since', 'last_event_created']).where('subscription_id', '=', id).executeTakeFirst();
  if (!stored) return 'ignored';
  if (type === 'invoice.payment_failed') {
    if (stored.past_due_since === null) await trx.updateTable('billing_subscriptions').set({ past_due_since: new Date(created * 1000) }).where('subscription_id', '=', id).execute();
    return 'applied';
  }
  // A paid invoice clears what was owed, unless a later failure is already stored.
  if (stored.past_due_since !== null && stored.past_due_since.getTime() <= created * 1000) {
    await trx.updateTable('billing_subscriptions').set({ past_due_since: null }).where('subscription_id', '=', id).execute();
  }
  return 'applied';
}
