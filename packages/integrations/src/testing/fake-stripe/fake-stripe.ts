/**
 * An in-process fake of the Stripe endpoints Ledgerport calls (customers, prices, coupons, promotion
 * codes, checkout sessions, invoice previews and lists, subscriptions, payment methods, billing
 * portal), plus the hosted checkout page a person "pays" on. Paying sends the signed webhooks Stripe
 * would (signed with the package's own generateTestHeaderString). Requests are decoded into the
 * package's *Params types and answers built as its object types (fake-stripe-state.ts).
 * Test hooks: addCoupon, failPayment, endPeriod, events (everything delivered), signedEvent.
 */
import Stripe from 'stripe';
import { decodeStripeForm, type FormObject } from './decode-stripe-form';
import { emptyState, type FakeCheckoutSession, type FakeCoupon, type FakeInvoice, type FakeSubscription } from './fake-stripe-state';
import { renderCheckoutPage } from './fake-stripe-page';

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Hands a signed event to our server (app.inject in tests, fetch in e2e). */
  deliver: (payload: string, signature: string) => Promise<void>;
  /** The fake's own public URL (for hosted page links); set later by serveFakeStripe. */
  baseUrl?: string;
  /** Tax the fake adds, in hundredths of a percent (0 by default). */
  taxRateHundredths?: number;
  now?: () => Date;
}

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: unknown };
}

export type FakeStripe = ReturnType<typeof createFakeStripe>;

const DECLINED_CARD = '4000000000000341';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stripeError = (status: number, message: string, param?: string) => json({ error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } }, status);

