/**
 * The assisted setup questionnaire (issue 15, spec section 7, decision 0022): create, save as you go,
 * read, delete before finishing, finish, and whether the onboarding flow shows it. The {id} is the
 * account key; every call checks the caller may open the account (another account's answers are a
 * not-found) and the contract's effect (a view-only user reads only). Each change is audited in its
 * own transaction.
 */
import type { FastifyInstance } from 'fastify';
import { checkAssistedSetup, createQuestionnaire, deleteQuestionnaire, finalizeQuestionnaire as finalizeEndpoint, getQuestionnaire, updateQuestionnaire } from '@ledgerport/contract';
import { allows, decideAssistedSetup, EMPTY_QUESTIONNAIRE_ANSWERS } from '@ledgerport/core/rules';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getConnectionStates } from '../accounts/connection-states';
import { finalizeQuestionnaire } from './finalize-questionnaire';
import { refreshMappingState } from '../mappings/refresh-mapping-state';
import { answersOf, columnsOf, diffAnswers, findQuestionnaireForUpdate, getQuestionnaireBody, questionnaireNotFound } from './questionnaire-repository';

const finalizedError = (accountKey: string, what: string) =>
  new AppError('questionnaire.finalized', `The assisted setup questionnaire is finished, so its answers are locked and ${what}.`, { accountKey });

