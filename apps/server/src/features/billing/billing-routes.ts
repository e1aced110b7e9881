/**
 * The billing calls (issue 16): overview and usage meter, checkout preview and start, the checkout's
 * outcome, plan change, cancel and resume, invoices, the billing portal, and the caller's own
 * subscriptions. Every account call checks the caller's access first (another user's account is a
 * 404); Stripe is called for changes, and our subscription rows change only by its webhooks.
 */
import type { FastifyInstance } from 'fastify';
import {
  cancelSubscription,
  changeSubscription,
  getBillingOverview,
  getCheckoutSession,
  listInvoices,
  listMySubscriptions,
  openBillingPortal,
  previewCheckout as previewCheckoutEndpoint,
  startCheckout as startCheckoutEndpoint,
} from '@ledgerport/contract';
import { decidePlanChange, isTrialAccount, TRIAL_FILES_MAX } from '@ledgerport/core/billing';
import { isBillingEnabled } from '../../config/billing-config';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { recordAudit } from '../../audit/record-audit';
import { assertAccountAccess, canAccessAccount } from '../accounts/account-access';
import { countChannels, countSentThisMonth, findAccountSubscription, loadPlans, minorToAmount, type AccountSubscription } from './billing-repository';
import { ensureCustomer, ensurePrice, getPlanForSale, previewCheckout, startCheckout, type CheckoutDeps } from './checkout';
import { callStripe, stripeOf } from './stripe-of';
import { subscriptionBody } from './subscription-body';

