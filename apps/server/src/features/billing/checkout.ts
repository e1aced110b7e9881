/**
 * Checkout (issue 16): the Stripe customer of the paying user, the Stripe price of a plan (made once
 * per plan, currency and period, and made again when an admin changes the amount), the coupon a
 * person typed (a Stripe promotion code, refused by core's rule when expired), the summary with
 * Stripe's tax, and the hosted Checkout session. Card details are entered only on Stripe's page.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { applyCoupon, decideCoupon, formatPercentOff, type BillingPeriod, type Coupon, type Plan } from '@ledgerport/core/billing';
import type { Stripe } from '@ledgerport/integrations/billing';
import type { CheckoutRequest, CheckoutSummary } from '@ledgerport/contract';
import { AppError } from '../../http/app-error';
import type { BillingConfig } from '../../config/billing-config';
import { loadPlans, minorToAmount } from './billing-repository';
import { callStripe } from './stripe-of';

export interface CheckoutDeps {
  db: Kysely<Database>;
  stripe: Stripe;
  billing: BillingConfig;
  clock: () => Date;
}

export async function getPlanForSale(db: Kysely<Database>, planCode: string, currency: string, period: BillingPeriod): Promise<{ plan: Plan; priceMinor: bigint }> {
  const plan = (await loadPlans(db)).find((p) => p.code === planCode);
  if (!plan || !plan.isActive) throw new AppError('billing.not-found', `There is no plan ${planCode} on offer; choose one of the plans on the billing page.`, { planCode });
  const price = plan.prices[currency];
  if (!price) throw new AppError('billing.not-found', `The ${plan.name} plan has no price in ${currency}.`, { planCode, currency });
  return { plan, priceMinor: period === 'monthly' ? price.monthlyMinor : price.yearlyMinor };
}

export async function ensureCustomer(d: CheckoutDeps, user: { userId: string; email: string }): Promise<string> {
  const row = await d.db.selectFrom('billing_customers').select('customer_id').where('user_id', '=', user.userId).executeTakeFirst();
  if (row) return row.customer_id;
  const customer = await callStripe('create the Stripe customer', () => d.stripe.customers.create({ email: user.email, metadata: { userId: user.userId } }));
  await d.db.insertInto('billing_customers').values({ customer_id: customer.id, user_id: user.userId, created_at: d.clock() }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  const stored = await d.db.selectFrom('billing_customers').select('customer_id').where('user_id', '=', user.userId).executeTakeFirstOrThrow();
  return stored.customer_id;
}

/** The Stripe price of a plan, currency and period, made when missing or when the stored one has another amount. */
export async function ensurePrice(d: CheckoutDeps, plan: Plan, currency: string, period: BillingPeriod, priceMinor: bigint): Promise<string> {
  const column = period === 'monthly' ? 'stripe_monthly_price_id' : 'stripe_yearly_price_id';
  const row = await d.db.selectFrom('billing_plan_prices').select(column).where('plan_code', '=', plan.code).where('currency', '=', currency).executeTakeFirst();
  const existing = row?.[column];
  if (existing) {
    const price = await callStripe('read the plan price', () => d.stripe.prices.retrieve(existing)).catch(() => null);
    if (price && price.unit_amount !== null && BigInt(price.unit_amount) === priceMinor) return existing;
  }
  const created = await callStripe('create the plan price', () =>
    d.stripe.prices.create({
      currency: currency.toLowerCase(),
      unit_amount: Number(priceMinor),
      recurring: { interval: period === 'monthly' ? 'month' : 'year' },
      product_data: { name: `Ledgerport ${plan.name}` },
      metadata: { planCode: plan.code, period },
    }),
  );
  await d.db.updateTable('billing_plan_prices').set({ [column]: created.id }).where('plan_code', '=', plan.code).where('currency', '=', currency).execute();
  return created.id;
}

