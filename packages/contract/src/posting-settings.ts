/**
 * Posting settings (Settings > Account, Sales Grouping and Tracking, Product Types): how an account's
 * settlements become documents. One shape for the server and the web; the rules and defaults are
 * core's (DEFAULT_POSTING_SETTINGS, the product-type matcher and its pattern check).
 */
import { z } from 'zod';
import { safeTextSchema } from './safe-text';
import { accountKeySchema } from './ids';
import { checkProductTypePattern, createLocalCalendar, GROUP_BY_VALUES, INCONSISTENT_SETTLEMENT_POLICIES, PERIOD_LOCK_TREATMENTS, UNASSIGNED_PRODUCT_TYPE } from '@ledgerport/core/posting';
import { defineEndpoint } from './endpoint';

const accountKey = accountKeySchema;

export const PRODUCT_TYPE_RULES_MAX = 100;
export const PRODUCT_TYPE_SKUS_MAX = 5000;

export const groupBySchema = z.enum(GROUP_BY_VALUES, { error: `Choose one of ${GROUP_BY_VALUES.join(', ')}.` });
export type GroupBy = z.infer<typeof groupBySchema>;
export const inconsistentSettlementsSchema = z.enum(INCONSISTENT_SETTLEMENT_POLICIES, { error: 'Choose suspense (post with an unreconciled difference line) or hold.' });

export const periodLockTreatmentSchema = z.enum(PERIOD_LOCK_TREATMENTS, { error: 'Choose hold (wait until released) or move (post on the first open day).' });

export const productTypeRuleSchema = z
  .strictObject({
    name: safeTextSchema
      .trim()
      .min(1, 'Enter a name for the product type.')
      .max(100, 'The name must be at most 100 characters.')
      .refine((n) => n.toLowerCase() !== UNASSIGNED_PRODUCT_TYPE.value, `"${UNASSIGNED_PRODUCT_TYPE.label}" is the name of SKUs no rule catches; choose another name.`),
    skus: z
      .array(safeTextSchema.trim().min(1, 'A SKU cannot be empty.').max(100, 'A SKU must be at most 100 characters.'))
      .max(PRODUCT_TYPE_SKUS_MAX, `A product type lists at most ${PRODUCT_TYPE_SKUS_MAX} SKUs.`),
    pattern: safeTextSchema
      .nullable()
      .superRefine((p, ctx) => {
        const problem = p === null || p === '' ? null : checkProductTypePattern(p);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .superRefine((r, ctx) => {
    if (r.skus.length === 0 && (r.pattern === null || r.pattern === '')) ctx.addIssue({ code: 'custom', path: ['skus'], message: 'List at least one SKU or enter a pattern.' });
  });
export type ProductTypeRuleBody = z.infer<typeof productTypeRuleSchema>;

export const productTypeRulesSchema = z
  .array(productTypeRuleSchema)
  .max(PRODUCT_TYPE_RULES_MAX, `At most ${PRODUCT_TYPE_RULES_MAX} product types.`)
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.forEach((r, i) => {
      const key = r.name.trim().toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `Another product type is already named "${r.name.trim()}".` });
      seen.add(key);
    });
  });

export const timeZoneIdSchema = safeTextSchema
  .trim()
  .min(1, 'Choose a time zone.')
  .max(64, 'The time zone must be at most 64 characters.')
  .refine((zone) => {
    try {
      createLocalCalendar(zone);
      return true;
    } catch {
      return false;
    }
  }, 'Not a known IANA time zone (such as "Europe/Berlin").');

