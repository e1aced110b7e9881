/**
 * Firm billing (issue 16, decision 0040): a partner (accounting firm) pays for several client accounts
 * on one subscription. The firm's client accounts with what covers each now, and the firm checkout on
 * Stripe's hosted page with quantity = the number of accounts chosen. Billing off: 404.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { accountKeySchema as accountKey } from './ids';
import { safeTextSchema } from './safe-text';

const period = z.enum(['monthly', 'yearly'], { error: 'The period must be monthly or yearly.' });
const planCode = safeTextSchema.trim().regex(/^[A-Z][A-Z0-9_]{1,31}$/, 'The planCode must be a plan code such as STANDARD.');
const couponCode = safeTextSchema.trim().min(1, 'The coupon code is empty.').max(64, 'The coupon code is at most 64 characters.');

/** At most this many client accounts on one firm checkout. */
export const FIRM_ACCOUNTS_MAX = 100;

export const firmClientAccountSchema = z
  .object({
    accountKey: z.string(),
    accountName: z.string(),
    salesChannel: z.string(),
    /** The account's plan now; null: a trial. */
    planCode: z.string().nullable(),
    /** What pays for it now: its own subscription, the firm's, or nothing. */
    coveredBy: z.enum(['none', 'own', 'firm']),
    /** False when a live subscription already covers it. */
    canChoose: z.boolean(),
  })
  .meta({ id: 'FirmClientAccount' });
export type FirmClientAccount = z.infer<typeof firmClientAccountSchema>;

export const listFirmClientAccounts = defineEndpoint({
  method: 'GET',
  url: '/billing/firm/accounts',
  summary: "The caller's firm's client accounts (partner code), sorted by name, each with its plan and what pays for it; a user of no firm gets an empty list.",
  tag: 'billing',
  access: 'user',
  effect: 'read',
  response: z.object({
    partnerCode: z.string().nullable(),
    accounts: z.array(firmClientAccountSchema),
    /** The plans on offer, each with its price per account in the installation's currency. */
    plans: z.array(z.object({ code: z.string(), name: z.string(), currency: z.string(), monthly: z.string().nullable(), yearly: z.string().nullable() })),
  }),
});

export const firmCheckoutRequestSchema = z.strictObject({
  accountKeys: z.array(accountKey).min(1, 'Choose at least one client account.').max(FIRM_ACCOUNTS_MAX, `Choose at most ${FIRM_ACCOUNTS_MAX} client accounts.`),
  planCode,
  period,
  couponCode: couponCode.optional(),
});
export type FirmCheckoutRequest = z.infer<typeof firmCheckoutRequestSchema>;

export const startFirmCheckout = defineEndpoint({
  method: 'POST',
  url: '/billing/firm/checkout',
  summary: "Opens Stripe's hosted checkout for one firm subscription covering the chosen client accounts (quantity = their number); the webhook then marks them paid. Another firm's account is a 404; one already covered is a 409 naming it.",
  tag: 'billing',
  access: 'user',
  effect: 'self',
  body: firmCheckoutRequestSchema,
  response: z.object({ sessionId: z.string(), url: z.string(), quantity: z.number().int() }),
});