export function registerQuestionnaireRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  // Self-hosted (billing off): no team reads the answers, Finish applies them (decision 0058).
  const IS_SELF_HOSTED = !deps.config.billing;

  addRoute(app, deps, createQuestionnaire, async ({ caller, body }) => {
    const { accountKey, ...change } = body;
    await assertAccountAccess(db, caller, accountKey);
    const at = clock();
    await db.transaction().execute(async (trx) => {
      const { after } = diffAnswers(EMPTY_QUESTIONNAIRE_ANSWERS, change);
      const inserted = await trx
        .insertInto('onboarding_questionnaires')
        .values({ account_key: accountKey, ...columnsOf(after), created_by: caller.userId, created_at: at, updated_by: caller.userId, updated_at: at })
        .onConflict((oc) => oc.column('account_key').doNothing())
        .returning('account_key')
        .executeTakeFirst();
      if (!inserted) throw new AppError('questionnaire.exists', 'This account already has an assisted setup questionnaire. Change its answers instead, or delete it to start again.', { accountKey });
      await recordAudit(trx, { actorUserId: caller.userId, accountKey, action: 'onboarding.questionnaire-started', entityType: 'onboarding-questionnaire', entityId: accountKey, after, at });
    });
    return getQuestionnaireBody(db, accountKey);
  });

  addRoute(app, deps, updateQuestionnaire, async ({ caller, body }) => {
    const { accountKey, ...change } = body;
    await assertAccountAccess(db, caller, accountKey);
    const at = clock();
    await db.transaction().execute(async (trx) => {
      const row = await findQuestionnaireForUpdate(trx, accountKey);
      if (!row) throw questionnaireNotFound(accountKey);
      if (row.finalized_at) throw finalizedError(accountKey, 'cannot change');
      const { before, after } = diffAnswers(answersOf(row), change);
      if (Object.keys(after).length === 0) return;
      await trx.updateTable('onboarding_questionnaires').set({ ...columnsOf(after), updated_by: caller.userId, updated_at: at }).where('account_key', '=', accountKey).execute();
      await recordAudit(trx, { actorUserId: caller.userId, accountKey, action: 'onboarding.questionnaire-saved', entityType: 'onboarding-questionnaire', entityId: accountKey, before, after, at });
    });
    return getQuestionnaireBody(db, accountKey);
  });

  addRoute(app, deps, getQuestionnaire, async ({ caller, params }) => {
    await assertAccountAccess(db, caller, params.id);
    return getQuestionnaireBody(db, params.id);
  });

  addRoute(app, deps, deleteQuestionnaire, async ({ caller, params }) => {
    const accountKey = params.id;
    await assertAccountAccess(db, caller, accountKey);
    const at = clock();
    await db.transaction().execute(async (trx) => {
      const row = await findQuestionnaireForUpdate(trx, accountKey);
      if (!row) throw questionnaireNotFound(accountKey);
      if (row.finalized_at) throw finalizedError(accountKey, 'it cannot be deleted');
      await trx.deleteFrom('onboarding_questionnaires').where('account_key', '=', accountKey).execute();
      await recordAudit(trx, { actorUserId: caller.userId, accountKey, action: 'onboarding.questionnaire-deleted', entityType: 'onboarding-questionnaire', entityId: accountKey, before: { ...answersOf(row) }, at });
    });
    return { message: 'The questionnaire was deleted. You can start it again from the Admin page.' };
  });

  addRoute(app, deps, finalizeEndpoint, async ({ caller, params }) => {
    const accountKey = params.id;
    await assertAccountAccess(db, caller, accountKey);
    const at = clock();
    const outcome = await db.transaction().execute((trx) => finalizeQuestionnaire(trx, accountKey, caller.userId, at, IS_SELF_HOSTED));
    // The tax rates and mappings it set up change which settlements are mapped.
    if (outcome.setUp.length > 0) await refreshMappingState(db, accountKey, at);
    const questionnaire = await getQuestionnaireBody(db, accountKey);
    const applied = outcome.applied ? Object.keys(outcome.applied) : [];
    const message = outcome.isAlreadyFinalized
      ? 'The questionnaire was already finished; nothing changed.'
      : questionnaire.answers.quickSetup
        ? applied.length > 0
          ? `Quick setup is done: ${applied.map((k) => (k === 'shouldSplitByCountry' ? 'split by country' : 'track by marketplace')).join(' and ')} turned on.`
          : 'Quick setup is done: your posting settings already suit your answers.'
        : IS_SELF_HOSTED
          ? outcome.setUp.length > 0
            ? 'Thank you: your answers are saved, and your account is set up from them.'
            : 'Thank you: your answers are saved; your account already had what they set up.'
          : 'Thank you: your answers are saved and our team will use them to help you set up.';
    return { questionnaire, isAlreadyFinalized: outcome.isAlreadyFinalized, message, applied: outcome.setUp };
  });

  addRoute(app, deps, checkAssistedSetup, async ({ caller, params }) => {
    const accountKey = params.id;
    const level = await assertAccountAccess(db, caller, accountKey);
    const row = await db
      .selectFrom('accounts as a')
      .leftJoin('onboarding_questionnaires as q', 'q.account_key', 'a.account_key')
      .select([
        'a.accounting_system',
        'a.sales_channel',
        'a.sales_channel_pending',
        'a.requires_reauthentication',
        'a.mappings_completed',
        'a.mappings_configuration_initiated',
        'a.first_settlement_posted',
        'q.account_key as questionnaire_key',
        'q.finalized_at',
        'q.quick_setup',
      ])
      .where('a.account_key', '=', accountKey)
      .executeTakeFirstOrThrow();
    const hasQuestionnaire = row.questionnaire_key !== null;
    const states = await getConnectionStates(db, accountKey, deps.clock());
    const decision = decideAssistedSetup({
      questionnaire: hasQuestionnaire ? { isFinalized: row.finalized_at !== null, quickSetup: row.quick_setup === true } : null,
      account: {
        accountingSystem: row.accounting_system,
        accountingSystemConnected: states.accounting.isUsable,
        salesChannel: row.sales_channel,
        salesChannelConnected: states.salesChannel.isUsable,
        salesChannelPending: row.sales_channel_pending,
        requiresReauthentication: row.requires_reauthentication,
        mappingsCompleted: row.mappings_completed,
        mappingsConfigurationInitiated: row.mappings_configuration_initiated,
        firstSettlementPosted: row.first_settlement_posted,
      },
      // The role rule already caps a Clarity view-only user at read.
      canAnswer: allows(level, 'write'),
    });
    return { accountKey, ...decision, questionnaireStatus: !hasQuestionnaire ? ('none' as const) : row.finalized_at ? ('finalized' as const) : ('draft' as const) };
  });
}
