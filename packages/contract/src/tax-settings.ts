/**
 * Tax settings (Settings > Registered Country, Statements Accounts and Taxes): the account's VAT/GST
 * registration, the tax rates its document lines carry and the statement account its payouts are
 * booked to. The rule that turns them into each line's tax rate is core's (tax-treatment.ts).
 */
import { z } from 'zod';
import { checkTaxRegistrationNumber, TAX_COUNTRY_CODES } from '@ledgerport/core/posting';
import { safeTextSchema } from './safe-text';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';

const accountKey = accountKeySchema;
export const TAX_RATES_MAX = 50;

export const taxCountrySchema = z.enum(TAX_COUNTRY_CODES, { error: 'Choose a country from the list.' });

export const saveRegisteredCountryBodySchema = z
  .strictObject({
    country: taxCountrySchema.nullable(),
    isRegistered: z.boolean(),
    registrationNumber: safeTextSchema.trim().max(30, 'The registration number must be at most 30 characters.').nullable(),
  })
  .superRefine((b, ctx) => {
    if (b.isRegistered && b.country === null) ctx.addIssue({ code: 'custom', path: ['country'], message: 'Choose the country the business is registered for VAT or GST in.' });
    const number = b.registrationNumber ?? '';
    if (b.isRegistered && number === '') ctx.addIssue({ code: 'custom', path: ['registrationNumber'], message: 'Enter the VAT or GST registration number.' });
    const problem = number === '' ? null : checkTaxRegistrationNumber(number);
    if (problem) ctx.addIssue({ code: 'custom', path: ['registrationNumber'], message: problem });
  });
export type SaveRegisteredCountry = z.input<typeof saveRegisteredCountryBodySchema>;

const codeSchema = safeTextSchema.trim().min(1, 'Enter the tax rate code.').max(50, 'A tax rate code must be at most 50 characters.');
const chosenCodeSchema = codeSchema.nullable();

export const taxRateBodySchema = z.strictObject({
  code: codeSchema,
  name: safeTextSchema.trim().min(1, 'Enter the name of the tax rate.').max(150, 'The name must be at most 150 characters.'),
});

const RATE_LABELS = { sales: 'sales', fees: 'fees', reverseCharge: 'reverse charge', noTax: 'no tax' } as const;

export const saveStatementAccountsAndTaxesBodySchema = z
  .strictObject({
    taxRates: z.array(taxRateBodySchema).max(TAX_RATES_MAX, `At most ${TAX_RATES_MAX} tax rates.`),
    rates: z.strictObject({ sales: chosenCodeSchema, fees: chosenCodeSchema, reverseCharge: chosenCodeSchema, noTax: chosenCodeSchema }),
    statementAccount: z
      .strictObject({
        code: safeTextSchema.trim().min(1, 'Enter the code of the statement account.').max(150, 'The account code must be at most 150 characters.'),
        name: safeTextSchema.trim().min(1, 'Enter the name of the statement account.').max(150, 'The account name must be at most 150 characters.'),
      })
      .nullable(),
  })
  .superRefine((b, ctx) => {
    const codes = new Set<string>();
    b.taxRates.forEach((t, i) => {
      if (codes.has(t.code)) ctx.addIssue({ code: 'custom', path: ['taxRates', i, 'code'], message: `Another tax rate already has the code "${t.code}".` });
      codes.add(t.code);
    });
    for (const key of Object.keys(RATE_LABELS) as (keyof typeof RATE_LABELS)[]) {
      const code = b.rates[key];
      if (code !== null && !codes.has(code)) ctx.addIssue({ code: 'custom', path: ['rates', key], message: `The ${RATE_LABELS[key]} rate "${code}" is not in the list of tax rates; add it there first.` });
    }
  });
export type SaveStatementAccountsAndTaxes = z.input<typeof saveStatementAccountsAndTaxesBodySchema>;

const rateSchema = z.object({ code: z.string(), name: z.string() });

export const taxSettingsSchema = z
  .object({
    accountKey: z.string(),
    country: z.string().nullable(),
    isRegistered: z.boolean(),
    registrationNumber: z.string().nullable(),
    taxRates: z.array(rateSchema),
    rates: z.object({ sales: z.string().nullable(), fees: z.string().nullable(), reverseCharge: z.string().nullable(), noTax: z.string().nullable() }),
    statementAccount: rateSchema.nullable(),
    /** What posting does with these settings, in one sentence per line kind (core's rule). */
    treatment: z.array(z.object({ lines: z.string(), taxRate: z.string() })),
    /** The accounting system's tax rates from the mappings' chart (suggestions). */
    chartTaxRates: z.array(rateSchema),
    /** The chart's clearing account of the account's sales channel (used when no statement account is chosen). */
    clearingAccount: rateSchema.nullable(),
    /** False: never saved, posting uses the mappings' own tax rates. */
    isSaved: z.boolean(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'TaxSettings' });
export type TaxSettingsBody = z.infer<typeof taxSettingsSchema>;

export const getTaxSettings = defineEndpoint({
  method: 'GET',
  url: '/account/tax-settings',
  summary: "The account's VAT/GST registration, the tax rates its postings use and its statement account.",
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: taxSettingsSchema,
});

export const saveRegisteredCountry = defineEndpoint({
  method: 'PUT',
  url: '/account/registered-country',
  summary: 'Set the country and VAT/GST registration of the account (recorded in the account history); documents not posted yet follow at once.',
  tag: 'account',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: saveRegisteredCountryBodySchema,
  response: taxSettingsSchema,
});

export const saveStatementAccountsAndTaxes = defineEndpoint({
  method: 'PUT',
  url: '/account/statement-accounts-and-taxes',
  summary: 'Set the tax rates postings use (sales, fees, reverse charge, no tax) and the statement account payouts are booked to (recorded in the account history).',
  tag: 'account',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: saveStatementAccountsAndTaxesBodySchema,
  response: taxSettingsSchema,
});