export function createFakeStripe(o: FakeStripeOptions) {
  const state = emptyState();
  const events: FakeStripeEvent[] = [];
  const now = () => Math.floor((o.now ?? (() => new Date()))().getTime() / 1000);
  let seq = 0;
  const id = (prefix: string) => `${prefix}_fake${String(++seq).padStart(6, '0')}`;
  let baseUrl = o.baseUrl ?? 'http://127.0.0.1';
  const stripe = new Stripe(o.secretKey);

  function signedEvent(type: string, object: unknown, created = now()): { event: FakeStripeEvent; payload: string; signature: string } {
    const event: FakeStripeEvent = { id: id('evt'), object: 'event', type, created, api_version: Stripe.API_VERSION, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object: structuredClone(object) } };
    const payload = JSON.stringify(event);
    return { event, payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: o.webhookSecret }) };
  }

  async function emit(type: string, object: unknown): Promise<void> {
    const signed = signedEvent(type, object);
    events.push(signed.event);
    await o.deliver(signed.payload, signed.signature);
  }

  function list<T>(data: T[], url: string) {
    return { object: 'list' as const, data, has_more: false, url };
  }

  function discountOf(amount: number, promotionCodeId: string | null): number {
    const promo = promotionCodeId ? state.promotionCodes.get(promotionCodeId) : undefined;
    const coupon = promo ? state.coupons.get(promo.promotion.coupon) : undefined;
    if (!coupon) return 0;
    if (coupon.percent_off !== null) return Math.min(amount, Math.floor((amount * Math.round(coupon.percent_off * 100) + 5000) / 10000));
    return Math.min(amount, coupon.amount_off ?? 0);
  }

  function totals(priceId: string, promotionCodeId: string | null, quantity = 1) {
    const price = state.prices.get(priceId)!;
    const subtotal = (price.unit_amount ?? 0) * quantity;
    const discount = discountOf(subtotal, promotionCodeId);
    const tax = Math.floor(((subtotal - discount) * (o.taxRateHundredths ?? 0) + 5000) / 10000);
    return { subtotal, discount, tax, total: subtotal - discount + tax, currency: price.currency };
  }

  function makeInvoice(customer: string, subscriptionId: string | null, metadata: Record<string, string>, t: ReturnType<typeof totals>, status: 'paid' | 'open' | 'draft', start: number, end: number): FakeInvoice {
    const invoiceId = id('in');
    const invoice: FakeInvoice = {
      id: invoiceId, object: 'invoice', number: subscriptionId ? `FAKE-${String(state.invoices.size + 1).padStart(4, '0')}` : null, status, currency: t.currency, subtotal: t.subtotal,
      total: t.total, amount_due: t.total, amount_paid: status === 'paid' ? t.total : 0, created: now(), period_start: start, period_end: end, livemode: false, metadata: {},
      hosted_invoice_url: `${baseUrl}/invoice/${invoiceId}`, invoice_pdf: `${baseUrl}/invoice/${invoiceId}/pdf`, total_excluding_tax: t.subtotal - t.discount, customer,
      total_discount_amounts: t.discount > 0 ? [{ amount: t.discount, discount: id('di') }] : [],
      total_taxes: t.tax > 0 ? [{ amount: t.tax, tax_behavior: 'exclusive', taxability_reason: 'standard_rated', taxable_amount: t.subtotal - t.discount, type: 'tax_rate_details', tax_rate_details: { tax_rate: 'txr_fake' } }] : [],
      parent: subscriptionId ? { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata } } : null,
    };
    if (status !== 'draft') state.invoices.set(invoice.id, invoice);
    return invoice;
  }

  function periodEnd(start: number, interval: string): number {
    const d = new Date(start * 1000);
    if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
    else d.setUTCMonth(d.getUTCMonth() + 1);
    return Math.floor(d.getTime() / 1000);
  }

  async function pay(session: FakeCheckoutSession, card: { number: string; expMonth: number; expYear: number; name: string | null }): Promise<string | null> {
    if (card.number.replace(/\s/g, '') === DECLINED_CARD) return 'Your card was declined.';
    const pm = { id: id('pm'), object: 'payment_method' as const, type: 'card' as const, created: now(), livemode: false, customer: session.customer, billing_details: { name: card.name }, card: { brand: 'visa', last4: card.number.replace(/\s/g, '').slice(-4), exp_month: card.expMonth, exp_year: card.expYear } };
    state.paymentMethods.set(pm.id, pm);
    const price = state.prices.get(session.fake.priceId)!;
    const start = now();
    const end = periodEnd(start, price.recurring.interval);
    const sub: FakeSubscription = {
      id: id('sub'), object: 'subscription', status: 'active', cancel_at_period_end: false, canceled_at: null, created: start, metadata: session.fake.subscriptionMetadata, livemode: false,
      currency: price.currency, customer: session.customer!, default_payment_method: pm.id,
      items: list([{ id: id('si'), object: 'subscription_item', current_period_start: start, current_period_end: end, quantity: session.fake.quantity, created: start, price }], '/v1/subscription_items'),
    };
    state.subscriptions.set(sub.id, sub);
    const invoice = makeInvoice(sub.customer, sub.id, sub.metadata, totals(price.id, session.fake.promotionCodeId, session.fake.quantity), 'paid', start, end);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id, amount_total: invoice.total });
    await emit('customer.subscription.created', sub);
    await emit('invoice.paid', invoice);
    await emit('checkout.session.completed', session);
    return null;
  }

  async function api(method: string, path: string, q: URLSearchParams, body: FormObject): Promise<Response> {
    const seg = path.split('/').filter(Boolean);
    // Every id the fake makes contains '_fake': the rest of a path names the endpoint.
    const key = `${method} /${seg.map((s) => (s.includes('_fake') ? ':id' : s)).join('/')}`;
    switch (key) {
      case 'POST /v1/customers': {
        const p = body as unknown as Stripe.CustomerCreateParams;
        const c = { id: id('cus'), object: 'customer' as const, email: p.email ?? null, name: p.name ?? null, metadata: (p.metadata ?? {}) as Record<string, string>, created: now(), livemode: false };
        state.customers.set(c.id, c);
        return json(c);
      }
      case 'POST /v1/prices': {
        const p = body as unknown as Stripe.PriceCreateParams & { unit_amount: string; recurring: { interval: string } };
        if (!p.currency || !p.recurring?.interval) return stripeError(400, 'Missing required param: currency or recurring[interval].');
        const price = { id: id('price'), object: 'price' as const, active: true, currency: p.currency.toLowerCase(), unit_amount: Number(p.unit_amount), created: now(), livemode: false, metadata: (p.metadata ?? {}) as Record<string, string>, type: 'recurring' as const, recurring: { interval: p.recurring.interval as 'month' | 'year', interval_count: 1 }, product: id('prod') };
        state.prices.set(price.id, price);
        return json(price);
      }
      case 'GET /v1/prices/:id':
        return found(state.prices.get(seg[2]!));
      case 'GET /v1/promotion_codes': {
        const code = q.get('code');
        return json(list([...state.promotionCodes.values()].filter((p) => (code === null || p.code === code) && (q.get('active') !== 'true' || p.active)), '/v1/promotion_codes'));
      }
      case 'GET /v1/coupons/:id':
        return found(state.coupons.get(seg[2]!));
      case 'POST /v1/checkout/sessions':
        return createSession(body);
      case 'GET /v1/checkout/sessions/:id': {
        const found_ = state.sessions.get(seg[3]!);
        if (!found_) return stripeError(404, 'No such checkout session.', 'id');
        const { fake: _fake, ...visible } = found_;
        return json(visible);
      }
      case 'POST /v1/invoices/create_preview': {
        const p = body as unknown as Stripe.InvoiceCreatePreviewParams;
        const priceId = p.subscription_details?.items?.[0]?.price;
        if (!priceId || !state.prices.has(priceId)) return stripeError(400, 'No such price.', 'subscription_details[items][0][price]');
        const promo = p.discounts && typeof p.discounts !== 'string' ? (p.discounts[0]?.promotion_code ?? null) : null;
        return json(makeInvoice(p.customer ?? '', null, {}, totals(priceId, promo), 'draft', now(), now()));
      }
      case 'GET /v1/invoices': {
        const sub = q.get('subscription');
        const data = [...state.invoices.values()].filter((i) => i.customer === q.get('customer') && (!sub || i.parent?.subscription_details.subscription === sub)).reverse();
        return json(list(data, '/v1/invoices'));
      }
      case 'GET /v1/subscriptions/:id':
        return found(state.subscriptions.get(seg[2]!));
      case 'POST /v1/subscriptions/:id':
        return updateSubscription(seg[2]!, body);
      case 'GET /v1/payment_methods/:id':
        return found(state.paymentMethods.get(seg[2]!));
      case 'POST /v1/billing_portal/sessions': {
        const p = body as unknown as Stripe.BillingPortal.SessionCreateParams;
        const s = { id: id('bps'), object: 'billing_portal.session' as const, customer: p.customer, return_url: p.return_url ?? null, url: `${baseUrl}/portal/${p.customer}`, created: now(), livemode: false };
        return json(s);
      }
      default:
        return stripeError(404, `Unrecognized request URL (${method}: ${path}). The fake Stripe does not serve it.`);
    }
  }

  function found(object: unknown): Response {
    return object ? json(object) : stripeError(404, 'No such object.', 'id');
  }

  function createSession(p: Stripe.Checkout.SessionCreateParams): Response {
    const priceId = p.line_items?.[0]?.price;
    if (p.mode !== 'subscription' || !priceId || !state.prices.has(priceId)) return stripeError(400, 'A subscription checkout needs line_items[0][price] of a known price.', 'line_items');
    if (!p.customer || !state.customers.has(p.customer)) return stripeError(400, 'No such customer.', 'customer');
    const promotionCodeId = p.discounts?.[0]?.promotion_code ?? null;
    // Form-encoded: the quantity arrives as text.
    const quantity = Number(p.line_items?.[0]?.quantity ?? 1);
    if (!Number.isInteger(quantity) || quantity < 1) return stripeError(400, 'Invalid integer: line_items[0][quantity].', 'line_items');
    const t = totals(priceId, promotionCodeId, quantity);
    const sessionId = id('cs_test');
    const session: FakeCheckoutSession = {
      id: sessionId, object: 'checkout.session', mode: 'subscription', status: 'open', payment_status: 'unpaid', client_reference_id: p.client_reference_id ?? null,
      success_url: p.success_url ?? null, cancel_url: p.cancel_url ?? null, url: `${baseUrl}/pay/${sessionId}`, metadata: (p.metadata ?? {}) as Record<string, string>, created: now(), livemode: false,
      amount_subtotal: t.subtotal, amount_total: t.total, currency: t.currency, expires_at: now() + 24 * 3600, customer: p.customer, subscription: null,
      total_details: { amount_discount: t.discount, amount_tax: t.tax, amount_shipping: 0 },
      fake: { priceId, quantity, promotionCodeId, subscriptionMetadata: (p.subscription_data?.metadata ?? {}) as Record<string, string> },
    };
    state.sessions.set(session.id, session);
    const { fake: _fake, ...visible } = session;
    return json(visible);
  }

  async function updateSubscription(subscriptionId: string, p: Stripe.SubscriptionUpdateParams): Promise<Response> {
    const sub = state.subscriptions.get(subscriptionId);
    if (!sub) return stripeError(404, 'No such subscription.', 'id');
    const item = p.items?.[0];
    if (item?.price) {
      const price = state.prices.get(item.price);
      if (!price) return stripeError(400, 'No such price.', 'items[0][price]');
      sub.items.data[0]!.price = price;
    }
    if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = String(p.cancel_at_period_end) === 'true';
    if (p.metadata) sub.metadata = { ...sub.metadata, ...(p.metadata as Record<string, string>) };
    await emit('customer.subscription.updated', sub);
    return json(sub);
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    if (url.pathname.startsWith('/pay/')) return renderCheckoutPage(state, url, request.method, text, pay);
    if (url.pathname.startsWith('/portal/') || url.pathname.startsWith('/invoice/')) return new Response(`<!doctype html><title>Fake Stripe</title><p>Fake Stripe page for ${url.pathname}</p>`, { headers: { 'content-type': 'text/html' } });
    if (request.headers.get('authorization') !== `Bearer ${o.secretKey}`) return stripeError(401, 'Invalid API Key provided.');
    return api(request.method, url.pathname, url.searchParams, decodeStripeForm(text));
  }

  return {
    handle,
    state,
    events,
    signedEvent,
    setBaseUrl: (url: string) => (baseUrl = url),
    addCoupon(c: { code: string; percentOff?: number; amountOff?: number; currency?: string; duration?: FakeCoupon['duration']; durationInMonths?: number; redeemBy?: Date; expiresAt?: Date }) {
      const coupon: FakeCoupon = {
        id: id('co'), object: 'coupon', amount_off: c.amountOff ?? null, percent_off: c.percentOff ?? null, currency: c.currency ?? null, duration: c.duration ?? 'once', duration_in_months: c.durationInMonths ?? null,
        redeem_by: c.redeemBy ? Math.floor(c.redeemBy.getTime() / 1000) : null, valid: true, name: c.code, created: now(), livemode: false, metadata: {}, times_redeemed: 0, max_redemptions: null,
      };
      state.coupons.set(coupon.id, coupon);
      const promo = { id: id('promo'), object: 'promotion_code' as const, active: true, code: c.code, expires_at: c.expiresAt ? Math.floor(c.expiresAt.getTime() / 1000) : null, created: now(), livemode: false, metadata: {}, times_redeemed: 0, max_redemptions: null, promotion: { type: 'coupon' as const, coupon: coupon.id } };
      state.promotionCodes.set(promo.id, promo);
      return promo;
    },
    /** A renewal payment fails: an open invoice, the subscription past due, and their webhooks. */
    async failPayment(subscriptionId: string) {
      const sub = state.subscriptions.get(subscriptionId)!;
      sub.status = 'past_due';
      const item = sub.items.data[0]!;
      const invoice = makeInvoice(sub.customer, sub.id, sub.metadata, totals(item.price.id, null), 'open', item.current_period_end, periodEnd(item.current_period_end, item.price.recurring.interval));
      await emit('invoice.payment_failed', invoice);
      await emit('customer.subscription.updated', sub);
    },
    /** The period ends: a subscription set to cancel at period end is deleted. */
    async endPeriod(subscriptionId: string) {
      const sub = state.subscriptions.get(subscriptionId)!;
      if (!sub.cancel_at_period_end) return;
      Object.assign(sub, { status: 'canceled', canceled_at: now() });
      await emit('customer.subscription.deleted', sub);
    },
    /** Pays an open session as the hosted page's form would (tests without a browser). */
    async paySession(sessionId: string, cardNumber = '4242424242424242', name: string | null = null) {
      const session = state.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return pay(session, { number: cardNumber, expMonth: 12, expYear: 2030, name });
    },
  };
}
