/**
 * Firm billing (issue 16, decision 0040): a partner (accounting firm, the caller's partner code) pays
 * for several of its client accounts on one Stripe subscription. The checkout sells the plan's price
 * with quantity = the number of accounts; the subscription's metadata lists them, and the webhook (the
 * only writer, decision 0031) records the firm subscription and gives each account the plan.
 */
import type { FastifyInstance } from 'fastify';
import { listFirmClientAccounts, startFirmCheckout } from '@ledgerport/contract';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { recordAudit } from '../../audit/record-audit';
import { ensureCustomer, ensurePrice, findCoupon, getPlanForSale, type CheckoutDeps } from './checkout';
import { callStripe, stripeOf } from './stripe-of';
import { loadPlans, minorToAmount } from './billing-repository';

const ENDED: ('canceled' | 'incomplete_expired')[] = ['canceled', 'incomplete_expired'];

export function registerFirmBillingRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config } = deps;

  addRoute(app, deps, listFirmClientAccounts, async ({ caller }) => {
    stripeOf(config.billing);
    if (!caller.partnerCode) return { partnerCode: null, accounts: [], plans: [] };
    const currency = config.billing!.currency;
    const plans = (await loadPlans(db))
      .filter((p) => p.isActive)
      .map((p) => ({ code: p.code, name: p.name, currency, monthly: p.prices[currency] ? minorToAmount(p.prices[currency].monthlyMinor, currency) : null, yearly: p.prices[currency] ? minorToAmount(p.prices[currency].yearlyMinor, currency) : null }));
    const rows = await db
      .selectFrom('accounts as a')
      .leftJoin('billing_subscription_accounts as sa', 'sa.account_key', 'a.account_key')
      .leftJoin('billing_subscriptions as s', 's.subscription_id', 'sa.subscription_id')
      .select(['a.account_key', 'a.account_name', 'a.sales_channel', 'a.plan_code', 's.kind', 's.status'])
      .where('a.partner_code', '=', caller.partnerCode)
      .execute();
    const accounts = rows.map((r) => {
      const isLive = r.status !== null && r.status !== 'canceled' && r.status !== 'incomplete_expired';
      return {
        accountKey: r.account_key,
        accountName: r.account_name,
        salesChannel: r.sales_channel,
        planCode: r.plan_code,
        coveredBy: !isLive ? ('none' as const) : r.kind === 'firm' ? ('firm' as const) : ('own' as const),
        canChoose: !isLive,
      };
    });
    accounts.sort((a, b) => a.accountName.localeCompare(b.accountName, 'en', { sensitivity: 'base' }) || a.accountKey.localeCompare(b.accountKey));
    return { partnerCode: caller.partnerCode, accounts, plans };
  });

  addRoute(app, deps, startFirmCheckout, async ({ body, caller }) => {
    const d: CheckoutDeps = { db, stripe: stripeOf(config.billing), billing: config.billing!, clock: deps.clock };
    const keys = [...new Set(body.accountKeys)].sort();
    if (!caller.partnerCode) throw new AppError('auth.forbidden', 'Only a partner firm can pay for client accounts; your user belongs to no firm.');
    const rows = await db.selectFrom('accounts').select(['account_key', 'account_name']).where('account_key', 'in', keys).where('partner_code', '=', caller.partnerCode).execute();
    const missing = keys.filter((k) => !rows.some((r) => r.account_key === k));
    // Another firm's account answers like a missing one: no existence leak.
    if (missing.length > 0) throw new AppError('billing.not-found', `The account ${missing[0]} is not one of your firm's client accounts.`, { accountKey: missing[0] });
    const covered = await db
      .selectFrom('billing_subscription_accounts as sa')
      .innerJoin('billing_subscriptions as s', 's.subscription_id', 'sa.subscription_id')
      .select(['sa.account_key', 's.kind'])
      .where('sa.account_key', 'in', keys)
      .where('s.status', 'not in', ENDED)
      .execute();
    if (covered.length > 0) {
      const name = rows.find((r) => r.account_key === covered[0]!.account_key)?.account_name ?? covered[0]!.account_key;
      throw new AppError('billing.plan-change-refused', `${name} is already paid for by ${covered[0]!.kind === 'firm' ? 'a firm subscription' : 'its own subscription'}; leave it out of this checkout.`, { accountKey: covered[0]!.account_key });
    }
    const currency = d.billing.currency;
    const { plan, priceMinor } = await getPlanForSale(db, body.planCode, currency, body.period);
    const promo = body.couponCode ? await findCoupon(d, body.couponCode, currency) : null;
    const customer = await ensureCustomer(d, caller);
    const priceId = await ensurePrice(d, plan, currency, body.period, priceMinor);
    const metadata = { accountKeys: keys.join(','), userId: caller.userId, planCode: plan.code, period: body.period, kind: 'firm', couponCode: body.couponCode ?? '', partnerCode: caller.partnerCode };
    const session = await callStripe('open the checkout', () =>
      d.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: caller.partnerCode!,
        line_items: [{ price: priceId, quantity: keys.length }],
        ...(promo ? { discounts: [{ promotion_code: promo.promotionCodeId }] } : {}),
        success_url: `${config.publicUrl}/app/user/settings/firm-billing?checkout=complete&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${config.publicUrl}/app/user/settings/firm-billing?checkout=cancelled`,
        metadata,
        subscription_data: { metadata },
      }),
    );
    if (!session.url) throw new AppError('billing.provider-failed', 'Stripe opened the checkout without a page to pay on. Please try again later.');
    const at = deps.clock();
    await db.transaction().execute(async (trx) => {
      // One row per checkout; it names the first account (the subscription's metadata names them all).
      await trx.insertInto('billing_checkout_sessions').values({ session_id: session.id, account_key: keys[0]!, user_id: caller.userId, plan_code: plan.code, period: body.period, currency, coupon_code: body.couponCode ?? null, created_at: at }).execute();
      for (const key of keys) {
        await recordAudit(trx, { actorUserId: caller.userId, accountKey: key, action: 'billing.firm-checkout-started', entityType: 'checkout', entityId: session.id, after: { planCode: plan.code, period: body.period, quantity: keys.length, partnerCode: caller.partnerCode, couponCode: body.couponCode ?? null }, at });
      }
    });
    return { sessionId: session.id, url: session.url, quantity: keys.length };
  });
}