export function registerBillingRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config } = deps;
  const checkoutDeps = (): CheckoutDeps => ({ db, stripe: stripeOf(config.billing), billing: config.billing!, clock: deps.clock });

  addRoute(app, deps, getBillingOverview, async ({ query, caller }) => {
    const level = await assertAccountAccess(db, caller, query.accountKey);
    const account = await db.selectFrom('accounts').select('plan_code').where('account_key', '=', query.accountKey).executeTakeFirstOrThrow();
    const now = deps.clock();
    const [plans, sent, channels, files, subscription] = await Promise.all([
      config.billing ? loadPlans(db) : Promise.resolve([]),
      countSentThisMonth(db, query.accountKey, now),
      countChannels(db, query.accountKey),
      db.selectFrom('settlement_import_files').select((eb) => eb.fn.countAll<string>().as('n')).where('account_key', '=', query.accountKey).where('status', 'in', ['QUEUED', 'PARSING', 'STORING', 'LOADED']).executeTakeFirstOrThrow(),
      config.billing ? findAccountSubscription(db, query.accountKey) : Promise.resolve(undefined),
    ]);
    const currency = config.billing?.currency ?? 'USD';
    const plan = plans.find((p) => p.code === account.plan_code);
    const isTrial = isTrialAccount({ planCode: account.plan_code }, isBillingEnabled(config));
    return {
      isEnabled: Boolean(config.billing),
      accountKey: query.accountKey,
      planCode: account.plan_code,
      isTrial,
      plans: plans.map((p) => ({
        code: p.code, name: p.name, rank: p.rank, isActive: p.isActive, currency,
        monthly: p.prices[currency] ? minorToAmount(p.prices[currency].monthlyMinor, currency) : null,
        yearly: p.prices[currency] ? minorToAmount(p.prices[currency].yearlyMinor, currency) : null,
        settlementsPerMonth: p.limits.settlementsPerMonth, channels: p.limits.channels, historyMonths: p.limits.historyMonths, features: [...p.limits.features],
      })),
      usage: {
        sentThisMonth: sent,
        settlementsPerMonth: isTrial ? 0 : (plan?.limits.settlementsPerMonth ?? null),
        filesUsed: Number(files.n),
        filesMax: isTrial ? TRIAL_FILES_MAX : null,
        channels,
        channelsMax: plan?.limits.channels ?? null,
      },
      subscription: subscription ? await subscriptionBody(db, subscription, caller.userId, level === 'manage') : null,
    };
  });

  addRoute(app, deps, previewCheckoutEndpoint, async ({ body, caller }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    return previewCheckout(checkoutDeps(), caller, body);
  });

  addRoute(app, deps, startCheckoutEndpoint, async ({ body, caller }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    const current = await findAccountSubscription(db, body.accountKey);
    if (current && !['canceled', 'incomplete_expired'].includes(current.status)) {
      throw new AppError('billing.plan-change-refused', `This account already has the ${current.planCode} plan; change the plan under Billing instead of checking out again.`, { accountKey: body.accountKey });
    }
    const started = await startCheckout(checkoutDeps(), caller, body, config.publicUrl);
    await recordAudit(db, { actorUserId: caller.userId, accountKey: body.accountKey, action: 'billing.checkout-started', entityType: 'checkout', entityId: started.sessionId, after: { planCode: body.planCode, period: body.period, couponCode: body.couponCode ?? null }, at: deps.clock() });
    return started;
  });

  addRoute(app, deps, getCheckoutSession, async ({ query, caller }) => {
    stripeOf(config.billing);
    const row = await db.selectFrom('billing_checkout_sessions').selectAll().where('session_id', '=', query.sessionId).executeTakeFirst();
    if (!row || !(await canAccessAccount(db, caller, row.account_key))) throw new AppError('billing.not-found', 'This checkout does not exist or you do not have access to it.', { sessionId: query.sessionId });
    const subscription = await findAccountSubscription(db, row.account_key);
    return { sessionId: row.session_id, accountKey: row.account_key, planCode: row.plan_code, status: row.status, subscription: subscription ? await subscriptionBody(db, subscription, caller.userId, false) : null };
  });

  addRoute(app, deps, changeSubscription, async ({ body, caller }) => {
    const d = checkoutDeps();
    const sub = await subscriptionToManage(deps, caller, body.accountKey);
    const plans = await loadPlans(db);
    const now = deps.clock();
    const to = plans.find((p) => p.code === body.planCode);
    if (!to) throw new AppError('billing.not-found', `There is no plan ${body.planCode}; choose one of the plans on the billing page.`, { planCode: body.planCode });
    const decision = decidePlanChange(plans.find((p) => p.code === sub.planCode) ?? null, to, { sentThisMonth: await countSentThisMonth(db, body.accountKey, now), channels: await countChannels(db, body.accountKey) });
    if (!decision.isAllowed && !(sub.planCode === to.code && sub.period !== body.period)) throw new AppError('billing.plan-change-refused', decision.isAllowed ? '' : decision.message, { planCode: body.planCode });
    const { priceMinor } = await getPlanForSale(db, to.code, sub.currency, body.period);
    const priceId = await ensurePrice(d, to, sub.currency, body.period, priceMinor);
    const stripeSub = await callStripe('read the subscription', () => d.stripe.subscriptions.retrieve(sub.subscriptionId));
    await callStripe('change the plan', () =>
      d.stripe.subscriptions.update(sub.subscriptionId, { items: [{ id: stripeSub.items.data[0]!.id, price: priceId }], proration_behavior: 'create_prorations', metadata: { planCode: to.code, period: body.period } }),
    );
    await recordAudit(db, { actorUserId: caller.userId, accountKey: body.accountKey, action: 'billing.plan-change-asked', entityType: 'subscription', entityId: sub.subscriptionId, before: { planCode: sub.planCode, period: sub.period }, after: { planCode: to.code, period: body.period }, at: now });
    return { message: `The plan changes to ${to.name} (${body.period}); Stripe prorates the difference on the next invoice.` };
  });

  addRoute(app, deps, cancelSubscription, async ({ body, caller }) => {
    const d = checkoutDeps();
    const sub = await subscriptionToManage(deps, caller, body.accountKey);
    const isCancel = body.action === 'cancel';
    await callStripe(isCancel ? 'cancel the subscription' : 'resume the subscription', () => d.stripe.subscriptions.update(sub.subscriptionId, { cancel_at_period_end: isCancel }));
    await recordAudit(db, { actorUserId: caller.userId, accountKey: body.accountKey, action: isCancel ? 'billing.cancel-asked' : 'billing.resume-asked', entityType: 'subscription', entityId: sub.subscriptionId, before: { cancelAtPeriodEnd: sub.isCancelAtPeriodEnd }, after: { cancelAtPeriodEnd: isCancel }, at: deps.clock() });
    const end = sub.currentPeriodEnd?.toISOString() ?? null;
    const day = end?.slice(0, 10) ?? 'the end of the paid period';
    return { message: isCancel ? `The subscription ends on ${day}; until then nothing changes, and no data is deleted afterwards.` : 'The subscription goes on: it renews at the end of the period.', currentPeriodEnd: end };
  });

  addRoute(app, deps, listInvoices, async ({ query, caller }) => {
    const d = checkoutDeps();
    const sub = await subscriptionToManage(deps, caller, query.accountKey);
    const list = await callStripe('list the invoices', () => d.stripe.invoices.list({ customer: sub.customerId, subscription: sub.subscriptionId, limit: 24 }));
    return {
      invoices: list.data.map((i) => {
        const currency = i.currency.toUpperCase();
        return { invoiceId: i.id, number: i.number, date: new Date(i.created * 1000).toISOString(), currency, total: minorToAmount(BigInt(i.total), currency), status: i.status ?? 'draft', pdfUrl: i.invoice_pdf ?? null, hostedUrl: i.hosted_invoice_url ?? null };
      }),
    };
  });

  addRoute(app, deps, openBillingPortal, async ({ body, caller }) => {
    const d = checkoutDeps();
    await assertAccountAccess(db, caller, body.accountKey);
    const customer = await ensureCustomer(d, caller);
    const session = await callStripe('open the billing portal', () => d.stripe.billingPortal.sessions.create({ customer, return_url: `${config.publicUrl}/app/user/settings/billing?accountKey=${encodeURIComponent(body.accountKey)}` }));
    return { url: session.url };
  });

  addRoute(app, deps, listMySubscriptions, async ({ caller }) => {
    if (!config.billing) return { isEnabled: false, subscriptions: [] };
    const rows = await db.selectFrom('billing_subscriptions').select('subscription_id').where('user_id', '=', caller.userId).orderBy('updated_at', 'desc').execute();
    const subscriptions = [];
    for (const r of rows) {
      const first = await db.selectFrom('billing_subscription_accounts').select('account_key').where('subscription_id', '=', r.subscription_id).executeTakeFirst();
      const sub = first ? await findAccountSubscription(db, first.account_key) : undefined;
      if (sub) subscriptions.push(await subscriptionBody(db, sub, caller.userId, false));
    }
    return { isEnabled: true, subscriptions };
  });
}

/** The live subscription covering an account, which the caller may change (its payer, or the owner of the account). */
async function subscriptionToManage(deps: Deps, caller: Caller, accountKey: string): Promise<AccountSubscription & { customerId: string }> {
  stripeOf(deps.config.billing);
  const level = await assertAccountAccess(deps.db, caller, accountKey);
  const sub = await findAccountSubscription(deps.db, accountKey);
  if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') throw new AppError('billing.not-found', 'This account has no subscription; choose a plan under Billing first.', { accountKey });
  if (sub.userId !== caller.userId && !(sub.kind === 'account' && level === 'manage')) throw new AppError('auth.forbidden', 'Only the person who pays for this subscription can change it.');
  const row = await deps.db.selectFrom('billing_subscriptions').select('customer_id').where('subscription_id', '=', sub.subscriptionId).executeTakeFirstOrThrow();
  return { ...sub, customerId: row.customer_id };
}
