/**
 * Cost of goods sold (issue 17): Settings > Cost of Goods Sold, the organization's product catalog
 * and costs (Cost Admin), purchase lots and bundles, a settlement's COGS, and the COGS export.
 * refreshcogs, sendCogs and the bulk COGS actions are settlement actions (settlements.ts).
 */
import { z } from 'zod';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { isoDateSchema } from './iso-date';
import { decimalAmountSchema } from './money';
import { safeTextSchema } from './safe-text';
import { paginationSchema, settlementKeySchema } from './settlements';
import { ledgerExportFormatSchema } from './ledger';

const accountKey = accountKeySchema;
export const COSTING_METHOD_VALUES = ['standard', 'fifo'] as const;
export const REFUND_TREATMENT_VALUES = ['restock', 'write-off'] as const;
/** A cost sheet is small (200,000 rows at most); a file over this is not one. */
export const COST_SHEET_BYTES_MAX = 20 * 1024 * 1024;

export const skuSchema = safeTextSchema
  .trim()
  .min(1, 'The SKU is missing.')
  .max(200, 'The SKU is at most 200 characters.');
const currencySchema = safeTextSchema
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'The currency is a three-letter code such as USD.')
  .transform((c) => c.toUpperCase());
const costSchema = decimalAmountSchema.refine((v) => !v.startsWith('-'), 'A cost cannot be negative.');
const accountChoiceSchema = z.strictObject({
  code: safeTextSchema
    .trim()
    .min(1, 'The account code is missing.')
    .max(100, 'The account code is at most 100 characters.'),
  name: safeTextSchema
    .trim()
    .min(1, 'The account name is missing.')
    .max(100, 'The account name is at most 100 characters.'),
});

export const cogsSettingsSchema = z
  .object({
    accountKey: z.string(),
    costingMethod: z.enum(COSTING_METHOD_VALUES),
    refundTreatment: z.enum(REFUND_TREATMENT_VALUES),
    inventoryAccount: z.object({ code: z.string(), name: z.string() }),
    cogsAccount: z.object({ code: z.string(), name: z.string() }),
    /** COGS may be computed, sent and exported (core's plan gate: always where billing is off, decision 0057). */
    isEnabled: z.boolean(),
    /** FIFO by purchase lots may be chosen (the plan gate: premium where billing is on). */
    canUseFifo: z.boolean(),
    /** Why FIFO may not be chosen (the plan gate's words); null when it may. */
    fifoRefusal: z.string().nullable(),
    /** cogsRefundsEnabled: refunds restock or are written off as set; otherwise refunds do not touch COGS. */
    areRefundsCosted: z.boolean(),
    canRefreshCogsOnlyInBulk: z.boolean(),
    canEdit: z.boolean(),
    refusal: z.string().nullable(),
    version: z.number().int(),
    updatedAt: z.string().nullable(),
    /**
     * The Inventory and COGS accounts checked against the connected system's chart (decision 0049):
     * the account each found (null: the chart has none), the send's refusal if any, and the chart's
     * accounts to pick from. null when no accounting system is connected or its chart is not fetched.
     */
    chartCheck: z
      .object({
        system: z.string(),
        inventoryAccount: z.object({ code: z.string(), name: z.string() }).nullable(),
        cogsAccount: z.object({ code: z.string(), name: z.string() }).nullable(),
        message: z.string().nullable(),
        accounts: z.array(z.object({ code: z.string(), name: z.string() })),
      })
      .nullable(),
  })
  .meta({ id: 'CogsSettings' });
export type CogsSettingsBody = z.infer<typeof cogsSettingsSchema>;

export const getCogsSettings = defineEndpoint({
  method: 'GET',
  url: '/account-settings/cogs',
  tag: 'cogs',
  access: 'user',
  effect: 'read',
  planFeature: 'COGS',
  summary:
    "Settings > Cost of Goods Sold: the costing method, what refunds do, the Inventory and COGS accounts, and what the account's plan allows.",
  querystring: z.strictObject({ accountKey }),
  response: cogsSettingsSchema,
});

export const saveCogsSettings = defineEndpoint({
  method: 'PUT',
  url: '/account-settings/cogs',
  tag: 'cogs',
  access: 'user',
  effect: 'write',
  planFeature: 'COGS',
  summary: 'Change the COGS settings (the fields sent); audited. FIFO needs premium.',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({
    costingMethod: z
      .enum(COSTING_METHOD_VALUES, { error: 'costingMethod must be standard or fifo.' })
      .optional(),
    refundTreatment: z
      .enum(REFUND_TREATMENT_VALUES, { error: 'refundTreatment must be restock or write-off.' })
      .optional(),
    inventoryAccount: accountChoiceSchema.optional(),
    cogsAccount: accountChoiceSchema.optional(),
  }),
  response: cogsSettingsSchema,
});

