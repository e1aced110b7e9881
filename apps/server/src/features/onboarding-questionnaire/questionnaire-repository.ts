/**
 * The onboarding_questionnaires rows (decision 0022): one per account, keyed by the account key.
 * Translates between the contract's camelCase answers and the columns, and reads a row with the
 * emails of the people who started, last saved and finished it.
 */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { OnboardingQuestionnaire } from '@ledgerport/contract';
import type { QuestionnaireAnswers } from '@ledgerport/core/rules';
import type { Database, OnboardingQuestionnairesTable } from '@ledgerport/db';
import { AppError } from '../../http/app-error';

export type QuestionnaireRow = Selectable<OnboardingQuestionnairesTable>;
type RowWithEmails = QuestionnaireRow & { created_email: string | null; updated_email: string | null; finalized_email: string | null };

/** A change of answers as the PUT and POST bodies carry it: a field left out keeps its value. */
export type AnswersChange = { [K in keyof QuestionnaireAnswers]?: QuestionnaireAnswers[K] | undefined };

const COLUMN_OF = {
  businessType: 'business_type',
  salesChannels: 'sales_channels',
  sellingCountries: 'selling_countries',
  monthlyOrderVolume: 'monthly_order_volume',
  accountingSystem: 'accounting_system',
  hasAccountant: 'has_accountant',
  isMultiCurrency: 'is_multi_currency',
  isVatRegistered: 'is_vat_registered',
  registeredCountry: 'registered_country',
  helpWith: 'help_with',
  notes: 'notes',
  quickSetup: 'quick_setup',
} as const satisfies Record<keyof QuestionnaireAnswers, keyof OnboardingQuestionnairesTable>;

const LIST_FIELDS = new Set<keyof QuestionnaireAnswers>(['salesChannels', 'sellingCountries', 'helpWith']);

export const ANSWER_FIELDS = Object.keys(COLUMN_OF) as Array<keyof QuestionnaireAnswers>;

export function answersOf(row: QuestionnaireRow): QuestionnaireAnswers {
  return {
    businessType: row.business_type as QuestionnaireAnswers['businessType'],
    salesChannels: row.sales_channels as QuestionnaireAnswers['salesChannels'],
    sellingCountries: row.selling_countries,
    monthlyOrderVolume: row.monthly_order_volume as QuestionnaireAnswers['monthlyOrderVolume'],
    accountingSystem: row.accounting_system as QuestionnaireAnswers['accountingSystem'],
    hasAccountant: row.has_accountant,
    isMultiCurrency: row.is_multi_currency,
    isVatRegistered: row.is_vat_registered,
    registeredCountry: row.registered_country,
    helpWith: row.help_with as QuestionnaireAnswers['helpWith'],
    notes: row.notes,
    quickSetup: row.quick_setup,
  };
}

/** The fields of `change` whose value differs from `current`, as before/after pairs for the audit log. */
export function diffAnswers(current: QuestionnaireAnswers, change: AnswersChange): { before: Partial<QuestionnaireAnswers>; after: Partial<QuestionnaireAnswers> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of ANSWER_FIELDS) {
    let value = change[field];
    if (value === undefined) continue;
    if (field === 'notes' && value === '') value = null;
    if (JSON.stringify(value) === JSON.stringify(current[field])) continue;
    before[field] = current[field];
    after[field] = value;
  }
  return { before, after };
}

/** The column values of some answers (lists as JSON text). */
export function columnsOf(answers: Partial<QuestionnaireAnswers>): Updateable<OnboardingQuestionnairesTable> {
  const columns: Record<string, unknown> = {};
  for (const field of ANSWER_FIELDS) {
    const value = answers[field];
    if (value === undefined) continue;
    columns[COLUMN_OF[field]] = LIST_FIELDS.has(field) ? JSON.stringify(value) : field === 'notes' && value === '' ? null : value;
  }
  return columns;
}

/** The account's questionnaire row, locked for the rest of the transaction. */
export async function findQuestionnaireForUpdate(trx: Kysely<Database>, accountKey: string): Promise<QuestionnaireRow | undefined> {
  return trx.selectFrom('onboarding_questionnaires').selectAll().where('account_key', '=', accountKey).forUpdate().executeTakeFirst();
}

export function questionnaireNotFound(accountKey: string): AppError {
  return new AppError('questionnaire.not-found', 'This account has no assisted setup questionnaire yet. Start it first.', { accountKey });
}

/** The questionnaire as the contract shows it; throws questionnaire.not-found when the account has none. */
export async function getQuestionnaireBody(db: Kysely<Database>, accountKey: string): Promise<OnboardingQuestionnaire> {
  const row = await db
    .selectFrom('onboarding_questionnaires as q')
    .leftJoin('users as c', 'c.user_id', 'q.created_by')
    .leftJoin('users as u', 'u.user_id', 'q.updated_by')
    .leftJoin('users as f', 'f.user_id', 'q.finalized_by')
    .selectAll('q')
    .select(['c.email as created_email', 'u.email as updated_email', 'f.email as finalized_email'])
    .where('q.account_key', '=', accountKey)
    .executeTakeFirst();
  if (!row) throw questionnaireNotFound(accountKey);
  return questionnaireBody(row);
}

function questionnaireBody(row: RowWithEmails): OnboardingQuestionnaire {
  return {
    id: row.account_key,
    accountKey: row.account_key,
    status: row.finalized_at ? 'finalized' : 'draft',
    answers: answersOf(row),
    quickSetupApplied: row.quick_setup_applied,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_email,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_email,
    finalizedAt: row.finalized_at ? row.finalized_at.toISOString() : null,
    finalizedBy: row.finalized_email,
  };
}
