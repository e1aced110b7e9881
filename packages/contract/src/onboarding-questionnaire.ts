/**
 * The assisted setup questionnaire (issue 15, spec section 7, decision 0022): POST, PUT, GET /{id} and
 * DELETE /{id} on public/onboarding/questionnaire, POST finalize/{id} and GET
 * shouldShowAssistedSetup/{id}. The {id} is the account key: an account has at most one
 * questionnaire, and "should it show" is asked before one exists. "public" is only the spec's path
 * prefix: every call needs a signed-in user who can open the account. The answer lists are core's.
 */
import { z } from 'zod';
import {
  BUSINESS_TYPES,
  HELP_TOPICS,
  ORDER_VOLUME_BANDS,
  QUESTIONNAIRE_ACCOUNTING_SYSTEMS,
  QUESTIONNAIRE_SALES_CHANNELS,
  SELLING_COUNTRIES_MAX,
} from '@ledgerport/core/rules';
import { TAX_COUNTRY_CODES } from '@ledgerport/core/posting';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { safeTextSchema } from './safe-text';

const BASE = '/public/onboarding/questionnaire';
export const QUESTIONNAIRE_NOTES_MAX = 1000;

const oneOf = (values: readonly string[]) => values.join(', ');
const uniqueList = <T extends z.ZodType<string>>(item: T, max: number, what: string) =>
  z
    .array(item, `The ${what} must be a list.`)
    .max(max, `List at most ${max} ${what}.`)
    .refine((list) => new Set(list).size === list.length, `Each of the ${what} may be listed once.`);

const countrySchema = safeTextSchema
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'A selling country is a two-letter ISO code, such as US, GB or DE.');

/** Every answer, each optional: a field left out keeps its value, null clears it. */
export const questionnaireAnswersBodyShape = {
  businessType: z.enum(BUSINESS_TYPES, `Choose the business type: ${oneOf(BUSINESS_TYPES)}.`).nullable().optional(),
  salesChannels: uniqueList(z.enum(QUESTIONNAIRE_SALES_CHANNELS, `A sales channel is one of ${oneOf(QUESTIONNAIRE_SALES_CHANNELS)}.`), QUESTIONNAIRE_SALES_CHANNELS.length, 'sales channels').optional(),
  sellingCountries: uniqueList(countrySchema, SELLING_COUNTRIES_MAX, 'selling countries').optional(),
  monthlyOrderVolume: z.enum(ORDER_VOLUME_BANDS, `Choose the monthly orders: ${oneOf(ORDER_VOLUME_BANDS)}.`).nullable().optional(),
  accountingSystem: z.enum(QUESTIONNAIRE_ACCOUNTING_SYSTEMS, `Choose the accounting system: ${oneOf(QUESTIONNAIRE_ACCOUNTING_SYSTEMS)}.`).nullable().optional(),
  hasAccountant: z.boolean('Answer whether you have an accountant or bookkeeper with true or false.').nullable().optional(),
  isMultiCurrency: z.boolean('Answer whether you sell in several currencies with true or false.').nullable().optional(),
  isVatRegistered: z.boolean('Answer whether you are registered for VAT or GST with true or false.').nullable().optional(),
  registeredCountry: z.enum(TAX_COUNTRY_CODES, { error: 'Choose the country you are registered for VAT or GST in from the list.' }).nullable().optional(),
  helpWith: uniqueList(z.enum(HELP_TOPICS, `A help topic is one of ${oneOf(HELP_TOPICS)}.`), HELP_TOPICS.length, 'help topics').optional(),
  notes: safeTextSchema.trim().max(QUESTIONNAIRE_NOTES_MAX, `The notes must be at most ${QUESTIONNAIRE_NOTES_MAX} characters.`).nullable().optional(),
  quickSetup: z.boolean('Answer quickSetup with true or false.').optional(),
};

const questionnaireIdParams = z.strictObject({
  id: safeTextSchema.trim().min(1, 'The questionnaire id (the account key) is missing.').max(100, 'The questionnaire id (the account key) is too long.'),
});