export const productSchema = z.object({
  sku: z.string(),
  title: z.string().nullable(),
  firstSeenAt: z.string(),
  /** The cost in effect today per currency (latest effective date not after today). */
  currentCosts: z.array(z.object({ currency: z.string(), unitCost: z.string(), effectiveDate: z.string() })),
  costCount: z.number().int(),
  components: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
  lotUnitsLeft: z.number().int(),
});
export type ProductBody = z.infer<typeof productSchema>;

export const listProducts = defineEndpoint({
  method: 'GET',
  url: '/cost-admin/products',
  tag: 'cogs',
  access: 'user',
  effect: 'read',
  planFeature: 'COGS',
  summary:
    "The catalog of the account's organization (SKUs seen in settlements appear by themselves), with today's costs, filtered by SKU text or to those with no cost, sorted, a page at a time.",
  querystring: z.strictObject({
    accountKey,
    search: safeTextSchema.trim().max(100, 'The search is at most 100 characters.').optional(),
    isMissingCost: z.enum(['true', 'false']).optional(),
    sort: z.enum(['sku', '-sku', 'firstSeenAt', '-firstSeenAt']).default('sku'),
    page: z.coerce
      .number()
      .int('page must be a whole number.')
      .min(0, 'page starts at 0.')
      .max(100_000)
      .default(0),
    size: z.coerce
      .number()
      .int('size must be a whole number.')
      .min(1, 'size must be at least 1.')
      .max(100, 'size must be at most 100.')
      .default(25),
  }),
  response: z
    .object({
      products: z.array(productSchema),
      pagination: paginationSchema,
      catalogSize: z.number().int(),
      missingCostCount: z.number().int(),
    })
    .meta({ id: 'ProductList' }),
});

export const productCostSchema = z.object({
  sku: z.string(),
  currency: z.string(),
  effectiveDate: z.string(),
  unitCost: z.string(),
  updatedAt: z.string(),
});
export const listProductCosts = defineEndpoint({
  method: 'GET',
  url: '/cost-admin/costs',
  tag: 'cogs',
  access: 'user',
  effect: 'read',
  planFeature: 'COGS',
  summary: "One SKU's costs over time (every currency), newest first.",
  querystring: z.strictObject({ accountKey, sku: skuSchema }),
  response: z.object({ costs: z.array(productCostSchema) }).meta({ id: 'ProductCostList' }),
});

export const saveProductCost = defineEndpoint({
  method: 'PUT',
  url: '/cost-admin/costs',
  tag: 'cogs',
  access: 'user',
  effect: 'write',
  planFeature: 'COGS',
  summary:
    "Set the cost of a SKU in a currency from a day on (replaces that day's cost); audited. The SKU joins the catalog if new.",
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({
    sku: skuSchema,
    currency: currencySchema,
    effectiveDate: isoDateSchema,
    unitCost: costSchema,
    title: safeTextSchema.trim().max(200, 'The title is at most 200 characters.').optional(),
  }),
  response: productCostSchema,
});

export const deleteProductCost = defineEndpoint({
  method: 'DELETE',
  url: '/cost-admin/costs',
  tag: 'cogs',
  access: 'user',
  effect: 'write',
  planFeature: 'COGS',
  summary: 'Delete one cost of a SKU (by currency and effective day); audited.',
  querystring: z.strictObject({
    accountKey,
    sku: skuSchema,
    currency: currencySchema,
    effectiveDate: isoDateSchema,
  }),
  status: 204,
});

export const importProductCosts = defineEndpoint({
  method: 'POST',
  url: '/cost-admin/costs/import',
  tag: 'cogs',
  access: 'user',
  effect: 'write',
  planFeature: 'COGS',
  summary:
    'Import costs from a CSV or XLSX sheet (multipart, part named file; columns SKU, Currency, Effective Date, Unit Cost, optional Title). All or nothing: any bad cell is a 400 naming its row and column, and nothing is saved.',
  querystring: z.strictObject({ accountKey }),
  response: z
    .object({ imported: z.number().int(), newProducts: z.number().int(), message: z.string() })
    .meta({ id: 'CostImportResult' }),
});

export const exportProductCosts = defineEndpoint({
  method: 'GET',
  url: '/cost-admin/costs/export',
  tag: 'cogs',
  access: 'user',
  effect: 'read',
  planFeature: 'COGS',
  summary:
    "Download every cost of the catalog (and each SKU without one, with empty cost cells) as CSV or XLSX, in the import's columns.",
  querystring: z.strictObject({
    accountKey,
    format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx.' }).default('csv'),
  }),
});

export const saveBundle = defineEndpoint({
  method: 'PUT',
  url: '/cost-admin/bundles',
  tag: 'cogs',
  access: 'user',
  effect: 'write',
  planFeature: 'COGS',
  summary:
    'Make a SKU a bundle (kit) of component SKUs, or a plain SKU again with no components; audited. A bundle may not contain itself.',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({
    bundleSku: skuSchema,
    components: z
      .array(
        z.strictObject({
          sku: skuSchema,
          quantity: z
            .number()
            .int('A quantity is a whole number.')
            .min(1, 'A quantity is at least 1.')
            .max(10_000),
        }),
      )
      .max(50, 'A bundle has at most 50 components.'),
  }),
  response: z.object({
    bundleSku: z.string(),
    components: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
  }),
});

