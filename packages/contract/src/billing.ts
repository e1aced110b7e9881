/**
 * Billing on Stripe (issue 16, decision 0031): plans, the account's usage against its plan, checkout
 * on Stripe's hosted page, subscription changes, invoices, the billing portal, the Stripe webhook,
 * and the backend's plan editor. Amounts are decimal strings in the plan's currency. With billing off
 * (no Stripe key) every call but the overview answers 404 and the overview says `isEnabled: false`.
 */
import { z } from 'zod';
import { PLAN_FEATURES } from '@ledgerport/core/billing';
import { defineEndpoint } from './endpoint';
import { accountKeySchema as accountKey } from './ids';
import { safeTextSchema } from './safe-text';

const period = z.enum(['monthly', 'yearly'], { error: 'The period must be monthly or yearly.' });
const planCode = safeTextSchema.trim().regex(/^[A-Z][A-Z0-9_]{1,31}$/, 'The planCode must be a plan code such as STANDARD.');
const couponCode = safeTextSchema.trim().min(1, 'The coupon code is empty.').max(64, 'The coupon code is at most 64 characters.');
const amount = z.string();
const subscriptionStatus = z.enum(['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused']);

export const billingPlanSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    rank: z.number().int(),
    isActive: z.boolean(),
    currency: z.string(),
    monthly: amount.nullable(),
    yearly: amount.nullable(),
    settlementsPerMonth: z.number().int().nullable(),
    channels: z.number().int().nullable(),
    historyMonths: z.number().int().nullable(),
    features: z.array(z.enum(PLAN_FEATURES)),
  })
  .meta({ id: 'BillingPlan' });
export type BillingPlanBody = z.infer<typeof billingPlanSchema>;

export const billingSubscriptionSchema = z
  .object({
    subscriptionId: z.string(),
    kind: z.enum(['account', 'firm']),
    planCode: z.string(),
    planName: z.string(),
    period,
    currency: z.string(),
    amount,
    status: subscriptionStatus,
    currentPeriodEnd: z.string().nullable(),
    isCancelAtPeriodEnd: z.boolean(),
    pastDueSince: z.string().nullable(),
    /** The day sending stops when a payment keeps failing (past due plus the grace period); null when nothing is owed. */
    sendingPausedFrom: z.string().nullable(),
    couponCode: z.string().nullable(),
    /** Spec section 9: twelve masked digits plus the last four, 'Expires {month year}', the card holder's name (null where Stripe has none). */
    card: z.object({ brand: z.string().nullable(), masked: z.string(), expiry: z.string().nullable(), holderName: z.string().nullable() }).nullable(),
    /** Whether the caller may change it (the payer, or the account's owner for an account subscription). */
    canManage: z.boolean(),
    accountKeys: z.array(z.string()),
  })
  .meta({ id: 'BillingSubscription' });
export type BillingSubscriptionBody = z.infer<typeof billingSubscriptionSchema>;

export const billingOverviewSchema = z
  .object({
    isEnabled: z.boolean(),
    accountKey: z.string(),
    planCode: z.string().nullable(),
    isTrial: z.boolean(),
    plans: z.array(billingPlanSchema),
    usage: z.object({
      sentThisMonth: z.number().int(),
      settlementsPerMonth: z.number().int().nullable(),
      filesUsed: z.number().int(),
      filesMax: z.number().int().nullable(),
      channels: z.number().int(),
      channelsMax: z.number().int().nullable(),
    }),
    subscription: billingSubscriptionSchema.nullable(),
  })
  .meta({ id: 'BillingOverview' });
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const checkoutRequestSchema = z.strictObject({ accountKey, planCode, period, couponCode: couponCode.optional() });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutSummarySchema = z
  .object({
    planCode: z.string(),
    planName: z.string(),
    period,
    currency: z.string(),
    subtotal: amount,
    coupon: z.object({ code: z.string(), description: z.string() }).nullable(),
    discount: amount,
    /** Tax as Stripe's invoice preview computes it. */
    tax: amount,
    total: amount,
  })
  .meta({ id: 'CheckoutSummary' });
export type CheckoutSummary = z.infer<typeof checkoutSummarySchema>;

export const getBillingOverview = defineEndpoint({
  method: 'GET',
  url: '/billing/overview',
  summary: "The account's plan, its usage this month against the plan's limits (the usage meter), the plans offered, and the subscription covering it.",
  tag: 'billing',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: billingOverviewSchema,
});

export const previewCheckout = defineEndpoint({
  method: 'POST',
  url: '/billing/checkout/preview',
  summary: "The checkout's summary before paying: plan, period, coupon and discount, tax as Stripe computes it, total. An expired or unknown coupon is a 422 naming it.",
  tag: 'billing',
  access: 'user',
  effect: 'manage',
  body: checkoutRequestSchema,
  response: checkoutSummarySchema,
});

export const startCheckout = defineEndpoint({
  method: 'POST',
  url: '/billing/checkout',
  summary: "Opens a Stripe Checkout session for the account's subscription and answers its hosted page's URL; the card is entered there, never here. The subscription starts when Stripe's webhook says so.",
  tag: 'billing',
  access: 'user',
  effect: 'manage',
  body: checkoutRequestSchema,
  response: z.object({ sessionId: z.string(), url: z.string() }),
});

