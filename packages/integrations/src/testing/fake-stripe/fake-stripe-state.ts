/**
 * The fake's objects, each typed as the fields of the `stripe` package's own type that we produce
 * (Pick<Stripe.X, ...>): a field renamed or retyped by a new API version fails the typecheck here.
 */
import type Stripe from 'stripe';

export type FakeCustomer = Pick<Stripe.Customer, 'id' | 'object' | 'email' | 'name' | 'metadata' | 'created' | 'livemode'>;
export type FakePrice = Pick<Stripe.Price, 'id' | 'object' | 'active' | 'currency' | 'unit_amount' | 'created' | 'livemode' | 'metadata' | 'type'> & {
  recurring: Pick<Stripe.Price.Recurring, 'interval' | 'interval_count'>;
  product: string;
};
export type FakeCoupon = Pick<Stripe.Coupon, 'id' | 'object' | 'amount_off' | 'percent_off' | 'currency' | 'duration' | 'duration_in_months' | 'redeem_by' | 'valid' | 'name' | 'created' | 'livemode' | 'metadata' | 'times_redeemed' | 'max_redemptions'>;
export type FakePromotionCode = Pick<Stripe.PromotionCode, 'id' | 'object' | 'active' | 'code' | 'expires_at' | 'created' | 'livemode' | 'metadata' | 'times_redeemed' | 'max_redemptions'> & {
  promotion: { type: 'coupon'; coupon: string };
};
export type FakePaymentMethod = Pick<Stripe.PaymentMethod, 'id' | 'object' | 'type' | 'created' | 'livemode' | 'customer'> & {
  billing_details: Pick<Stripe.PaymentMethod.BillingDetails, 'name'>;
  card: Pick<Stripe.PaymentMethod.Card, 'brand' | 'last4' | 'exp_month' | 'exp_year'>;
};
export type FakeSubscriptionItem = Pick<Stripe.SubscriptionItem, 'id' | 'object' | 'current_period_start' | 'current_period_end' | 'quantity' | 'created'> & { price: FakePrice };
export type FakeSubscription = Pick<Stripe.Subscription, 'id' | 'object' | 'status' | 'cancel_at_period_end' | 'canceled_at' | 'created' | 'metadata' | 'livemode' | 'currency'> & {
  customer: string;
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: boolean; url: string };
  default_payment_method: string | null;
};
export type FakeCheckoutSession = Pick<
  Stripe.Checkout.Session,
  'id' | 'object' | 'mode' | 'status' | 'payment_status' | 'client_reference_id' | 'success_url' | 'cancel_url' | 'url' | 'metadata' | 'created' | 'livemode' | 'amount_subtotal' | 'amount_total' | 'currency' | 'expires_at'
> & {
  customer: string | null;
  subscription: string | null;
  total_details: Pick<Stripe.Checkout.Session.TotalDetails, 'amount_discount' | 'amount_tax' | 'amount_shipping'>;
  /** Not Stripe's: what the session sells, kept to make the subscription when it is paid. */
  fake: { priceId: string; quantity: number; promotionCodeId: string | null; subscriptionMetadata: Record<string, string> };
};
export type FakeInvoice = Pick<
  Stripe.Invoice,
  'id' | 'object' | 'number' | 'status' | 'currency' | 'subtotal' | 'total' | 'amount_due' | 'amount_paid' | 'created' | 'period_start' | 'period_end' | 'hosted_invoice_url' | 'invoice_pdf' | 'livemode' | 'metadata' | 'total_excluding_tax'
> & {
  customer: string;
  total_discount_amounts: { amount: number; discount: string }[];
  total_taxes: { amount: number; tax_behavior: 'exclusive'; taxability_reason: 'standard_rated'; taxable_amount: number; type: 'tax_rate_details'; tax_rate_details: { tax_rate: string } }[];
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } } | null;
};
export type FakePortalSession = Pick<Stripe.BillingPortal.Session, 'id' | 'object' | 'customer' | 'return_url' | 'url' | 'created' | 'livemode'>;

export interface FakeStripeState {
  customers: Map<string, FakeCustomer>;
  prices: Map<string, FakePrice>;
  coupons: Map<string, FakeCoupon>;
  promotionCodes: Map<string, FakePromotionCode>;
  paymentMethods: Map<string, FakePaymentMethod>;
  subscriptions: Map<string, FakeSubscription>;
  sessions: Map<string, FakeCheckoutSession>;
  invoices: Map<string, FakeInvoice>;
}

export function emptyState(): FakeStripeState {
  return { customers: new Map(), prices: new Map(), coupons: new Map(), promotionCodes: new Map(), paymentMethods: new Map(), subscriptions: new Map(), sessions: new Map(), invoices: new Map() };
}
