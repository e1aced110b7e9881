/**
 * The backend's plan editor (root admins): every plan with limits and prices, and saving one, audited
 * with the plan before and after. A changed amount gets a new Stripe price at the next checkout
 * (checkout.ts compares the stored price's amount); existing subscribers keep theirs until changed.
 */
import type { FastifyInstance } from 'fastify';
import { listBackendPlans, saveBackendPlan, type PlanEdit } from '@ledgerport/contract';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { PlanFeature } from '@ledgerport/core/billing';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { recordAudit } from '../../audit/record-audit';

export function registerBackendPlanRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  addRoute(app, deps, listBackendPlans, async () => ({ plans: await readPlans(db) }));

  addRoute(app, deps, saveBackendPlan, async ({ params, body, caller }) => {
    if (!caller.rootAdmin) throw new AppError('auth.forbidden', 'Only a root admin can change plans.');
    const at = deps.clock();
    await db.transaction().execute(async (trx) => {
      const before = (await readPlans(trx)).find((p) => p.code === params.planCode) ?? null;
      const values = {
        name: body.name,
        rank: body.rank,
        is_active: body.isActive,
        settlements_per_month: body.settlementsPerMonth,
        channels: body.channels,
        history_months: body.historyMonths,
        features: JSON.stringify([...new Set(body.features)]),
        updated_at: at,
        updated_by: caller.userId,
      };
      await trx.insertInto('billing_plans').values({ plan_code: params.planCode, ...values }).onConflict((oc) => oc.column('plan_code').doUpdateSet(values)).execute();
      const currencies = body.prices.map((p) => p.currency);
      if (new Set(currencies).size !== currencies.length) throw new AppError('request.invalid', 'Each currency may have one price only; remove the repeated currency.', { path: 'prices' });
      await trx.deleteFrom('billing_plan_prices').where('plan_code', '=', params.planCode).where('currency', 'not in', currencies).execute();
      for (const p of body.prices) {
        const price = { monthly_amount: p.monthly, yearly_amount: p.yearly };
        await trx.insertInto('billing_plan_prices').values({ plan_code: params.planCode, currency: p.currency, ...price }).onConflict((oc) => oc.columns(['plan_code', 'currency']).doUpdateSet(price)).execute();
      }
      await recordAudit(trx, { actorUserId: caller.userId, action: before ? 'billing.plan-changed' : 'billing.plan-created', entityType: 'plan', entityId: params.planCode, before: before, after: { ...body }, at });
    });
    return { code: params.planCode, updatedAt: at.toISOString() };
  });
}

async function readPlans(db: Kysely<Database>): Promise<(PlanEdit & { code: string; updatedAt: string })[]> {
  const [plans, prices] = await Promise.all([db.selectFrom('billing_plans').selectAll().orderBy('rank').execute(), db.selectFrom('billing_plan_prices').selectAll().orderBy('currency').execute()]);
  return plans.map((p) => ({
    code: p.plan_code,
    name: p.name,
    rank: p.rank,
    isActive: p.is_active,
    settlementsPerMonth: p.settlements_per_month,
    channels: p.channels,
    historyMonths: p.history_months,
    features: p.features as PlanFeature[],
    prices: prices.filter((x) => x.plan_code === p.plan_code).map((x) => ({ currency: x.currency, monthly: trimAmount(x.monthly_amount), yearly: trimAmount(x.yearly_amount) })),
    updatedAt: p.updated_at.toISOString(),
  }));
}

/** '49.0000' -> '49.00': the stored scale is 4, a price is shown to the cent. */
function trimAmount(amount: string): string {
  return amount.replace(/(\.\d\d)0*$/, '$1');
}