/** The promotion code a person typed, with its coupon as core reads it; 422 when unknown or expired. */
export async function findCoupon(d: CheckoutDeps, code: string, currency: string): Promise<{ promotionCodeId: string; coupon: Coupon }> {
  const found = await callStripe('look up the coupon', () => d.stripe.promotionCodes.list({ code, limit: 1 }));
  const promo = found.data[0];
  if (!promo || !promo.active) throw new AppError('billing.invalid-coupon', `There is no coupon ${code}; check the spelling or remove it.`, { couponCode: code });
  const couponRef = promo.promotion.coupon;
  if (!couponRef) throw new AppError('billing.invalid-coupon', `There is no coupon ${code}; check the spelling or remove it.`, { couponCode: code });
  const c = typeof couponRef === 'string' ? await callStripe('read the coupon', () => d.stripe.coupons.retrieve(couponRef)) : couponRef;
  const redeemBy = [promo.expires_at, c.redeem_by].filter((x): x is number => x !== null).sort((a, b) => a - b)[0];
  const coupon: Coupon = {
    code,
    // Stripe's percent_off is a number with at most two decimals: to hundredths of a percent exactly.
    percentOffHundredths: c.percent_off === null ? null : BigInt(Math.round(c.percent_off * 100)),
    amountOffMinor: c.amount_off === null ? null : BigInt(c.amount_off),
    currency: c.currency ?? null,
    duration: c.duration === 'repeating' ? 'repeating' : c.duration === 'forever' ? 'forever' : 'once',
    durationInMonths: c.duration_in_months ?? null,
    redeemBy: redeemBy === undefined ? null : new Date(redeemBy * 1000),
  };
  const decision = decideCoupon(coupon, currency, d.clock());
  if (!decision.isAllowed || !c.valid) throw new AppError('billing.invalid-coupon', decision.isAllowed ? `The coupon ${code} can no longer be used; remove it or enter another code.` : decision.message, { couponCode: code });
  return { promotionCodeId: promo.id, coupon };
}

export async function previewCheckout(d: CheckoutDeps, user: { userId: string; email: string }, req: CheckoutRequest): Promise<CheckoutSummary> {
  const currency = d.billing.currency;
  const { plan, priceMinor } = await getPlanForSale(d.db, req.planCode, currency, req.period);
  const promo = req.couponCode ? await findCoupon(d, req.couponCode, currency) : null;
  const ours = applyCoupon(priceMinor, promo?.coupon ?? null);
  const customer = await ensureCustomer(d, user);
  const priceId = await ensurePrice(d, plan, currency, req.period, priceMinor);
  const preview = await callStripe('compute the tax', () =>
    d.stripe.invoices.createPreview({ customer, subscription_details: { items: [{ price: priceId }] }, ...(promo ? { discounts: [{ promotion_code: promo.promotionCodeId }] } : {}) }),
  );
  const tax = BigInt((preview.total_taxes ?? []).reduce((n, t) => n + t.amount, 0));
  return {
    planCode: plan.code,
    planName: plan.name,
    period: req.period,
    currency,
    subtotal: minorToAmount(priceMinor, currency),
    coupon: promo ? { code: promo.coupon.code, description: couponDescription(promo.coupon, currency) } : null,
    discount: minorToAmount(ours.discountMinor, currency),
    tax: minorToAmount(tax, currency),
    total: minorToAmount(ours.totalMinor + tax, currency),
  };
}

function couponDescription(c: Coupon, currency: string): string {
  const off = c.percentOffHundredths !== null ? `${formatPercentOff(c.percentOffHundredths)} off` : `${minorToAmount(c.amountOffMinor ?? 0n, currency)} ${currency} off`;
  const how = c.duration === 'forever' ? 'every invoice' : c.duration === 'repeating' ? `for ${c.durationInMonths ?? 0} months` : 'the first invoice';
  return `${off} ${how}`;
}

export async function startCheckout(d: CheckoutDeps, user: { userId: string; email: string }, req: CheckoutRequest, publicUrl: string): Promise<{ sessionId: string; url: string }> {
  const currency = d.billing.currency;
  const { plan, priceMinor } = await getPlanForSale(d.db, req.planCode, currency, req.period);
  const promo = req.couponCode ? await findCoupon(d, req.couponCode, currency) : null;
  const customer = await ensureCustomer(d, user);
  const priceId = await ensurePrice(d, plan, currency, req.period, priceMinor);
  const metadata = { accountKeys: req.accountKey, userId: user.userId, planCode: plan.code, period: req.period, kind: 'account', couponCode: req.couponCode ?? '' };
  const session = await callStripe('open the checkout', () =>
    d.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: req.accountKey,
      line_items: [{ price: priceId, quantity: 1 }],
      ...(promo ? { discounts: [{ promotion_code: promo.promotionCodeId }] } : {}),
      success_url: `${publicUrl}/app/billing/checkout/complete?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${publicUrl}/app/billing/checkout?accountKey=${encodeURIComponent(req.accountKey)}&planCode=${plan.code}&period=${req.period}`,
      metadata,
      subscription_data: { metadata },
    }),
  );
  if (!session.url) throw new AppError('billing.provider-failed', 'Stripe opened the checkout without a page to pay on. Please try again later.');
  await d.db
    .insertInto('billing_checkout_sessions')
    .values({ session_id: session.id, account_key: req.accountKey, user_id: user.userId, plan_code: plan.code, period: req.period, currency, coupon_code: req.couponCode ?? null, created_at: d.clock() })
    .execute();
  return { sessionId: session.id, url: session.url };
}
