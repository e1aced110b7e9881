/**
 * Finish a questionnaire (decision 0022): locks the answers and, for a quick setup, applies core's
 * quickSetupChanges to the account's posting settings (a new settings version, audited like a save on
 * Settings) and sets the account's quickSetup setting. Idempotent: a finished questionnaire is answered
 * as it is, with nothing written again.
 */
import type { Kysely } from 'kysely';
import { missingQuestionnaireAnswers, quickSetupChanges } from '@ledgerport/core/rules';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/app-error';
import { getAccountPostingSettings, insertPostingSettingsVersion } from '../posting-settings/posting-settings-repository';
import { answersOf, findQuestionnaireForUpdate, questionnaireNotFound } from './questionnaire-repository';
import { applyAssistedSetup } from './apply-assisted-setup';

export interface FinalizeOutcome {
  isAlreadyFinalized: boolean;
  applied: Record<string, unknown> | null;
  /** What Finish set up on a self-hosted instance (apply-assisted-setup.ts), one sentence each. */
  setUp: string[];
}

/**
 * `isSelfHosted` (billing off): no team reads the answers, so Finish applies what they decide
 * (core's planAssistedSetup, decision 0058) in the same transaction.
 */
export async function finalizeQuestionnaire(trx: Kysely<Database>, accountKey: string, userId: string, at: Date, isSelfHosted = false): Promise<FinalizeOutcome> {
  const row = await findQuestionnaireForUpdate(trx, accountKey);
  if (!row) throw questionnaireNotFound(accountKey);
  if (row.finalized_at) return { isAlreadyFinalized: true, applied: row.quick_setup_applied, setUp: [] };
  const answers = answersOf(row);
  const missing = missingQuestionnaireAnswers(answers);
  if (missing.length > 0) {
    throw new AppError(
      'questionnaire.incomplete',
      `Answer the ${missing.map((m) => m.label).join(', ')} question${missing.length === 1 ? '' : 's'} before finishing, or choose quick setup.`,
      missing.map((m) => ({ path: m.field, message: `Answer the ${m.label} question.` })),
    );
  }
  let applied: Record<string, unknown> | null = null;
  if (answers.quickSetup) {
    const current = await getAccountPostingSettings(trx, accountKey);
    const changes = quickSetupChanges(answers, current);
    if (Object.keys(changes).length > 0) {
      const version = await insertPostingSettingsVersion(trx, accountKey, { ...current, ...changes }, userId, at);
      const before = Object.fromEntries(Object.keys(changes).map((k) => [k, current[k as keyof typeof changes]]));
      await recordAudit(trx, { actorUserId: userId, accountKey, action: 'account.posting-settings-changed', entityType: 'posting-settings', entityId: `${accountKey}@v${version}`, before, after: { ...changes }, at });
      applied = { ...changes };
    }
    await trx.updateTable('accounts').set({ quick_setup: true, updated_at: at }).where('account_key', '=', accountKey).execute();
  }
  const setUp = isSelfHosted ? await applyAssistedSetup(trx, accountKey, answers, userId, at) : [];
  await trx
    .updateTable('onboarding_questionnaires')
    .set({ finalized_at: at, finalized_by: userId, updated_at: at, updated_by: userId, quick_setup_applied: applied ? JSON.stringify(applied) : null })
    .where('account_key', '=', accountKey)
    .execute();
  await recordAudit(trx, { actorUserId: userId, accountKey, action: 'onboarding.questionnaire-finalized', entityType: 'onboarding-questionnaire', entityId: accountKey, after: { quickSetup: answers.quickSetup, quickSetupApplied: applied }, at });
  return { isAlreadyFinalized: false, applied, setUp };
}