export const purchaseLotSchema = z.object({
  lotId: z.string(),
  sku: z.string(),
  currency: z.string(),
  purchasedOn: z.string(),
  quantity: z.number().int(),
  unitCost: z.string(),
  unitsLeft: z.number().int(),
});
export const listPurchaseLots = defineEndpoint({
  method: 'GET',
  url: '/cost-admin/lots',
  tag: 'cogs',
  access: 'user',
  effect: 'read',
  planFeature: 'COGS',
  summary:
    'Purchase lots of the catalog (FIFO costing), oldest first, with the units each has left; optionally of one SKU.',
  querystring: z.strictObject({ accountKey, sku: skuSchema.optional() }),
  response: z.object({ lots: z.array(purchaseLotSchema) }).meta({ id: 'PurchaseLotList' }),
});

export const addPurchaseLot = defineEndpoint({
  method: 'POST',
  url: '/cost-admin/lots',
  tag: 'cogs',
  access: 'user',
  effect: 'write',
  planFeature: 'COGS',
  summary: 'Record a purchase lot (units of a SKU bought on a day at a unit cost); audited.',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({
    lotId: safeTextSchema
      .trim()
      .min(1, 'The lot id is missing.')
      .max(100, 'The lot id is at most 100 characters.'),
    sku: skuSchema,
    currency: currencySchema,
    purchasedOn: isoDateSchema,
    quantity: z
      .number()
      .int('The quantity is a whole number.')
      .min(1, 'The quantity is at least 1.')
      .max(100_000_000),
    unitCost: costSchema,
  }),
  response: purchaseLotSchema,
});

export const cogsCellSchema = z.object({
  month: z.string(),
  productType: z.string(),
  marketplace: z.string(),
  soldUnits: z.number().int(),
  soldCost: z.string(),
  restockedUnits: z.number().int(),
  restockedCost: z.string(),
  writtenOffUnits: z.number().int(),
});
export const missingCostSchema = z.object({
  sku: z.string(),
  currency: z.string(),
  units: z.number().int(),
  firstDate: z.string(),
});
export const cogsDocumentSchema = z.object({
  number: z.string(),
  date: z.string(),
  status: z.string(),
  total: z.string(),
  remoteId: z.string().nullable(),
  error: z.string().nullable(),
});

export const settlementCogsSchema = z
  .object({
    settlementKey: z.string(),
    isEnabled: z.boolean(),
    /** null until refreshcogs has run. */
    method: z.enum(COSTING_METHOD_VALUES).nullable(),
    currency: z.string(),
    total: z.string().nullable(),
    computedAt: z.string().nullable(),
    cells: z.array(cogsCellSchema),
    missing: z.array(missingCostSchema),
    lots: z.array(z.object({ lotId: z.string(), sku: z.string(), units: z.number().int() })),
    documents: z.array(cogsDocumentSchema),
    postingStatus: z.string(),
    /**
     * FIFO lock adjustments (decision 0049): parts of this settlement's COGS journal, each in one of its
     * months, correcting earlier posted months (amount positive: more cost). As last planned.
     */
    lockAdjustments: z.array(
      z.object({
        month: z.string(),
        amount: z.string(),
        corrections: z.array(z.object({ month: z.string(), amount: z.string() })),
      }),
    ),
  })
  .meta({ id: 'SettlementCogs' });
export type SettlementCogsBody = z.infer<typeof settlementCogsSchema>;

export const getSettlementCogs = defineEndpoint({
  method: 'GET',
  url: '/settlement/cogs',
  tag: 'cogs',
  access: 'user',
  effect: 'read',
  planFeature: 'COGS',
  summary:
    "A settlement's cost of goods sold as last refreshed: cost by month, product type and marketplace, the SKUs with no cost, the lots FIFO took units from (at most 200 rows), and its COGS journals.",
  querystring: z.strictObject({ settlementKey: settlementKeySchema }),
  response: settlementCogsSchema,
});

export const exportCogs = defineEndpoint({
  method: 'GET',
  url: '/export-cogs/download',
  tag: 'cogs',
  access: 'user',
  effect: 'read',
  planFeature: 'COGS',
  summary:
    "Download the COGS journals of the account's settlements ending within [start, end] (or of the settlements listed) in one export format: posted journals as posted, the others as refreshcogs last computed them.",
  querystring: z.strictObject({
    accountKey,
    format: ledgerExportFormatSchema,
    start: isoDateSchema.optional(),
    end: isoDateSchema.optional(),
    settlementKeys: safeTextSchema.max(10_000).optional(),
  }),
});