export const questionnaireAnswersSchema = z
  .object({
    businessType: z.enum(BUSINESS_TYPES).nullable(),
    salesChannels: z.array(z.enum(QUESTIONNAIRE_SALES_CHANNELS)),
    sellingCountries: z.array(z.string()),
    monthlyOrderVolume: z.enum(ORDER_VOLUME_BANDS).nullable(),
    accountingSystem: z.enum(QUESTIONNAIRE_ACCOUNTING_SYSTEMS).nullable(),
    hasAccountant: z.boolean().nullable(),
    isMultiCurrency: z.boolean().nullable(),
    isVatRegistered: z.boolean().nullable(),
    registeredCountry: z.string().nullable(),
    helpWith: z.array(z.enum(HELP_TOPICS)),
    notes: z.string().nullable(),
    quickSetup: z.boolean(),
  })
  .meta({ id: 'QuestionnaireAnswers' });
export type QuestionnaireAnswersBody = z.infer<typeof questionnaireAnswersSchema>;

export const questionnaireSchema = z
  .object({
    /** The account key (one questionnaire per account). */
    id: z.string(),
    accountKey: z.string(),
    status: z.enum(['draft', 'finalized']),
    answers: questionnaireAnswersSchema,
    /** The posting settings quick setup changed at finalize ({ shouldSplitByCountry: true, ... }), null when it changed none. */
    quickSetupApplied: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    updatedAt: z.string(),
    updatedBy: z.string().nullable(),
    finalizedAt: z.string().nullable(),
    finalizedBy: z.string().nullable(),
  })
  .meta({ id: 'OnboardingQuestionnaire' });
export type OnboardingQuestionnaire = z.infer<typeof questionnaireSchema>;

export const createQuestionnaire = defineEndpoint({
  method: 'POST',
  url: BASE,
  summary: "Start the account's assisted setup questionnaire with any answers given so far; refused when the account already has one.",
  tag: 'onboarding',
  access: 'user',
  effect: 'write',
  body: z.strictObject({ accountKey: accountKeySchema, ...questionnaireAnswersBodyShape }),
  response: questionnaireSchema,
});

export const updateQuestionnaire = defineEndpoint({
  method: 'PUT',
  url: BASE,
  summary: 'Save answers as the seller goes (the fields sent; null clears one). Refused once the questionnaire is finalized.',
  tag: 'onboarding',
  access: 'user',
  effect: 'write',
  body: z.strictObject({ accountKey: accountKeySchema, ...questionnaireAnswersBodyShape }),
  response: questionnaireSchema,
});

export const getQuestionnaire = defineEndpoint({
  method: 'GET',
  url: `${BASE}/:id`,
  summary: "The account's questionnaire and its answers (id: the account key); support staff read any account's.",
  tag: 'onboarding',
  access: 'user',
  effect: 'read',
  params: questionnaireIdParams,
  response: questionnaireSchema,
});

export const deleteQuestionnaire = defineEndpoint({
  method: 'DELETE',
  url: `${BASE}/:id`,
  summary: 'Throw away a questionnaire that is not finalized yet, to start again.',
  tag: 'onboarding',
  access: 'user',
  effect: 'write',
  params: questionnaireIdParams,
  response: z.object({ message: z.string() }),
});

export const finalizeQuestionnaire = defineEndpoint({
  method: 'POST',
  url: `${BASE}/finalize/:id`,
  summary: 'Finish the questionnaire: locks the answers and, for a quick setup, applies its posting settings; on a self-hosted instance it also sets up the accounting system, registration, tax rates and mappings the answers decide. Finishing again answers the same, changing nothing.',
  tag: 'onboarding',
  access: 'user',
  effect: 'write',
  params: questionnaireIdParams,
  response: z.object({
    questionnaire: questionnaireSchema,
    isAlreadyFinalized: z.boolean(),
    message: z.string(),
    /** On a self-hosted instance: what Finish set up, one sentence each (core's describeAssistedSetupPlan); empty when nothing. */
    applied: z.array(z.string()),
  }),
});

export const checkAssistedSetup = defineEndpoint({
  method: 'GET',
  url: `${BASE}/shouldShowAssistedSetup/:id`,
  summary: "Whether the onboarding flow shows the questionnaire to the caller for this account (id: the account key), with core's reason.",
  tag: 'onboarding',
  access: 'user',
  effect: 'read',
  params: questionnaireIdParams,
  response: z.object({
    accountKey: z.string(),
    shouldShow: z.boolean(),
    reason: z.enum(['in-progress', 'not-started', 'finalized', 'quick-setup', 'onboarded', 'read-only']),
    questionnaireStatus: z.enum(['none', 'draft', 'finalized']),
  }),
});
