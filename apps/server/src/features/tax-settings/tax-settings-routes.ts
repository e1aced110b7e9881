/**
 * Settings > Registered Country and Statements Accounts and Taxes: read and change the account's
 * VAT/GST registration, the tax rates its postings use and its statement account. Every change is
 * one audit entry with only the changed fields (Settings > History); documents not posted yet are
 * built with the new settings at once (postingSettingsOf, the settlement detail).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { getTaxSettings, saveRegisteredCountry, saveStatementAccountsAndTaxes, type TaxSettingsBody } from '@ledgerport/contract';
import { findRoleAccount } from '@ledgerport/core/mapping';
import { taxRateKindOf, type TaxRateKind } from '@ledgerport/core/posting';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getAccountMappingContext, getCurrentMappings } from '../mappings/mapping-repository';
import { findTaxSettings, taxTreatmentFrom, upsertTaxSettings, type TaxSettingsChange, type TaxSettingsRow } from './tax-settings-repository';

export function registerTaxSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, getTaxSettings, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    return taxSettingsBody(db, query.accountKey);
  });

  addRoute(app, deps, saveRegisteredCountry, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const current = await findTaxSettings(db, query.accountKey);
    const number = body.registrationNumber === '' ? null : body.registrationNumber;
    const next = { country: body.country, isRegistered: body.isRegistered, registrationNumber: number };
    const now = { country: current?.country ?? null, isRegistered: current?.is_registered ?? false, registrationNumber: current?.registration_number ?? null };
    const { before, after } = changedFields(now, next, current === undefined);
    if (Object.keys(after).length > 0) {
      const at = clock();
      await db.transaction().execute(async (trx) => {
        await upsertTaxSettings(trx, query.accountKey, { country: next.country, is_registered: next.isRegistered, registration_number: next.registrationNumber }, caller.userId, at);
        await recordAudit(trx, { actorUserId: caller.userId, accountKey: query.accountKey, action: 'account.registered-country-changed', entityType: 'tax-settings', entityId: query.accountKey, before, after, at });
      });
    }
    return taxSettingsBody(db, query.accountKey);
  });

  addRoute(app, deps, saveStatementAccountsAndTaxes, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const current = await findTaxSettings(db, query.accountKey);
    const rateList = (rates: { code: string; name: string }[]) => rates.map((t) => `${t.code} (${t.name})`).join(', ');
    const account = (a: { code: string; name: string } | null) => (a ? `${a.code} ${a.name}` : null);
    const treatment = taxTreatmentFrom(current);
    const next = {
      taxRates: rateList(body.taxRates),
      salesTaxRate: body.rates.sales,
      feesTaxRate: body.rates.fees,
      reverseChargeTaxRate: body.rates.reverseCharge,
      noTaxRate: body.rates.noTax,
      statementAccount: account(body.statementAccount),
    };
    const now = {
      taxRates: rateList(current?.tax_rates ?? []),
      salesTaxRate: treatment?.rates.sales ?? null,
      feesTaxRate: treatment?.rates.fees ?? null,
      reverseChargeTaxRate: treatment?.rates.reverseCharge ?? null,
      noTaxRate: treatment?.rates.noTax ?? null,
      statementAccount: account(treatment?.statementAccount ?? null),
    };
    const { before, after } = changedFields(now, next, current === undefined);
    if (Object.keys(after).length > 0) {
      const at = clock();
      const change: TaxSettingsChange = {
        tax_rates: body.taxRates,
        sales_tax_rate_code: body.rates.sales,
        fees_tax_rate_code: body.rates.fees,
        reverse_charge_tax_rate_code: body.rates.reverseCharge,
        no_tax_rate_code: body.rates.noTax,
        statement_account_code: body.statementAccount?.code ?? null,
        statement_account_name: body.statementAccount?.name ?? null,
      };
      await db.transaction().execute(async (trx) => {
        await upsertTaxSettings(trx, query.accountKey, change, caller.userId, at);
        await recordAudit(trx, { actorUserId: caller.userId, accountKey: query.accountKey, action: 'account.statement-accounts-and-taxes-changed', entityType: 'tax-settings', entityId: query.accountKey, before, after, at });
      });
    }
    return taxSettingsBody(db, query.accountKey);
  });
}

/** The fields whose value changes (all of them on the first save, so History shows what was set). */
function changedFields<T extends Record<string, unknown>>(now: T, next: T, isFirst: boolean): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of Object.keys(next)) {
    if (!isFirst && JSON.stringify(now[key]) === JSON.stringify(next[key])) continue;
    if (isFirst && next[key] === now[key] && (next[key] === null || next[key] === '' || next[key] === false)) continue;
    before[key] = now[key];
    after[key] = next[key];
  }
  // A first save that sets nothing still creates the row: record it so the change is never silent.
  if (isFirst && Object.keys(after).length === 0) after.created = true;
  return { before, after };
}

const LINE_KINDS: { lines: string; category: 'sales' | 'fees' | 'tax' }[] = [
  { lines: 'Sales, shipping and refunds', category: 'sales' },
  { lines: 'Marketplace fees and advertising', category: 'fees' },
  { lines: 'Tax collected by the marketplace, reserves, transfers, reimbursements and other charges', category: 'tax' },
];
const KIND_WORDS: Record<TaxRateKind, string> = { sales: 'sales rate', fees: 'fees rate', reverseCharge: 'reverse charge rate', noTax: 'no-tax rate' };

async function taxSettingsBody(db: Kysely<Database>, accountKey: string): Promise<TaxSettingsBody> {
  const row: TaxSettingsRow | undefined = await findTaxSettings(db, accountKey);
  const context = await getAccountMappingContext(db, accountKey);
  const mappings = await getCurrentMappings(db, context);
  const clearing = findRoleAccount(mappings, 'clearing', context.salesChannel);
  const treatment = taxTreatmentFrom(row);
  const rateName = (code: string) => row?.tax_rates.find((t) => t.code === code)?.name;
  return {
    accountKey,
    country: row?.country ?? null,
    isRegistered: row?.is_registered ?? false,
    registrationNumber: row?.registration_number ?? null,
    taxRates: row?.tax_rates ?? [],
    rates: { sales: row?.sales_tax_rate_code ?? null, fees: row?.fees_tax_rate_code ?? null, reverseCharge: row?.reverse_charge_tax_rate_code ?? null, noTax: row?.no_tax_rate_code ?? null },
    statementAccount: treatment?.statementAccount ?? null,
    treatment: LINE_KINDS.map(({ lines, category }) => {
      if (!treatment) return { lines, taxRate: "The mapping's own tax rate" };
      const kind = taxRateKindOf(treatment, category);
      const code = treatment.rates[kind];
      return { lines, taxRate: code === null ? `The mapping's own tax rate (no ${KIND_WORDS[kind]} chosen)` : `${code}${rateName(code) ? ` (${rateName(code)})` : ''}, the ${KIND_WORDS[kind]}` };
    }),
    chartTaxRates: mappings.chart.taxRates.map((t) => ({ code: t.code, name: t.name })),
    clearingAccount: clearing ? { code: clearing.code, name: clearing.name } : null,
    isSaved: row !== undefined,
    updatedAt: row ? row.updated_at.toISOString() : null,
    updatedBy: row?.updated_by ? ((await db.selectFrom('users').select('email').where('user_id', '=', row.updated_by).executeTakeFirst())?.email ?? null) : null,
  };
}
