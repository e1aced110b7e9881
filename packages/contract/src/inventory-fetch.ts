/**
 * Inventory through SP-API (issue 17, decision 0050): Account Settings > Inventory of an Amazon
 * account (monthly fetch on or off, by fulfilment centre or by country, the marketplace asked for, the
 * valuation currency) and "Fetch month now", whose progress is the list of recent fetches.
 */
import { z } from 'zod';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { inventoryMonthSchema } from './inventory';
import { safeTextSchema } from './safe-text';

export const inventoryAggregationSchema = z.enum(['FC', 'COUNTRY']);
export const inventoryFetchStatusSchema = z.enum(['QUEUED', 'REQUESTED', 'DONE', 'FAILED']);

const query = z.strictObject({ accountKey: accountKeySchema });

export const inventoryFetchSchema = z.object({
  fetchId: z.string(),
  month: z.string(),
  status: inventoryFetchStatusSchema,
  aggregateBy: inventoryAggregationSchema,
  /** Amazon's report id once asked for. */
  reportId: z.string().nullable(),
  /** What happened, in words (the rows stored, or why it failed). */
  message: z.string().nullable(),
  requestedAt: z.string(),
  /** Null when the monthly schedule asked. */
  requestedBy: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

export const inventoryFetchSettingsSchema = z
  .object({
    accountKey: z.string(),
    isMonthlyFetchEnabled: z.boolean(),
    aggregateBy: inventoryAggregationSchema,
    marketplaceId: z.string(),
    /** Null: the account's default (its latest settlement's currency, else USD). */
    valuationCurrency: z.string().nullable(),
    /** The currency inventory is valued in now. */
    effectiveCurrency: z.string(),
    /** An Amazon connection that can be asked (Settings > Connections). */
    isConnected: z.boolean(),
    canEdit: z.boolean(),
    updatedAt: z.string().nullable(),
    /** The latest fetches, newest first. */
    fetches: z.array(inventoryFetchSchema),
  })
  .meta({ id: 'InventoryFetchSettings' });
export type InventoryFetchSettingsBody = z.infer<typeof inventoryFetchSettingsSchema>;

export const getInventoryFetchSettings = defineEndpoint({
  method: 'GET',
  url: '/inventory/fetch-settings',
  tag: 'inventory',
  access: 'user',
  effect: 'read',
  summary: "An Amazon account's inventory fetch settings (SP-API Inventory Ledger summary) and its latest fetches with their status.",
  querystring: query,
  response: inventoryFetchSettingsSchema,
});

export const saveInventoryFetchSettings = defineEndpoint({
  method: 'PUT',
  url: '/inventory/fetch-settings',
  tag: 'inventory',
  access: 'user',
  effect: 'write',
  summary: 'Change the inventory fetch settings (monthly fetch, aggregation, marketplace, valuation currency); audited in History.',
  querystring: query,
  body: z.strictObject({
    isMonthlyFetchEnabled: z.boolean(),
    aggregateBy: inventoryAggregationSchema,
    marketplaceId: safeTextSchema.regex(/^[A-Z0-9]{8,20}$/, 'The marketplace is an Amazon marketplace id such as ATVPDKIKX0DER.'),
    valuationCurrency: safeTextSchema
      .regex(/^[A-Za-z]{3}$/, 'The currency is a three-letter code such as USD.')
      .transform((c) => c.toUpperCase())
      .nullable(),
  }),
  response: inventoryFetchSettingsSchema,
});

export const fetchInventoryMonth = defineEndpoint({
  method: 'POST',
  url: '/inventory/fetch-month',
  tag: 'inventory',
  access: 'user',
  effect: 'write',
  summary: "Ask Amazon now for a month's Inventory Ledger summary (a month that has ended); it is fetched in the background and replaces the month's positions. Audited.",
  querystring: query,
  body: z.strictObject({ month: inventoryMonthSchema }),
  response: inventoryFetchSchema.meta({ id: 'InventoryFetch' }),
});
