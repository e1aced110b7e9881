import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUSINESS_TYPES,
  decideAssistedSetup,
  describeAssistedSetupPlan,
  planAssistedSetup,
  EMPTY_QUESTIONNAIRE_ANSWERS,
  HELP_TOPICS,
  missingQuestionnaireAnswers,
  ORDER_VOLUME_BANDS,
  QUESTIONNAIRE_ACCOUNTING_SYSTEMS,
  QUESTIONNAIRE_SALES_CHANNELS,
  quickSetupChanges,
  shouldShowAssistedSetup,
  type AssistedSetupInput,
  type QuestionnaireAnswers,
} from './assisted-setup';
import { buildOnboardingSteps, type OnboardingAccount } from './onboarding-steps';

const account: fc.Arbitrary<OnboardingAccount> = fc.record({
  accountingSystem: fc.constantFrom('XERO', 'QBO', 'MANUAL', 'NONE', ''),
  accountingSystemConnected: fc.boolean(),
  salesChannel: fc.constantFrom('AMAZON', 'SHOPIFY', 'ETSY'),
  salesChannelConnected: fc.boolean(),
  salesChannelPending: fc.boolean(),
  requiresReauthentication: fc.boolean(),
  mappingsCompleted: fc.boolean(),
  mappingsConfigurationInitiated: fc.boolean(),
  firstSettlementPosted: fc.boolean(),
});
const questionnaire = fc.option(fc.record({ isFinalized: fc.boolean(), quickSetup: fc.boolean() }), { nil: null });
const input: fc.Arbitrary<AssistedSetupInput> = fc.record({ questionnaire, account, canAnswer: fc.boolean() });
/** Step 3 (set up accounts and taxes) is completed, or its configuration was started. */
const isPastStep3 = (a: OnboardingAccount) => buildOnboardingSteps(a)[2]!.state === 'completed' || a.mappingsConfigurationInitiated;

const country = fc.constantFrom('US', 'CA', 'GB', 'DE', 'FR', 'us', 'AU');
const answers: fc.Arbitrary<QuestionnaireAnswers> = fc.record({
  businessType: fc.option(fc.constantFrom(...BUSINESS_TYPES), { nil: null }),
  salesChannels: fc.uniqueArray(fc.constantFrom(...QUESTIONNAIRE_SALES_CHANNELS)),
  sellingCountries: fc.array(country, { maxLength: 5 }),
  monthlyOrderVolume: fc.option(fc.constantFrom(...ORDER_VOLUME_BANDS), { nil: null }),
  accountingSystem: fc.option(fc.constantFrom(...QUESTIONNAIRE_ACCOUNTING_SYSTEMS), { nil: null }),
  hasAccountant: fc.option(fc.boolean(), { nil: null }),
  isMultiCurrency: fc.option(fc.boolean(), { nil: null }),
  isVatRegistered: fc.option(fc.boolean(), { nil: null }),
  registeredCountry: fc.option(fc.constantFrom('DE', 'GB', 'AU'), { nil: null }),
  helpWith: fc.uniqueArray(fc.constantFrom(...HELP_TOPICS)),
  notes: fc.option(fc.string(), { nil: null }),
  quickSetup: fc.boolean(),
});
const settings = fc.record({ shouldSplitByCountry: fc.boolean(), isTrackedByMarketplace: fc.boolean() });

describe('shouldShowAssistedSetup', () => {
  it('is never shown to a caller who cannot change the account', () => {
    fc.assert(fc.property(input, (i) => !shouldShowAssistedSetup({ ...i, canAnswer: false })));
  });

  it('is never shown once the questionnaire is finalized, nor once quick setup was chosen', () => {
    fc.assert(
      fc.property(input, fc.boolean(), (i, quickSetup) => {
        expect(shouldShowAssistedSetup({ ...i, questionnaire: { isFinalized: true, quickSetup } })).toBe(false);
        expect(shouldShowAssistedSetup({ ...i, questionnaire: { isFinalized: false, quickSetup: true } })).toBe(false);
      }),
    );
  });

  it('is shown for an open draft, whatever the onboarding steps say', () => {
    fc.assert(fc.property(account, (a) => shouldShowAssistedSetup({ account: a, canAnswer: true, questionnaire: { isFinalized: false, quickSetup: false } })));
  });

  it('with no questionnaire, is shown exactly while onboarding step 3 (accounts and taxes) is neither completed nor started', () => {
    fc.assert(fc.property(account, (a) => shouldShowAssistedSetup({ account: a, canAnswer: true, questionnaire: null }) === !isPastStep3(a)));
  });

  it('gives a reason that agrees with the answer', () => {
    const shown = new Set(['in-progress', 'not-started']);
    fc.assert(
      fc.property(input, (i) => {
        const d = decideAssistedSetup(i);
        expect(d.shouldShow).toBe(shown.has(d.reason));
      }),
    );
  });
});

