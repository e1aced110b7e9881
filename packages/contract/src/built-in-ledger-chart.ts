/**
 * The built-in ledger's chart of accounts and tax rates (Settings > Built-in ledger, decision 0058).
 * Only for accounts on the built-in ledger (MANUAL, or no system chosen yet). The rules (unique code,
 * deactivate instead of delete, role and tax accounts stay active, the rounding of tax) are core's.
 */
import { z } from 'zod';
import { checkRatePercent, LEDGER_ACCOUNT_CODE_MAX, LEDGER_ACCOUNT_NAME_MAX } from '@ledgerport/core/mapping';
import { safeTextSchema } from './safe-text';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { isoDateSchema } from './iso-date';

const accountKey = accountKeySchema;
export const LEDGER_ACCOUNT_KINDS = ['asset', 'liability', 'equity', 'income', 'expense'] as const;

const codeSchema = safeTextSchema.trim().min(1, 'Enter the account code.').max(LEDGER_ACCOUNT_CODE_MAX, `An account code has at most ${LEDGER_ACCOUNT_CODE_MAX} characters.`);
const nameSchema = safeTextSchema.trim().min(1, 'Enter the account name.').max(LEDGER_ACCOUNT_NAME_MAX, `An account name has at most ${LEDGER_ACCOUNT_NAME_MAX} characters.`);
const kindSchema = z.enum(LEDGER_ACCOUNT_KINDS, { error: `The account type is one of ${LEDGER_ACCOUNT_KINDS.join(', ')}.` });
const rateCodeSchema = safeTextSchema.trim().min(1, 'Enter the tax rate code.').max(30, 'A tax rate code has at most 30 characters.');
const rateNameSchema = safeTextSchema.trim().min(1, 'Enter the name of the tax rate.').max(100, 'A tax rate name has at most 100 characters.');
const ratePercentSchema = safeTextSchema.trim().refine((v) => checkRatePercent(v) === null, { error: (issue) => checkRatePercent(String(issue.input)) ?? 'Enter the rate.' });

export const builtInLedgerAccountSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    kind: kindSchema,
    /** The account's name in the hledger and Beancount exports (fixed when it is made). */
    path: z.string(),
    /** What the postings use it for (clearing, rounding...), null for an ordinary account. */
    role: z.string().nullable(),
    isActive: z.boolean(),
    /** It has posted journals: it can be renamed and deactivated, never deleted. */
    isPosted: z.boolean(),
    /** Why it cannot be deactivated (a role, an active tax rate's account), null when it can. */
    mustStayActiveReason: z.string().nullable(),
  })
  .meta({ id: 'BuiltInLedgerAccount' });

export const builtInTaxRateSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    /** Percent as an exact decimal ('19', '5.5'). */
    ratePercent: z.string(),
    taxAccountCode: z.string().nullable(),
    taxAccountName: z.string().nullable(),
    isActive: z.boolean(),
  })
  .meta({ id: 'BuiltInTaxRate' });

export const builtInLedgerChartSchema = z
  .object({
    accountKey: z.string(),
    accounts: z.array(builtInLedgerAccountSchema),
    taxRates: z.array(builtInTaxRateSchema),
    /** False while the account uses the default chart (nothing saved yet). */
    isSaved: z.boolean(),
  })
  .meta({ id: 'BuiltInLedgerChart' });
export type BuiltInLedgerChart = z.infer<typeof builtInLedgerChartSchema>;

export const getBuiltInLedgerChart = defineEndpoint({
  method: 'GET',
  url: '/ledger/chart',
  summary: "The built-in ledger's chart of accounts and tax rates.",
  tag: 'ledger',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: builtInLedgerChartSchema,
});

export const addBuiltInLedgerAccount = defineEndpoint({
  method: 'POST',
  url: '/ledger/chart/accounts',
  summary: "Add an account to the built-in ledger's chart (its code unique in the chart).",
  tag: 'ledger',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ code: codeSchema, name: nameSchema, kind: kindSchema }),
  response: builtInLedgerChartSchema,
});

export const updateBuiltInLedgerAccount = defineEndpoint({
  method: 'PUT',
  url: '/ledger/chart/account',
  summary: 'Rename, deactivate or reactivate an account of the built-in ledger (its code and type stay).',
  tag: 'ledger',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ code: codeSchema, name: nameSchema.optional(), isActive: z.boolean('isActive is true or false.').optional() }),
  response: builtInLedgerChartSchema,
});

export const deleteBuiltInLedgerAccount = defineEndpoint({
  method: 'DELETE',
  url: '/ledger/chart/account',
  summary: 'Delete an account that nothing uses (no journal, mapping, tax rate or role); a used one is deactivated instead.',
  tag: 'ledger',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey, code: codeSchema }),
  response: builtInLedgerChartSchema,
});

export const addBuiltInTaxRate = defineEndpoint({
  method: 'POST',
  url: '/ledger/chart/tax-rates',
  summary: 'Add a VAT/GST rate to the built-in ledger: a name, an exact percentage and the account its tax posts to.',
  tag: 'ledger',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ code: rateCodeSchema, name: rateNameSchema, ratePercent: ratePercentSchema, taxAccountCode: codeSchema }),
  response: builtInLedgerChartSchema,
});

export const updateBuiltInTaxRate = defineEndpoint({
  method: 'PUT',
  url: '/ledger/chart/tax-rate',
  summary: 'Rename a tax rate, change its percentage or tax account, or (de)activate it; documents not posted yet follow at once.',
  tag: 'ledger',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ code: rateCodeSchema, name: rateNameSchema.optional(), ratePercent: ratePercentSchema.optional(), taxAccountCode: codeSchema.optional(), isActive: z.boolean('isActive is true or false.').optional() }),
  response: builtInLedgerChartSchema,
});

/** The built-in ledger's lock (decision 0061): nothing may be dated on or before closedThrough. */
export const builtInLedgerLockSchema = z
  .object({
    accountKey: z.string(),
    /** 'YYYY-MM-DD', or null when the books are open. */
    closedThrough: z.string().nullable(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'BuiltInLedgerLock' });
export type BuiltInLedgerLock = z.infer<typeof builtInLedgerLockSchema>;

export const getBuiltInLedgerLock = defineEndpoint({
  method: 'GET',
  url: '/ledger/lock-date',
  summary: "The day through which the built-in ledger's books are closed.",
  tag: 'ledger',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: builtInLedgerLockSchema,
});

export const saveBuiltInLedgerLock = defineEndpoint({
  method: 'PUT',
  url: '/ledger/lock-date',
  summary: "Close the built-in ledger's books through a day (null opens them); recorded in the account history. A document dated on or before it is held or moved as the account's setting says.",
  tag: 'ledger',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ closedThrough: isoDateSchema.nullable() }),
  response: builtInLedgerLockSchema,
});
