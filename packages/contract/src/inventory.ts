/**
 * Inventory (issue 17, decision 0034): an Amazon account's Inventory Ledger summary uploaded per
 * month, valued at the catalog's standard costs at month end, by SKU and by fulfilment centre, and
 * reconciled against the COGS posted. Amounts are decimal strings in `currency`.
 */
import { z } from 'zod';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { safeTextSchema } from './safe-text';

/** An inventory report is one month or a few of one seller: a file over this is not one. */
export const INVENTORY_REPORT_BYTES_MAX = 50 * 1024 * 1024;

export const inventoryMonthSchema = safeTextSchema.regex(
  /^[0-9]{4}-(0[1-9]|1[0-2])$/,
  'The month is written YYYY-MM, such as 2026-10.',
);
const inventoryQuery = z.strictObject({
  accountKey: accountKeySchema,
  month: inventoryMonthSchema,
  currency: safeTextSchema
    .regex(/^[A-Za-z]{3}$/, 'The currency is a three-letter code such as USD.')
    .transform((c) => c.toUpperCase())
    .optional(),
});

const missingSchema = z.object({ sku: z.string(), units: z.number().int() });
const monthTotalSchema = z.object({
  month: z.string(),
  units: z.number().int(),
  value: z.string(),
  missingCostCount: z.number().int(),
  /** Uploaded, or fetched through SP-API (decision 0050), and when. */
  source: z.enum(['UPLOAD', 'SP_API']),
  storedAt: z.string(),
});

/** The month an inventory page values: the account, the month, the day and currency of its value, whether it has a report. */
const inventoryMonthFields = {
  accountKey: z.string(),
  month: z.string(),
  /** The month's last day: the day whose costs value it. */
  valuedOn: z.string(),
  currency: z.string(),
  /** False when no report of the month was uploaded (everything else is then empty). */
  hasReport: z.boolean(),
};

export const inventorySummarySchema = z
  .object({
    ...inventoryMonthFields,
    fileName: z.string().nullable(),
    uploadedAt: z.string().nullable(),
    /** Where the month came from: an uploaded file or SP-API (decision 0050); null without a report. */
    source: z.enum(['UPLOAD', 'SP_API']).nullable(),
    /** Amazon's report id of a fetched month. */
    reportId: z.string().nullable(),
    units: z.number().int(),
    value: z.string(),
    skus: z.array(
      z.object({
        sku: z.string(),
        title: z.string(),
        units: z.number().int(),
        unitCost: z.string().nullable(),
        value: z.string().nullable(),
        locationCount: z.number().int(),
        isMissingCost: z.boolean(),
      }),
    ),
    missing: z.array(missingSchema),
    /** Every uploaded month, oldest first, valued the same way (for the chart). */
    months: z.array(monthTotalSchema),
  })
  .meta({ id: 'InventorySummary' });
export type InventorySummaryBody = z.infer<typeof inventorySummarySchema>;

export const inventoryLocationsSchema = z
  .object({
    ...inventoryMonthFields,
    units: z.number().int(),
    value: z.string(),
    locations: z.array(
      z.object({
        location: z.string(),
        units: z.number().int(),
        value: z.string(),
        skuCount: z.number().int(),
        missingCostUnits: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'InventoryLocations' });
export type InventoryLocationsBody = z.infer<typeof inventoryLocationsSchema>;

export const inventoryReconciliationSchema = z
  .object({
    accountKey: z.string(),
    month: z.string(),
    currency: z.string(),
    hasReport: z.boolean(),
    shippedUnits: z.number().int(),
    returnedUnits: z.number().int(),
    movementCost: z.string(),
    /** COGS of the month's cells of settlements whose COGS journal is posted. */
    cogsPosted: z.string(),
    difference: z.string(),
    skus: z.array(
      z.object({
        sku: z.string(),
        shippedUnits: z.number().int(),
        returnedUnits: z.number().int(),
        unitCost: z.string().nullable(),
        movementCost: z.string().nullable(),
      }),
    ),
    missing: z.array(missingSchema),
  })
  .meta({ id: 'InventoryReconciliation' });
export type InventoryReconciliationBody = z.infer<typeof inventoryReconciliationSchema>;

export const uploadInventoryReport = defineEndpoint({
  method: 'POST',
  url: '/inventory/reports',
  tag: 'inventory',
  access: 'user',
  effect: 'write',
  summary:
    "Upload an Amazon Inventory Ledger summary (GET_LEDGER_SUMMARY_VIEW_DATA, tab-separated; multipart, part named file). All or nothing: any bad cell is a 400 naming file, row and column. Each month in the file replaces that month's earlier upload.",
  querystring: z.strictObject({ accountKey: accountKeySchema }),
  response: z
    .object({ months: z.array(z.string()), rowCount: z.number().int(), positionCount: z.number().int(), message: z.string() })
    .meta({ id: 'InventoryUploadResult' }),
});

export const getInventorySummary = defineEndpoint({
  method: 'GET',
  url: '/inventory/summary',
  tag: 'inventory',
  access: 'user',
  effect: 'read',
  summary: "An Amazon account's month-end inventory by SKU: units, the standard cost on the month's last day, value, and the SKUs without a cost.",
  querystring: inventoryQuery,
  response: inventorySummarySchema,
});

export const getInventoryLocations = defineEndpoint({
  method: 'GET',
  url: '/inventory/locations',
  tag: 'inventory',
  access: 'user',
  effect: 'read',
  summary: "An Amazon account's month-end inventory by fulfilment centre: units, value of the costed units, units without a cost.",
  querystring: inventoryQuery,
  response: inventoryLocationsSchema,
});

export const getInventoryReconciliation = defineEndpoint({
  method: 'GET',
  url: '/inventory/reconciliation',
  tag: 'inventory',
  access: 'user',
  effect: 'read',
  summary: "The month's units shipped less returned, at standard cost, against the COGS posted for the month, with the difference.",
  querystring: inventoryQuery,
  response: inventoryReconciliationSchema,
});
