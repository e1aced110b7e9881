import type { FastifyInstance } from 'fastify';
import { addFeatureFlags, listBetaFeatures, listFeatureFlags, removeFeatureFlags, setBetaFeature, type BetaFeature, type FeatureFlagName } from '@ledgerport/contract';
import { betaFeaturesFor } from '@ledgerport/core/rules';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { listAccountFlags } from '../accounts/account-repository';

export function registerFeatureFlagRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, listFeatureFlags, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    return { featureFlags: await listAccountFlags(db, query.accountKey) };
  });

  const change = async (caller: Caller, accountKey: string, add: FeatureFlagName[], remove: FeatureFlagName[]) => {
    await assertAccountAccess(db, caller, accountKey);
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const before = await listAccountFlags(trx, accountKey);
      if (add.length > 0) {
        await trx
          .insertInto('account_feature_flags')
          .values([...new Set(add)].map((flag) => ({ account_key: accountKey, flag, created_at: now })))
          .onConflict((oc) => oc.columns(['account_key', 'flag']).doNothing())
          .execute();
      }
      if (remove.length > 0) {
        await trx.deleteFrom('account_feature_flags').where('account_key', '=', accountKey).where('flag', 'in', remove).execute();
      }
      const after = await listAccountFlags(trx, accountKey);
      await recordAudit(trx, {
        actorUserId: caller.userId,
        accountKey,
        action: add.length > 0 ? 'account.feature-flags-added' : 'account.feature-flags-removed',
        entityType: 'account',
        entityId: accountKey,
        before: { featureFlags: before },
        after: { featureFlags: after },
        at: now,
      });
      return { featureFlags: after };
    });
  };

  addRoute(app, deps, addFeatureFlags, async ({ caller, body }) => change(caller, body.accountKey, body.featureFlagsToAdd, []));

  // Beta Features (merchants): the flags core offers this account, switched one at a time.
  const betaFeaturesOf = async (accountKey: string): Promise<{ features: BetaFeature[] }> => {
    const account = await db.selectFrom('accounts').select(['sales_channel', 'accounting_system']).where('account_key', '=', accountKey).executeTakeFirstOrThrow();
    const on = new Set<string>(await listAccountFlags(db, accountKey));
    return { features: betaFeaturesFor(account.sales_channel, account.accounting_system).map((f) => ({ ...f, flag: f.flag as FeatureFlagName, isOn: on.has(f.flag) })) };
  };
  addRoute(app, deps, listBetaFeatures, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    return betaFeaturesOf(query.accountKey);
  });
  addRoute(app, deps, setBetaFeature, async ({ caller, body }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    const offered = (await betaFeaturesOf(body.accountKey)).features.find((f) => f.flag === body.flag);
    if (!offered) throw new AppError('request.invalid', `${body.flag} is not a beta feature of this account: it is not offered for its sales channel and accounting system.`, { flag: body.flag });
    if (offered.isOn !== body.isOn) await change(caller, body.accountKey, body.isOn ? [body.flag] : [], body.isOn ? [] : [body.flag]);
    return betaFeaturesOf(body.accountKey);
  });
  addRoute(app, deps, removeFeatureFlags, async ({ caller, body }) => change(caller, body.accountKey, [], body.featureFlagsToRemove));
}
