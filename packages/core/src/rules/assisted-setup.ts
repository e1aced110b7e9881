/**
 * The assisted setup questionnaire (issue 15, spec section 7, decision 0022): its answer vocabulary,
 * when the onboarding flow shows it, what Finish needs, and the posting settings a quick setup
 * chooses. Pure: the contract builds its schemas from these lists, the server and the web decide with
 * these functions.
 */
import type { OnboardingAccount } from './onboarding-steps';
import type { AccountingSystem } from '../mapping/model';
import { BUILT_IN_TAX_DEFAULTS, builtInTaxSetup, type BuiltInTaxSetup } from '../mapping/built-in-tax-rates';

export const BUSINESS_TYPES = ['sole-trader', 'partnership', 'company', 'non-profit', 'other'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** Where the seller sells: the channels Ledgerport connects, and a few it does not (yet), so the answer is true. */
export const QUESTIONNAIRE_SALES_CHANNELS = ['AMAZON', 'SHOPIFY', 'EBAY', 'ETSY', 'WALMART', 'BIGCOMMERCE', 'PAYPAL', 'AFTERPAY', 'WOOCOMMERCE', 'TIKTOK_SHOP', 'OTHER'] as const;
export type QuestionnaireSalesChannel = (typeof QUESTIONNAIRE_SALES_CHANNELS)[number];

export const ORDER_VOLUME_BANDS = ['under-100', '100-999', '1000-9999', '10000-plus'] as const;
export type OrderVolumeBand = (typeof ORDER_VOLUME_BANDS)[number];

/** MANUAL is the built-in ledger (its exports import into any other system). */
export const QUESTIONNAIRE_ACCOUNTING_SYSTEMS = ['XERO', 'QBO', 'SAGE', 'NETSUITE', 'MANUAL', 'OTHER', 'NONE'] as const;
export type QuestionnaireAccountingSystem = (typeof QUESTIONNAIRE_ACCOUNTING_SYSTEMS)[number];

export const HELP_TOPICS = ['mappings', 'sales-tax-vat', 'multi-currency', 'inventory-cogs', 'reconciliation', 'historical-data', 'automation'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

export const SELLING_COUNTRIES_MAX = 60;

/** The answers as stored; null is "not answered yet" (a draft is saved as the seller goes). */
export interface QuestionnaireAnswers {
  businessType: BusinessType | null;
  salesChannels: QuestionnaireSalesChannel[];
  /** ISO 3166-1 alpha-2 codes of the countries the seller sells to or from. */
  sellingCountries: string[];
  monthlyOrderVolume: OrderVolumeBand | null;
  accountingSystem: QuestionnaireAccountingSystem | null;
  hasAccountant: boolean | null;
  isMultiCurrency: boolean | null;
  isVatRegistered: boolean | null;
  /** ISO 3166-1 alpha-2 code of the country the seller is registered for VAT/GST in (asked when registered). */
  registeredCountry: string | null;
  helpWith: HelpTopic[];
  notes: string | null;
  quickSetup: boolean;
}

export const EMPTY_QUESTIONNAIRE_ANSWERS: QuestionnaireAnswers = {
  businessType: null,
  salesChannels: [],
  sellingCountries: [],
  monthlyOrderVolume: null,
  accountingSystem: null,
  hasAccountant: null,
  isMultiCurrency: null,
  isVatRegistered: null,
  registeredCountry: null,
  helpWith: [],
  notes: null,
  quickSetup: false,
};

export type AssistedSetupReason = 'in-progress' | 'not-started' | 'finalized' | 'quick-setup' | 'onboarded' | 'read-only';

export interface AssistedSetupInput {
  /** The account's questionnaire, or null when it has none. */
  questionnaire: { isFinalized: boolean; quickSetup: boolean } | null;
  /** The account's onboarding fields (spec section 4). */
  account: OnboardingAccount;
  /** The caller may change the account (level write or more): a view-only user is never asked. */
  canAnswer: boolean;
}

/**
 * Whether the onboarding flow shows the questionnaire, and why. In order: a view-only caller is never
 * asked; a finished questionnaire is done; a seller who chose quick setup is not asked again; an open
 * draft is shown until finished; with no questionnaire, it is offered while onboarding step 3 (set up
 * accounts and taxes, which the answers prepare) is neither completed nor started: an account whose
 * mappings exist does not need it, whatever its connections say.
 */
export function decideAssistedSetup(input: AssistedSetupInput): { shouldShow: boolean; reason: AssistedSetupReason } {
  const q = input.questionnaire;
  if (!input.canAnswer) return { shouldShow: false, reason: 'read-only' };
  if (q?.isFinalized) return { shouldShow: false, reason: q.quickSetup ? 'quick-setup' : 'finalized' };
  if (q?.quickSetup) return { shouldShow: false, reason: 'quick-setup' };
  if (q) return { shouldShow: true, reason: 'in-progress' };
  return isPastAccountsStep(input.account) ? { shouldShow: false, reason: 'onboarded' } : { shouldShow: true, reason: 'not-started' };
}

/** Onboarding step 3 (set up accounts and taxes) is completed or under way. */
export function isPastAccountsStep(a: Pick<OnboardingAccount, 'mappingsCompleted' | 'mappingsConfigurationInitiated'>): boolean {
  return a.mappingsCompleted || a.mappingsConfigurationInitiated;
}

export function shouldShowAssistedSetup(input: AssistedSetupInput): boolean {
  return decideAssistedSetup(input).shouldShow;
}

const REQUIRED_LABELS: Array<[keyof QuestionnaireAnswers, string]> = [
  ['businessType', 'business type'],
  ['salesChannels', 'sales channels'],
  ['monthlyOrderVolume', 'monthly orders'],
  ['accountingSystem', 'accounting system'],
  ['hasAccountant', 'accountant or bookkeeper'],
];

/**
 * The answers Finish still needs, as [field, label] pairs: the business type, at least one sales
 * channel, the monthly orders, the accounting system and whether there is an accountant. A quick setup
 * needs none: the seller chose to skip the questions.
 */
export function missingQuestionnaireAnswers(answers: QuestionnaireAnswers): Array<{ field: keyof QuestionnaireAnswers; label: string }> {
  if (answers.quickSetup) return [];
  const missing = REQUIRED_LABELS.filter(([field]) => {
    const value = answers[field];
    return value === null || (Array.isArray(value) && value.length === 0);
  }).map(([field, label]) => ({ field, label }));
  // A seller registered for VAT/GST says where: the tax rates and the registration depend on it.
  if (answers.isVatRegistered === true && answers.registeredCountry === null) missing.push({ field: 'registeredCountry', label: 'registered country' });
  return missing;
}

/**
 * What Finish sets up on a self-hosted instance (no team to read the answers): the accounting system
 * when the account has none yet (the built-in ledger for "Built-in ledger", "Other" and "None": its
 * exports import anywhere), the VAT/GST registration when the account has no tax settings yet, and,
 * on the built-in ledger of a registered seller, the country's tax rates with their tax account and
 * the rates its mappings give sales, fees and untaxed lines. Nothing someone already chose is changed.
 */
export interface AssistedSetupPlan {
  accountingSystem: AccountingSystem | null;
  tax: { country: string | null; isRegistered: boolean } | null;
  builtInTax: BuiltInTaxSetup | null;
}

export interface AssistedSetupState {
  /** The account's accounting system now ('NONE' when not chosen). */
  accountingSystem: string;
  hasTaxSettings: boolean;
  /** The built-in ledger already has tax rates of its own. */
  hasBuiltInTaxRates: boolean;
}

export function planAssistedSetup(answers: QuestionnaireAnswers, state: AssistedSetupState): AssistedSetupPlan {
  const answered = answers.accountingSystem;
  const chosen: AccountingSystem | null = answered === null ? null : answered === 'OTHER' || answered === 'NONE' ? 'MANUAL' : answered;
  const accountingSystem = state.accountingSystem === 'NONE' ? chosen : null;
  const system = accountingSystem ?? (state.accountingSystem === 'NONE' ? null : state.accountingSystem);
  const tax = state.hasTaxSettings || answers.isVatRegistered === null ? null : { country: answers.registeredCountry, isRegistered: answers.isVatRegistered };
  const country = tax?.isRegistered ? tax.country : null;
  const builtInTax = system === 'MANUAL' && country !== null && !state.hasBuiltInTaxRates ? (builtInTaxSetup(country) ?? null) : null;
  return { accountingSystem, tax, builtInTax };
}

const SYSTEM_NAMES: Record<AccountingSystem, string> = { XERO: 'Xero', QBO: 'QuickBooks Online', SAGE: 'Sage', NETSUITE: 'NetSuite', MANUAL: 'the built-in ledger' };

/** What Finish did, one sentence each, for the screen and the history (empty: nothing was needed). */
export function describeAssistedSetupPlan(plan: AssistedSetupPlan, countryName: (code: string) => string): string[] {
  const done: string[] = [];
  if (plan.accountingSystem) done.push(`Your accounting system is now ${SYSTEM_NAMES[plan.accountingSystem]}.`);
  if (plan.tax) {
    done.push(plan.tax.isRegistered && plan.tax.country ? `You are registered for ${BUILT_IN_TAX_DEFAULTS[plan.tax.country]?.tax ?? 'VAT'} in ${countryName(plan.tax.country)}.` : 'You are not registered for VAT or GST: postings carry no tax.');
  }
  if (plan.builtInTax) {
    const rates = plan.builtInTax.rates.filter((r) => r.ratePercent !== '0').map((r) => r.name);
    done.push(`The built-in ledger has the tax rates ${rates.join(', ')}, posting to the account ${plan.builtInTax.account.name}.`);
    done.push(`Sales, shipping and refunds are mapped to ${plan.builtInTax.rates[0]!.name}; fees to ${plan.builtInTax.rates.find((r) => r.code === plan.builtInTax!.treatment.fees)!.name}.`);
  }
  return done;
}

/** The posting settings a quick setup may choose (the rest stay as they are). */
export interface QuickSetupSettings {
  shouldSplitByCountry: boolean;
  isTrackedByMarketplace: boolean;
}

/**
 * What a quick setup changes in the account's posting settings: a seller in more than one country
 * gets the split by country (each country's sales and tax on their own lines, what VAT returns need)
 * and tracking by marketplace. It only turns a setting on that is still at its default (off): a
 * setting someone already chose is never overwritten, and nothing is ever turned off. Returns only
 * the settings that change (empty: nothing to do).
 */
export function quickSetupChanges(answers: QuestionnaireAnswers, current: QuickSetupSettings): Partial<QuickSetupSettings> {
  const isInSeveralCountries = new Set(answers.sellingCountries.map((c) => c.toUpperCase())).size > 1;
  const changes: Partial<QuickSetupSettings> = {};
  if (isInSeveralCountries && !current.shouldSplitByCountry) changes.shouldSplitByCountry = true;
  if (isInSeveralCountries && !current.isTrackedByMarketplace) changes.isTrackedByMarketplace = true;
  return changes;
}