export const postingSettingsSchema = z
  .object({
    accountKey: z.string(),
    /** 0: never saved (core's defaults); every save adds a version. */
    version: z.number().int(),
    timeZoneId: z.string(),
    groupBy: groupBySchema,
    isSplitByMonth: z.boolean(),
    shouldSplitByCountry: z.boolean(),
    isTrackedByMarketplace: z.boolean(),
    trackingCategoryName: z.string(),
    inconsistentSettlements: inconsistentSettlementsSchema,
    /** A document dated in a period the accounting system has closed: hold the settlement, or move the document to the first open day. */
    periodLockTreatment: periodLockTreatmentSchema,
    productTypes: z.array(z.object({ name: z.string(), skus: z.array(z.string()), pattern: z.string().nullable() })),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
    /** Unposted inconsistent settlements held now (inconsistentSettlements 'hold'). */
    heldCount: z.number().int(),
    /** Unposted settlements held because a document falls in a closed period. */
    periodLockHeldCount: z.number().int(),
  })
  .meta({ id: 'PostingSettings' });
export type PostingSettingsBody = z.infer<typeof postingSettingsSchema>;

export const getPostingSettings = defineEndpoint({
  method: 'GET',
  url: '/account/posting-settings',
  summary: "The account's posting settings: time zone, grouping, month and country split, marketplace tracking, inconsistent settlements, product types.",
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: postingSettingsSchema,
});

export const savePostingSettingsBodySchema = z.strictObject({
  timeZoneId: timeZoneIdSchema.optional(),
  groupBy: groupBySchema.optional(),
  isSplitByMonth: z.boolean().optional(),
  shouldSplitByCountry: z.boolean().optional(),
  isTrackedByMarketplace: z.boolean().optional(),
  trackingCategoryName: safeTextSchema.trim().min(1, 'Enter the name of the tracking category or class.').max(100, 'The name must be at most 100 characters.').optional(),
  inconsistentSettlements: inconsistentSettlementsSchema.optional(),
  periodLockTreatment: periodLockTreatmentSchema.optional(),
  productTypes: productTypeRulesSchema.optional(),
});
export type SavePostingSettings = z.input<typeof savePostingSettingsBodySchema>;

export const savePostingSettings = defineEndpoint({
  method: 'PUT',
  url: '/account/posting-settings',
  summary: 'Change some posting settings (the fields sent); saves a new version, recorded in the account history. Holding or releasing inconsistent settlements follows at once.',
  tag: 'account',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: savePostingSettingsBodySchema,
  response: postingSettingsSchema,
});

export const productTypePreviewSchema = z.object({
  skuCount: z.number().int(),
  rules: z.array(z.object({ name: z.string(), skuCount: z.number().int(), examples: z.array(z.string()) })),
  unassigned: z.object({ label: z.string(), value: z.string(), skuCount: z.number().int(), examples: z.array(z.string()) }),
});
export type ProductTypePreview = z.infer<typeof productTypePreviewSchema>;

export const previewProductTypes = defineEndpoint({
  method: 'POST',
  url: '/account/product-types/preview',
  summary: "How many of the account's SKUs (from its settlements) each rule would catch, in order, and how many stay Unassigned. Saves nothing.",
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ productTypes: productTypeRulesSchema }),
  response: productTypePreviewSchema,
});

export const releaseSettlementHold = defineEndpoint({
  method: 'POST',
  url: '/settlement/release-hold',
  summary: 'Release a held settlement. One held because it is inconsistent posts with its difference on the unreconciled-difference suspense line; one held for a closed period is checked against the lock again when sent.',
  tag: 'settlements',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ settlementKey: safeTextSchema.trim().min(1, 'The settlementKey is missing.').max(200, 'The settlementKey is too long.') }),
  response: z.object({ settlementKey: z.string(), message: z.string() }),
});

export const auditEntrySchema = z.object({
  at: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  summary: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryBody = z.infer<typeof auditEntrySchema>;

export const listSettingChanges = defineEndpoint({
  method: 'GET',
  url: '/account-settings/history',
  summary: "Who changed which setting of the account and when (its audit log), newest first.",
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey, limit: z.coerce.number().int().min(1).max(200).optional() }),
  response: z.object({ entries: z.array(auditEntrySchema) }),
});
