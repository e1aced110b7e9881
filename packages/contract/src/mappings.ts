/**
 * The mappings screen ('Account and Tax Rate Mappings', /mapping): every transaction type seen in an
 * account's settlements with the account and tax rate it posts to, grouped by category, unmapped
 * first, with line counts and amounts per currency. Writing creates a new mapping version.
 */
import { z } from 'zod';
import { safeTextSchema } from './safe-text';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { salesChannelSchema } from './enums';
import { decimalAmountSchema } from './money';

const accountKey = accountKeySchema;

export const mappingRowSchema = z
  .object({
    channel: salesChannelSchema,
    typeKey: z.string(),
    label: z.string(),
    category: z.string(),
    /** False when the channel's catalogue does not know the type (new or rare). */
    isKnownType: z.boolean(),
    accountCode: z.string().nullable(),
    taxRateCode: z.string().nullable(),
    /** explicit: a rule for this type; category: the category default; unmapped: nothing applies. */
    source: z.enum(['explicit', 'category', 'unmapped']),
    isUnmapped: z.boolean(),
    /**
     * A type the catalogue does not list and nothing maps yet: the account and tax rate of the category
     * its shape gives (issue 28), which the screen pre-fills so one save confirms it. Null otherwise.
     */
    suggestedAccountCode: z.string().nullable(),
    suggestedTaxRateCode: z.string().nullable(),
    lineCount: z.number().int(),
    amounts: z.array(z.object({ currency: z.string(), amount: decimalAmountSchema })),
  })
  .meta({ id: 'MappingRow' });
export type MappingRow = z.infer<typeof mappingRowSchema>;

/** isActive false: the built-in ledger's owner deactivated it (kept where mapped, never chosen anew). */
export const chartAccountSchema = z.object({ code: z.string(), name: z.string(), kind: z.string(), path: z.string(), role: z.string().nullable(), isActive: z.boolean().optional() });
/** ratePercent: the built-in ledger's exact percentage (a line with a rate above 0 is split into base and tax). */
export const taxRateSchema = z.object({ code: z.string(), name: z.string(), ratePercent: z.string().optional(), isActive: z.boolean().optional() });

/** The jobs an account does for a posting beyond being a mapping target (core's AccountRole). */
export const accountRoleSchema = z.enum(['clearing', 'reserved-balances', 'carried-forward', 'rounding', 'suspense']);

/**
 * The account that does one posting role. With a connected chart, a role no account of the system
 * matched keeps Ledgerport's default account: `isMissingInSystem` says the system does not have it
 * yet (create it there and refresh, or choose another account).
 */
export const roleAccountSchema = z.object({
  role: accountRoleSchema,
  channel: salesChannelSchema.nullable(),
  accountCode: z.string(),
  accountName: z.string(),
  isMissingInSystem: z.boolean(),
});
export type RoleAccount = z.infer<typeof roleAccountSchema>;

export const mappingsSchema = z
  .object({
    accountKey: z.string(),
    version: z.number().int(),
    system: z.string(),
    /** Where the account and tax-rate choices come from: the default chart or the connected system. */
    chartSource: z.enum(['default', 'connected']),
    accounts: z.array(chartAccountSchema),
    taxRates: z.array(taxRateSchema),
    roleAccounts: z.array(roleAccountSchema),
    /** The tax rate a newly mapped type starts with: the chart's "no tax" rate when it has one. */
    defaultTaxRateCode: z.string().nullable(),
    isUnmappedToSuspense: z.boolean(),
    /** The account setting: fees of new transaction types post to the fees account until mapped (off by default, audited). */
    isNewFeeTypeToFees: z.boolean(),
    rows: z.array(mappingRowSchema),
    unmappedCount: z.number().int(),
    mappingsCompleted: z.boolean(),
    copiedFrom: z.object({ accountKey: z.string(), version: z.number().int() }).nullable(),
  })
  .meta({ id: 'Mappings' });
export type Mappings = z.infer<typeof mappingsSchema>;

export const getMappings = defineEndpoint({
  method: 'GET',
  url: '/mappings',
  summary: "An account's mappings: every transaction type seen in its settlements, unmapped first, grouped by category.",
  tag: 'mappings',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: mappingsSchema,
});

const code = safeTextSchema.trim().min(1).max(100);
export const mappingEntryInputSchema = z.strictObject({
  channel: salesChannelSchema,
  typeKey: safeTextSchema.min(1).max(500),
  accountCode: code,
  taxRateCode: code,
});

export const saveMappings = defineEndpoint({
  method: 'PUT',
  url: '/mappings',
  summary: "Set accounts and tax rates of transaction types and the accounts of posting roles (a new mapping version; codes must exist in the chart), and the account's setting for fees of new types.",
  tag: 'mappings',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({
    entries: z.array(mappingEntryInputSchema).max(2000).default([]),
    remove: z.array(z.strictObject({ channel: salesChannelSchema, typeKey: safeTextSchema.min(1).max(500) })).max(2000).default([]),
    /** Choose the account of a posting role (channel null: a shared role such as rounding or suspense). */
    roles: z.array(z.strictObject({ role: accountRoleSchema, channel: salesChannelSchema.nullable(), accountCode: code })).max(100).default([]),
    isUnmappedToSuspense: z.boolean().optional(),
    /** Changes the account setting alone; with no other change no new mapping version is written. */
    isNewFeeTypeToFees: z.boolean().optional(),
  }),
  response: mappingsSchema,
});

export const copyMappingsFromAccount = defineEndpoint({
  method: 'POST',
  url: '/account/copy-mappings',
  summary: "Copy another account's mappings (same sales channel and accounting system) into this one as its new version.",
  tag: 'mappings',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ accountKeyCopyFrom: accountKey }),
  response: mappingsSchema,
});
