/**
 * What Finish sets up on a self-hosted instance (decision 0058): core's planAssistedSetup decides from
 * the answers and what the account already has, this applies it inside Finish's transaction: the
 * accounting system, the VAT/GST registration (tax settings), and on the built-in ledger the
 * country's tax rates with their tax account, the tax settings' rates and a mapping version whose
 * category defaults carry them. Returns what it did, one sentence each (core's describeAssistedSetupPlan).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { accountingErrorMessages } from '@ledgerport/contract';
import { describeAssistedSetupPlan, planAssistedSetup, type QuestionnaireAnswers } from '@ledgerport/core/rules';
import { TAX_COUNTRIES } from '@ledgerport/core/posting';
import type { Category } from '@ledgerport/core/settlements';
import { recordAudit } from '../../audit/record-audit';
import { addLedgerAccount, addTaxRate, ensureStoredChart, findBuiltInChart } from '../mappings/built-in-chart-repository';
import { getAccountMappingContext, getCurrentMappings, insertMappingSet } from '../mappings/mapping-repository';
import { findTaxSettings, upsertTaxSettings } from '../tax-settings/tax-settings-repository';

const countryName = (code: string) => TAX_COUNTRIES.find(([c]) => c === code)?.[1] ?? code;
const SALES: Category[] = ['sales', 'shipping', 'refunds'];
const FEES: Category[] = ['fees', 'advertising'];

export async function applyAssistedSetup(trx: Kysely<Database>, accountKey: string, answers: QuestionnaireAnswers, userId: string, at: Date): Promise<string[]> {
  const account = await trx.selectFrom('accounts').select(['accounting_system']).where('account_key', '=', accountKey).executeTakeFirstOrThrow();
  const stored = await findBuiltInChart(trx, accountKey);
  const plan = planAssistedSetup(answers, {
    accountingSystem: account.accounting_system,
    hasTaxSettings: (await findTaxSettings(trx, accountKey)) !== undefined,
    hasBuiltInTaxRates: stored?.taxRates.some((t) => t.ratePercent !== undefined && t.ratePercent !== '0') ?? false,
  });
  if (plan.accountingSystem) {
    const isBuiltIn = plan.accountingSystem === 'MANUAL';
    await trx
      .updateTable('accounts')
      .set(isBuiltIn ? { accounting_system: 'MANUAL', accounting_system_connected: true, accounting_system_organization_name: accountingErrorMessages.connectedManually } : { accounting_system: plan.accountingSystem })
      .where('account_key', '=', accountKey)
      .execute();
  }
  const setup = plan.builtInTax;
  if (plan.tax) {
    await upsertTaxSettings(
      trx,
      accountKey,
      {
        country: plan.tax.country,
        is_registered: plan.tax.isRegistered,
        ...(setup
          ? {
              tax_rates: setup.rates.map((r) => ({ code: r.code, name: r.name })),
              sales_tax_rate_code: setup.treatment.sales,
              fees_tax_rate_code: setup.treatment.fees,
              reverse_charge_tax_rate_code: setup.treatment.reverseCharge,
              no_tax_rate_code: setup.treatment.noTax,
            }
          : {}),
      },
      userId,
      at,
    );
  }
  if (setup) {
    const context = await getAccountMappingContext(trx, accountKey);
    let chart = await ensureStoredChart(trx, accountKey, context.salesChannel, userId, at);
    if (!chart.accounts.some((a) => a.code.toLowerCase() === setup.account.code.toLowerCase())) {
      await addLedgerAccount(trx, accountKey, chart, setup.account, userId, at);
      chart = { ...chart, accounts: [...chart.accounts, setup.account] };
    }
    for (const rate of setup.rates) {
      if (chart.taxRates.some((t) => t.code.toLowerCase() === rate.code.toLowerCase())) continue;
      await addTaxRate(trx, accountKey, chart, rate, userId, at);
      chart = { ...chart, taxRates: [...chart.taxRates, rate] };
    }
    // The mapping screen shows what posting does: the category defaults carry the same rates as the tax settings.
    const set = await getCurrentMappings(trx, context);
    const categories = structuredClone(set.categories);
    const own = categories[context.salesChannel] ?? {};
    for (const [category, target] of Object.entries(own) as [Category, { accountCode: string; taxRateCode: string }][]) {
      if (SALES.includes(category)) own[category] = { ...target, taxRateCode: setup.treatment.sales };
      else if (FEES.includes(category)) own[category] = { ...target, taxRateCode: setup.treatment.fees };
      else own[category] = { ...target, taxRateCode: setup.treatment.noTax };
    }
    categories[context.salesChannel] = own;
    await insertMappingSet(trx, { ...set, categories, version: set.version + 1 }, userId, at);
  }
  const done = describeAssistedSetupPlan(plan, countryName);
  if (done.length > 0) {
    await recordAudit(trx, { actorUserId: userId, accountKey, action: 'onboarding.assisted-setup-applied', entityType: 'onboarding-questionnaire', entityId: accountKey, after: { done }, at });
  }
  return done;
}
