/**
 * Shopify B2B (single-order) invoices and Deferred Revenue (issues 18 and 19, decision 0028):
 * Settings > Shopify B2B Invoice (which orders become their own invoice), Settings > Shopify Deferred
 * Revenue (hold revenue of unfulfilled orders), and the B2B invoice report.
 */
import { z } from 'zod';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { isoDateSchema } from './iso-date';
import { safeTextSchema } from './safe-text';

const accountKey = accountKeySchema;
/** Shopify tags are at most 40 characters; gateway names are short labels too. */
export const ORDER_TAG_LENGTH_MAX = 40;
export const B2B_GATEWAYS_MAX = 10;

export const shopifyB2bSettingsSchema = z
  .object({
    accountKey: z.string(),
    isEnabled: z.boolean(),
    /** Orders with this tag are B2B (e.g. A2XB2B); null: the tag decides nothing. */
    orderTag: z.string().nullable(),
    /** Orders paid through one of these gateways are B2B (e.g. 'manual', 'Net 30'). */
    gateways: z.array(z.string()),
    /** B2B (single-order) settlements the account has. */
    settlementCount: z.number().int(),
    canEdit: z.boolean(),
  })
  .meta({ id: 'ShopifyB2bSettings' });
export type ShopifyB2bSettingsBody = z.infer<typeof shopifyB2bSettingsSchema>;

export const saveShopifyB2bBodySchema = z.strictObject({
  isEnabled: z.boolean(),
  orderTag: safeTextSchema.trim().max(ORDER_TAG_LENGTH_MAX, `An order tag is at most ${ORDER_TAG_LENGTH_MAX} characters.`).nullable(),
  gateways: z.array(safeTextSchema.trim().min(1, 'A gateway name cannot be empty.').max(60, 'A gateway name is at most 60 characters.')).max(B2B_GATEWAYS_MAX, `Choose at most ${B2B_GATEWAYS_MAX} gateways.`),
});
export type SaveShopifyB2b = z.infer<typeof saveShopifyB2bBodySchema>;

export const getShopifyB2bSettings = defineEndpoint({
  method: 'GET',
  url: '/account-settings/shopify-b2b',
  summary: 'Whether a Shopify account posts B2B orders as invoices of their own, which orders are B2B, and how many B2B settlements it has.',
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: shopifyB2bSettingsSchema,
});

export const saveShopifyB2bSettings = defineEndpoint({
  method: 'POST',
  url: '/account-settings/shopify-b2b',
  summary: 'Turn B2B (single-order) invoices on or off and choose the order tag and gateways that make an order B2B (audited; applies to payouts stored from now on).',
  tag: 'account',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: saveShopifyB2bBodySchema,
  response: shopifyB2bSettingsSchema,
});

export const shopifyDeferredRevenueSettingsSchema = z
  .object({
    accountKey: z.string(),
    isEnabled: z.boolean(),
    /** Deferred Revenue settlements the account has. */
    settlementCount: z.number().int(),
    /** Revenue held now (orders paid, not fulfilled), per currency, decimal strings. */
    held: z.array(z.object({ currency: z.string(), amount: z.string(), orderCount: z.number().int() })),
    canEdit: z.boolean(),
  })
  .meta({ id: 'ShopifyDeferredRevenueSettings' });
export type ShopifyDeferredRevenueSettingsBody = z.infer<typeof shopifyDeferredRevenueSettingsSchema>;

export const saveShopifyDeferredRevenueBodySchema = z.strictObject({ isEnabled: z.boolean() });

export const getShopifyDeferredRevenueSettings = defineEndpoint({
  method: 'GET',
  url: '/account-settings/shopify-deferred-revenue',
  summary: 'Whether a Shopify account holds the revenue of unfulfilled orders, with what is held now.',
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: shopifyDeferredRevenueSettingsSchema,
});

export const saveShopifyDeferredRevenueSettings = defineEndpoint({
  method: 'POST',
  url: '/account-settings/shopify-deferred-revenue',
  summary: 'Turn Shopify deferred revenue on or off (audited; applies to payouts stored from now on).',
  tag: 'account',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: saveShopifyDeferredRevenueBodySchema,
  response: shopifyDeferredRevenueSettingsSchema,
});

export const b2bInvoiceSchema = z.object({
  settlementKey: z.string(),
  orderName: z.string(),
  poNumber: z.string().nullable(),
  customerName: z.string().nullable(),
  payoutId: z.string(),
  /** The day of the order's last line (ISO date, UTC). */
  date: z.string().nullable(),
  currency: z.string(),
  total: z.string(),
  postingStatus: z.string(),
  /** Paid: its payout was deposited; open: the payout is still pending. */
  isPaid: z.boolean(),
});
export type B2bInvoiceBody = z.infer<typeof b2bInvoiceSchema>;

export const b2bInvoiceReportSchema = z
  .object({ accountKey: z.string(), invoices: z.array(b2bInvoiceSchema), totals: z.array(z.object({ currency: z.string(), total: z.string(), open: z.string() })) })
  .meta({ id: 'B2bInvoiceReport' });
export type B2bInvoiceReportBody = z.infer<typeof b2bInvoiceReportSchema>;

export const getB2bInvoiceReport = defineEndpoint({
  method: 'GET',
  url: '/shopify/b2b-invoices',
  summary: "A Shopify account's B2B (single-order) invoices: order, PO, customer, amount, posting status, paid or open.",
  tag: 'reports',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey, start: isoDateSchema.optional(), end: isoDateSchema.optional() }),
  response: b2bInvoiceReportSchema,
});