export const getCheckoutSession = defineEndpoint({
  method: 'GET',
  url: '/billing/checkout/session',
  summary: 'The outcome of a checkout the caller opened: open, complete (with the subscription, once its webhook arrived) or expired.',
  tag: 'billing',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ sessionId: safeTextSchema.trim().min(1, 'The sessionId is missing.').max(200) }),
  response: z.object({ sessionId: z.string(), accountKey: z.string(), planCode: z.string(), status: z.enum(['open', 'complete', 'expired']), subscription: billingSubscriptionSchema.nullable() }),
});

export const changeSubscription = defineEndpoint({
  method: 'POST',
  url: '/billing/subscription/change',
  summary: 'Upgrade or downgrade the subscription covering the account (Stripe prorates); a downgrade below this month\'s usage is refused.',
  tag: 'billing',
  access: 'user',
  effect: 'manage',
  body: z.strictObject({ accountKey, planCode, period }),
  response: z.object({ message: z.string() }),
});

export const cancelSubscription = defineEndpoint({
  method: 'POST',
  url: '/billing/subscription/cancel',
  summary: 'Cancel at the end of the paid period (nothing is lost; the account becomes a trial then) or, with resume, undo that.',
  tag: 'billing',
  access: 'user',
  effect: 'manage',
  body: z.strictObject({ accountKey, action: z.enum(['cancel', 'resume'], { error: 'The action must be cancel or resume.' }) }),
  response: z.object({ message: z.string(), currentPeriodEnd: z.string().nullable() }),
});

export const listInvoices = defineEndpoint({
  method: 'GET',
  url: '/billing/invoices',
  summary: "The invoices of the subscription covering the account, newest first, with Stripe's PDF and hosted page links; only its payer or the account's owner may read them.",
  tag: 'billing',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: z.object({
    invoices: z.array(z.object({ invoiceId: z.string(), number: z.string().nullable(), date: z.string(), currency: z.string(), total: amount, status: z.string(), pdfUrl: z.string().nullable(), hostedUrl: z.string().nullable() })),
  }),
});

export const openBillingPortal = defineEndpoint({
  method: 'POST',
  url: '/billing/portal',
  summary: "A Stripe billing portal session to update the payment method; answers its URL.",
  tag: 'billing',
  access: 'user',
  effect: 'manage',
  body: z.strictObject({ accountKey }),
  response: z.object({ url: z.string() }),
});

export const listMySubscriptions = defineEndpoint({
  method: 'GET',
  url: '/billing/subscriptions',
  summary: "The subscriptions the caller pays for (User Settings > Subscriptions), a partner firm's with the client accounts each covers.",
  tag: 'billing',
  access: 'user',
  effect: 'self',
  response: z.object({ isEnabled: z.boolean(), subscriptions: z.array(billingSubscriptionSchema) }),
});

export const stripeWebhook = defineEndpoint({
  method: 'POST',
  url: '/webhooks/stripe',
  summary: "Stripe's events, verified by the Stripe-Signature header; each event id is applied once, and an event older than the stored state changes nothing.",
  tag: 'billing',
  access: 'public',
  effect: 'self',
  response: z.object({ received: z.boolean(), outcome: z.string() }),
});

export const planEditSchema = z.strictObject({
  name: safeTextSchema.trim().min(1, 'Enter the plan name.').max(60, 'The plan name is at most 60 characters.'),
  rank: z.number().int().min(0).max(1000),
  isActive: z.boolean(),
  settlementsPerMonth: z.number().int().min(0).max(10_000_000).nullable(),
  channels: z.number().int().min(0).max(1000).nullable(),
  historyMonths: z.number().int().min(0).max(600).nullable(),
  features: z.array(z.enum(PLAN_FEATURES)).max(PLAN_FEATURES.length),
  prices: z
    .array(
      z.strictObject({
        currency: safeTextSchema.trim().regex(/^[A-Z]{3}$/, 'The currency must be a three-letter code such as USD.'),
        monthly: safeTextSchema.trim().regex(/^\d{1,12}(\.\d{1,4})?$/, 'The monthly price must be an amount such as 49 or 49.00.'),
        yearly: safeTextSchema.trim().regex(/^\d{1,12}(\.\d{1,4})?$/, 'The yearly price must be an amount such as 490 or 490.00.'),
      }),
    )
    .min(1, 'Give the plan at least one price.')
    .max(20),
});
export type PlanEdit = z.infer<typeof planEditSchema>;

export const listBackendPlans = defineEndpoint({
  method: 'GET',
  url: '/backend/billing/plans',
  summary: 'Every plan with its limits and prices per currency (root admins edit them).',
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  response: z.object({ plans: z.array(planEditSchema.extend({ code: z.string(), updatedAt: z.string() })) }),
});

export const saveBackendPlan = defineEndpoint({
  method: 'PUT',
  url: '/backend/billing/plans/:planCode',
  summary: 'Create or change a plan (root admins only); audited with the plan before and after. A changed price gets a new Stripe price at the next checkout.',
  tag: 'backend',
  access: 'admin',
  effect: 'manage',
  params: z.strictObject({ planCode }),
  body: planEditSchema,
  response: z.object({ code: z.string(), updatedAt: z.string() }),
});