describe('missingQuestionnaireAnswers', () => {
  it('names every required answer of an empty questionnaire', () => {
    expect(missingQuestionnaireAnswers(EMPTY_QUESTIONNAIRE_ANSWERS).map((m) => m.field)).toEqual(['businessType', 'salesChannels', 'monthlyOrderVolume', 'accountingSystem', 'hasAccountant']);
  });

  it('needs nothing for a quick setup, and a field is missing exactly when it is null or empty', () => {
    fc.assert(
      fc.property(answers, (a) => {
        const missing = missingQuestionnaireAnswers(a).map((m) => m.field);
        if (a.quickSetup) return missing.length === 0;
        expect(missing.includes('businessType')).toBe(a.businessType === null);
        expect(missing.includes('salesChannels')).toBe(a.salesChannels.length === 0);
        expect(missing.includes('hasAccountant')).toBe(a.hasAccountant === null);
        return true;
      }),
    );
  });
});

describe('quickSetupChanges', () => {
  it('splits by country and tracks by marketplace for a seller in several countries', () => {
    expect(quickSetupChanges({ ...EMPTY_QUESTIONNAIRE_ANSWERS, sellingCountries: ['US', 'CA'] }, { shouldSplitByCountry: false, isTrackedByMarketplace: false })).toEqual({
      shouldSplitByCountry: true,
      isTrackedByMarketplace: true,
    });
    expect(quickSetupChanges({ ...EMPTY_QUESTIONNAIRE_ANSWERS, sellingCountries: ['US', 'us'] }, { shouldSplitByCountry: false, isTrackedByMarketplace: false })).toEqual({});
  });

  it('never turns a setting off and returns only real changes', () => {
    fc.assert(
      fc.property(answers, settings, (a, s) => {
        for (const [key, value] of Object.entries(quickSetupChanges(a, s))) {
          expect(value).toBe(true);
          expect(s[key as keyof typeof s]).toBe(false);
        }
      }),
    );
  });

  it('is idempotent: applied once, it has nothing more to change', () => {
    fc.assert(fc.property(answers, settings, (a, s) => Object.keys(quickSetupChanges(a, { ...s, ...quickSetupChanges(a, s) })).length === 0));
  });

  it('changes the country split exactly when the seller is in more than one country and it is off', () => {
    fc.assert(
      fc.property(answers, settings, (a, s) => {
        const several = new Set(a.sellingCountries.map((c) => c.toUpperCase())).size > 1;
        return (quickSetupChanges(a, s).shouldSplitByCountry === true) === (several && !s.shouldSplitByCountry);
      }),
    );
  });
});

describe('planAssistedSetup (what Finish sets up on a self-hosted instance)', () => {
  const answers = { ...EMPTY_QUESTIONNAIRE_ANSWERS, accountingSystem: 'MANUAL' as const, isVatRegistered: true, registeredCountry: 'DE' };
  const fresh = { accountingSystem: 'NONE', hasTaxSettings: false, hasBuiltInTaxRates: false };

  it('a German seller on the built-in ledger gets the system, the registration and VAT 19% and 7%', () => {
    const plan = planAssistedSetup(answers, fresh);
    expect(plan.accountingSystem).toBe('MANUAL');
    expect(plan.tax).toEqual({ country: 'DE', isRegistered: true });
    expect(plan.builtInTax!.rates.map((r) => [r.code, r.ratePercent])).toEqual([['VAT19', '19'], ['VAT7', '7'], ['RC', '0'], ['NONE', '0']]);
    expect(plan.builtInTax!.treatment).toEqual({ sales: 'VAT19', fees: 'RC', reverseCharge: 'RC', noTax: 'NONE' });
    expect(describeAssistedSetupPlan(plan, () => 'Germany')[0]).toBe('Your accounting system is now the built-in ledger.');
  });

  it('"Other" and "None" mean the built-in ledger; Xero stays Xero and gets no built-in rates', () => {
    expect(planAssistedSetup({ ...answers, accountingSystem: 'OTHER' }, fresh).accountingSystem).toBe('MANUAL');
    const xero = planAssistedSetup({ ...answers, accountingSystem: 'XERO' }, fresh);
    expect([xero.accountingSystem, xero.builtInTax]).toEqual(['XERO', null]);
  });

  it('never changes what someone already chose', () => {
    const plan = planAssistedSetup(answers, { accountingSystem: 'XERO', hasTaxSettings: true, hasBuiltInTaxRates: false });
    expect(plan).toEqual({ accountingSystem: null, tax: null, builtInTax: null });
    expect(planAssistedSetup(answers, { ...fresh, hasBuiltInTaxRates: true }).builtInTax).toBeNull();
  });

  it('a registered seller who did not say where is asked for the registered country before Finish', () => {
    const missing = missingQuestionnaireAnswers({ ...answers, businessType: 'company', salesChannels: ['AMAZON'], monthlyOrderVolume: 'under-100', hasAccountant: false, registeredCountry: null });
    expect(missing.map((m) => m.field)).toEqual(['registeredCountry']);
  });
});
