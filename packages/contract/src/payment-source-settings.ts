/**
 * Settings > PayPal and Settings > Amazon Pay (decision 0044): which PayPal accounts and currencies an
 * account imports and posts and the clearing account of each currency; whether the Amazon Pay
 * transactions in an Amazon account's settlements post to their own clearing account, kept apart
 * from the marketplace's lines. The rules are core's (posting/payment-sources.ts).
 */
import { z } from 'zod';
import { isKnownCurrency } from '@ledgerport/core/money';
import { safeTextSchema } from './safe-text';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';

const accountKey = accountKeySchema;
export const PAYPAL_CURRENCIES_MAX = 30;
export const PAYPAL_ACCOUNTS_MAX = 20;

const namedAccountSchema = z.strictObject({
  code: safeTextSchema.trim().min(1, 'Enter the code of the clearing account.').max(150, 'The account code must be at most 150 characters.'),
  name: safeTextSchema.trim().min(1, 'Enter the name of the clearing account.').max(150, 'The account name must be at most 150 characters.'),
});
const accountSchema = z.object({ code: z.string(), name: z.string() });

const currencySchema = safeTextSchema
  .trim()
  .toUpperCase()
  .refine((c) => /^[A-Z]{3}$/.test(c) && isKnownCurrency(c), { message: 'Enter a currency as its three-letter ISO code, such as USD or EUR.' });

export const savePayPalSettingsBodySchema = z
  .strictObject({
    paypalAccounts: z
      .array(z.strictObject({ accountId: safeTextSchema.trim().min(1, 'The PayPal account is missing.').max(100, 'The PayPal account id is too long.'), isImported: z.boolean() }))
      .max(PAYPAL_ACCOUNTS_MAX, `At most ${PAYPAL_ACCOUNTS_MAX} PayPal accounts.`),
    currencies: z
      .array(z.strictObject({ currency: currencySchema, isImported: z.boolean(), clearingAccount: namedAccountSchema.nullable() }))
      .max(PAYPAL_CURRENCIES_MAX, `At most ${PAYPAL_CURRENCIES_MAX} currencies.`),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.currencies.forEach((c, i) => {
      if (seen.has(c.currency)) ctx.addIssue({ code: 'custom', path: ['currencies', i, 'currency'], message: `${c.currency} is listed twice; keep one row per currency.` });
      seen.add(c.currency);
    });
    const ids = new Set<string>();
    b.paypalAccounts.forEach((a, i) => {
      if (ids.has(a.accountId)) ctx.addIssue({ code: 'custom', path: ['paypalAccounts', i, 'accountId'], message: `PayPal account ${a.accountId} is listed twice.` });
      ids.add(a.accountId);
    });
  });
export type SavePayPalSettings = z.input<typeof savePayPalSettingsBodySchema>;

export const payPalSettingsSchema = z
  .object({
    accountKey: z.string(),
    /** 0: never saved (everything imported and posted to the chart's PayPal clearing account). */
    version: z.number().int(),
    paypalAccounts: z.array(
      z.object({
        accountId: z.string(),
        /** The connection's name or 'PayPal account <id>' for one only seen on statements. */
        name: z.string(),
        isConnected: z.boolean(),
        isImported: z.boolean(),
        statementCount: z.number().int(),
      }),
    ),
    currencies: z.array(z.object({ currency: z.string(), isImported: z.boolean(), clearingAccount: accountSchema.nullable(), statementCount: z.number().int() })),
    /** The chart's PayPal clearing account (a currency without its own posts there). */
    defaultClearingAccount: accountSchema.nullable(),
    canEdit: z.boolean(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'PayPalSettings' });
export type PayPalSettingsBody = z.infer<typeof payPalSettingsSchema>;

export const saveAmazonPaySettingsBodySchema = z
  .strictObject({ isEnabled: z.boolean(), clearingAccount: namedAccountSchema.nullable(), isSeparate: z.boolean() })
  .superRefine((b, ctx) => {
    if (b.isEnabled && b.clearingAccount === null) ctx.addIssue({ code: 'custom', path: ['clearingAccount'], message: 'Choose the clearing account Amazon Pay transactions post to.' });
  });
export type SaveAmazonPaySettings = z.input<typeof saveAmazonPaySettingsBodySchema>;

export const amazonPaySettingsSchema = z
  .object({
    accountKey: z.string(),
    version: z.number().int(),
    isEnabled: z.boolean(),
    clearingAccount: accountSchema.nullable(),
    isSeparate: z.boolean(),
    /** The chart's Amazon clearing account (the marketplace deposit's). */
    marketplaceClearingAccount: accountSchema.nullable(),
    /** Amazon Pay lines in the account's stored settlements, and their settlements. */
    lineCount: z.number().int(),
    settlementCount: z.number().int(),
    canEdit: z.boolean(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'AmazonPaySettings' });
export type AmazonPaySettingsBody = z.infer<typeof amazonPaySettingsSchema>;

export const getPayPalSettings = defineEndpoint({
  method: 'GET',
  url: '/account-settings/paypal',
  summary: 'The PayPal accounts and currencies a PayPal account imports and posts, and the clearing account of each currency.',
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: payPalSettingsSchema,
});

export const savePayPalSettings = defineEndpoint({
  method: 'PUT',
  url: '/account-settings/paypal',
  summary: 'Choose the PayPal accounts and currencies imported and posted and each currency\'s clearing account (a new version, recorded in the account history); statements already stored stay.',
  tag: 'account',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: savePayPalSettingsBodySchema,
  response: payPalSettingsSchema,
});

export const getAmazonPaySettings = defineEndpoint({
  method: 'GET',
  url: '/account-settings/amazon-pay',
  summary: 'How the Amazon Pay transactions in an Amazon account\'s settlements post.',
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: amazonPaySettingsSchema,
});

export const saveAmazonPaySettings = defineEndpoint({
  method: 'PUT',
  url: '/account-settings/amazon-pay',
  summary: 'Post Amazon Pay transactions to their own clearing account, kept apart from the marketplace lines or not (a new version, recorded in the account history).',
  tag: 'account',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: saveAmazonPaySettingsBodySchema,
  response: amazonPaySettingsSchema,
});
