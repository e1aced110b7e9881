/**
 * Settlements (spec sections 3 and 7): the Settlement entity with every spec field plus the
 * normalized header, its lines, the documents that will be or were posted per month part, the
 * paginated search with `paginatedSearchCriteriaClause`, and the settlement actions.
 *
 * Search semantics: the clause is a list of groups; the groups are ANDed, the criteria inside one
 * group are ORed. Exactly one top-level group must be `accountKey eq <key>` (the account searched).
 */
import { z } from 'zod';
import { BULK_SETTLEMENTS_MAX } from './limits';
import { parseIsoInstant } from '@ledgerport/core/rules';
import { isoDateSchema } from './iso-date';
import { safeTextSchema } from './safe-text';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { salesChannelSchema } from './enums';
import { decimalAmountSchema } from './money';
import { previewTokenSchema, reprocessPreviewSchema } from './reprocess-preview';

const accountKey = accountKeySchema;
export const settlementKeySchema = safeTextSchema.trim().min(1, 'The settlementKey is missing.').max(100, 'The settlementKey is too long.');

export const postingStatuses = ['POSTED', 'PARTIALLY_POSTED', 'NOT_POSTED'] as const;
export const postingStatusSchema = z.enum(postingStatuses);
export type PostingStatus = z.infer<typeof postingStatusSchema>;

/** Where the settlement came from: an uploaded file, or the channel's API (then redownload works). */
export const settlementSourceKindSchema = z.enum(['file', 'api']);
export type SettlementSourceKind = z.infer<typeof settlementSourceKindSchema>;

/** Sending through the posting queue: IDLE (nothing pending), QUEUED, SENDING, FAILED (see postingError). */
export const sendStateSchema = z.enum(['IDLE', 'QUEUED', 'SENDING', 'FAILED']);
export type SendState = z.infer<typeof sendStateSchema>;

/** The badges of spec section 2 "Settlement detail", derived from the fields. */
export const settlementBadgeSchema = z.enum(['posted', 'partially-posted', 'not-posted', 'inconsistent', 'duplicate', 'on-hold', 'open']);
export type SettlementBadge = z.infer<typeof settlementBadgeSchema>;

export const settlementSchema = z
  .object({
    // --- spec section 3 "Settlement", every field ---
    accountKey: z.string(),
    /** ISO timestamps of the row. */
    created: z.string(),
    updated: z.string(),
    /** ISO timestamps (UTC) of the settlement period; null when the channel does not say. */
    start: z.string().nullable(),
    end: z.string().nullable(),
    /** The stated total (the deposit); null for an open settlement. */
    total: decimalAmountSchema.nullable(),
    /** The marketplace shown in the list's 'channel' column (e.g. 'Amazon.com'). */
    channel: z.string(),
    /** The payment gateway (Shopify Payments, PayPal, Braintree), or 'Deferred Revenue'; null when none. */
    gateway: z.string().nullable(),
    currency: z.string(),
    /** The account's sales channel or payment source that produced it. */
    salesSource: salesChannelSchema,
    /** The channel's report id (API source) or the uploaded file's name. */
    reportId: z.string().nullable(),
    /** True once every document of it is posted to the accounting system (the historical name). */
    postedToXero: z.boolean(),
    cogsPosted: z.boolean(),
    postingStatus: postingStatusSchema,
    cogsPostingStatus: postingStatusSchema,
    cogsInvoicesTotal: decimalAmountSchema.nullable(),
    cogsCurrency: z.string().nullable(),
    allProductCostsAvailable: z.boolean(),
    sellerId: z.string().nullable(),
    /** settlementKey of the settlement this one repeats; null when it is the original. */
    duplicateOf: z.string().nullable(),
    inconsistent: z.boolean(),
    /** Named flags that are true or false, e.g. { inconsistent, unmappedTypes, open, duplicate }. */
    flagsSet: z.record(z.string(), z.boolean()),
    onHold: z.boolean(),
    onHoldReason: z.string().nullable(),
    /** Why it is held: 'inconsistent' (released to post with a suspense line) or 'period-lock' (a closed period; checked again when sent). */
    onHoldCause: z.string().nullable(),
    onHoldDate: z.string().nullable(),
    /** The settlementKey (the spec's key as text). */
    keyAsString: z.string(),
    taxesMapped: z.boolean(),
    accountsMapped: z.boolean(),
    // --- the normalized header and bookkeeping beyond the spec ---
    settlementKey: z.string(),
    /** The channel's own id (Amazon settlement-id, Shopify payout id...). */
    settlementId: z.string(),
    format: z.string(),
    marketplace: z.string().nullable(),
    depositDate: z.string().nullable(),
    /** 'closed': the channel stated a total; 'open': lines no deposit covers yet. */
    status: z.enum(['closed', 'open']),
    linesTotal: decimalAmountSchema,
    lineCount: z.number().int(),
    /** Stated total minus the sum of the lines (0 when consistent). */
    difference: decimalAmountSchema,
    /** Why it may not add up, in plain words; null when consistent. */
    inconsistencyReason: z.string().nullable(),
    duplicateKey: z.string(),
    sourceKind: settlementSourceKindSchema,
    sourceFile: z.string(),
    isSingleOrder: z.boolean(),
    isDeferredTransactionSettlement: z.boolean(),
    sendState: sendStateSchema,
    /** The last posting failure, in words a bookkeeper understands; null when none. */
    postingError: z.string().nullable(),
    badges: z.array(settlementBadgeSchema),
  })
  .meta({ id: 'Settlement' });
export type Settlement = z.infer<typeof settlementSchema>;

export const settlementLineSchema = z
  .object({
    lineNo: z.number().int(),
    postedAt: z.string().nullable(),
    typeKey: z.string(),
    /** The transaction type's label ("Amazon Sales - Principal") and category. */
    typeLabel: z.string(),
    category: z.string(),
    orderId: z.string().nullable(),
    sku: z.string().nullable(),
    quantity: z.number().int().nullable(),
    marketplace: z.string().nullable(),
    fulfilmentChannel: z.string().nullable(),
    amount: decimalAmountSchema,
    description: z.string().nullable(),
    sourceFile: z.string(),
    sourceRow: z.number().int(),
  })
  .meta({ id: 'SettlementLine' });
export type SettlementLine = z.infer<typeof settlementLineSchema>;

/** core's GroupSelector: the exact filter that picks a document line's source lines. */
export const lineSelectorSchema = z.object({
  month: z.string().optional(),
  typeKey: z.string().optional(),
  sku: z.string().optional(),
  productType: z.string().optional(),
  country: z.string().optional(),
  fulfilment: z.string().optional(),
  marketplace: z.string().optional(),
});
export type LineSelector = z.infer<typeof lineSelectorSchema>;

export const documentLineSchema = z.object({
  role: z.enum(['transaction', 'clearing', 'carried-forward', 'rounding', 'unreconciled-difference', 'unmapped', 'tax']),
  accountCode: z.string(),
  accountName: z.string(),
  taxRateCode: z.string(),
  description: z.string(),
  side: z.enum(['debit', 'credit']),
  amount: decimalAmountSchema,
  tracking: z.array(z.object({ name: z.string(), option: z.string() })),
  sources: z.object({
    selector: lineSelectorSchema,
    lineCount: z.number().int(),
    rows: z.array(z.object({ file: z.string(), first: z.number().int(), last: z.number().int() })),
    isComplete: z.boolean(),
  }),
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

/** PENDING: will be posted (built with the current mappings); POSTED; REVERSED (replaced); FAILED. */
export const documentStatusSchema = z.enum(['PENDING', 'POSTED', 'REVERSED', 'FAILED']);

export const settlementDocumentSchema = z
  .object({
    documentId: z.string().nullable(),
    status: documentStatusSchema,
    kind: z.string(),
    system: z.string(),
    number: z.string(),
    date: z.string(),
    description: z.string(),
    currency: z.string(),
    part: z.object({ index: z.number().int(), count: z.number().int(), month: z.string() }),
    total: decimalAmountSchema,
    partNet: decimalAmountSchema,
    mappingVersion: z.string(),
    /** The posting settings version it was (or will be) built with; null when posted before settings were versioned. */
    settingsVersion: z.number().int().nullable(),
    flags: z.array(z.string()),
    remoteId: z.string().nullable(),
    remoteNumber: z.string().nullable(),
    remoteUrl: z.string().nullable(),
    postedAt: z.string().nullable(),
    error: z.string().nullable(),
    lines: z.array(documentLineSchema),
  })
  .meta({ id: 'SettlementDocument' });
export type SettlementDocument = z.infer<typeof settlementDocumentSchema>;

export const postingProblemSchema = z.object({
  code: z.string(),
  message: z.string(),
  typeKey: z.string().optional(),
  amount: decimalAmountSchema.optional(),
});

export const settlementDetailSchema = z
  .object({
    settlement: settlementSchema,
    documents: z.array(settlementDocumentSchema),
    /** Why documents cannot be built yet (unmapped types, held...), empty when they can. */
    problems: z.array(postingProblemSchema),
    /** Sum of the lines by transaction type, for the header. */
    byType: z.array(z.object({ typeKey: z.string(), typeLabel: z.string(), category: z.string(), amount: decimalAmountSchema, lineCount: z.number().int() })),
    canRedownload: z.boolean(),
  })
  .meta({ id: 'SettlementDetail' });
export type SettlementDetail = z.infer<typeof settlementDetailSchema>;

// ---------------------------------------------------------------- search

/** spec section 3 "Filter operators", plus `like` seen on the wire (case-insensitive contains, % and _ literal). */
export const filterOperations = ['eq', 'ne', 'in', 'ni', 'nu', 'nn', 'gt', 'ge', 'lt', 'le', 'like', 'jpcbtrue', 'jpcbntrue'] as const;
export const filterOperationSchema = z.enum(filterOperations, { error: (issue) => `Unknown filter operation ${JSON.stringify(issue.input)}; use one of ${filterOperations.join(', ')}.` });
export type FilterOperation = z.infer<typeof filterOperationSchema>;

/**
 * Filter keys a search may use. Settlement fields by name; `text` searches settlement id, report id,
 * file name and marketplace; `order` (joinTableName 'lines') finds settlements holding an order id.
 */
export const settlementFilterKeys = [
  'accountKey',
  'datastoreKey',
  'keyAsString',
  'settlementId',
  'start',
  'end',
  'depositDate',
  'created',
  'total',
  'channel',
  'gateway',
  'currency',
  'salesSource',
  'reportId',
  'salesChannelReportId',
  'postingStatus',
  'cogsPostingStatus',
  'duplicateOf',
  'inconsistent',
  'onHold',
  'status',
  'marketplace',
  'isSingleOrder',
  'isDeferredTransactionSettlement',
  'flagsSet',
  'sourceKind',
  'text',
  'order',
] as const;
export const settlementFilterKeySchema = z.enum(settlementFilterKeys, {
  error: (issue) => `Unknown filter column ${JSON.stringify(issue.input)}; use one of ${settlementFilterKeys.join(', ')}.`,
});
export type SettlementFilterKey = z.infer<typeof settlementFilterKeySchema>;

export const filterValueSchema = z.union([safeTextSchema.max(500), z.number(), z.boolean(), z.null(), z.array(safeTextSchema.max(500)).max(100)]);

/** Filter keys that compare an instant: a text value is a date or an ISO timestamp (core's parseIsoInstant). */
export const settlementTimeFilterKeys: readonly SettlementFilterKey[] = ['start', 'end', 'depositDate', 'created'];

export const searchCriterionSchema = z
  .strictObject({
    filterKey: settlementFilterKeySchema,
    operation: filterOperationSchema,
    value: filterValueSchema.optional(),
    joinTableName: z.enum(['lines']).optional(),
  })
  .superRefine((c, ctx) => {
    if (!settlementTimeFilterKeys.includes(c.filterKey)) return;
    const values: [unknown, (string | number)[]][] = Array.isArray(c.value) ? c.value.map((v, i) => [v, ['value', i]]) : [[c.value, ['value']]];
    for (const [value, path] of values) {
      if (typeof value !== 'string' || parseIsoInstant(value) !== undefined) continue;
      ctx.addIssue({
        code: 'custom',
        path,
        input: value,
        message: `The ${c.filterKey} filter needs a date like 2026-11-23 or a timestamp like 2026-11-23T00:00:00.000Z (years 0001 to 9999), not ${JSON.stringify(value)}.`,
      });
    }
  });
export type SearchCriterion = z.infer<typeof searchCriterionSchema>;

export const paginatedSearchBodySchema = z.strictObject({
  paginatedSearchCriteriaClause: z
    .array(z.array(searchCriterionSchema).min(1, 'A criteria group needs at least one criterion.').max(20))
    .min(1, 'Give at least the accountKey criterion.')
    .max(30),
});
export type PaginatedSearchBody = z.infer<typeof paginatedSearchBodySchema>;

export const settlementSortKeys = ['start', 'end', 'depositDate', 'created', 'updated', 'total', 'channel', 'currency', 'postingStatus', 'settlementId'] as const;

export const pageSizes = [10, 25, 50, 100] as const;

export const paginationSchema = z.object({
  perPage: z.number().int(),
  currentPage: z.number().int(),
  cursor: z.string().nullable(),
  totalRows: z.number().int(),
  pageOptions: z.array(z.number().int()),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const searchSettlements = defineEndpoint({
  method: 'POST',
  url: '/spanner-settlements-with-pagination',
  summary:
    "One page of an account's settlements. Groups of the clause are ANDed, criteria inside a group ORed; one group must be accountKey eq. sort is 'column' or 'column,asc|desc' (default start,desc).",
  tag: 'settlements',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({
    page: z.coerce.number().int('page must be a whole number.').min(0, 'page starts at 0.').max(100_000),
    size: z.coerce.number().int('size must be a whole number.').min(1, 'size must be at least 1.').max(100, 'size must be at most 100.'),
    sort: z
      .string()
      .regex(new RegExp(`^(${settlementSortKeys.join('|')})(,(asc|desc))?$`), `sort must be a column (${settlementSortKeys.join(', ')}) optionally followed by ,asc or ,desc.`)
      .optional(),
  }),
  body: paginatedSearchBodySchema,
  response: z.object({ settlements: z.array(settlementSchema), pagination: paginationSchema }).meta({ id: 'SettlementPage' }),
});

export const getSettlementDetail = defineEndpoint({
  method: 'GET',
  url: '/settlement/detail',
  summary: 'A settlement with its documents (posted, or as they will be posted with the current mappings) and sums by type.',
  tag: 'settlements',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ settlementKey: settlementKeySchema }),
  response: settlementDetailSchema,
});

export const listSettlementLines = defineEndpoint({
  method: 'GET',
  url: '/settlement/lines',
  summary: "Drill-down: a page of a settlement's source lines, optionally only those a document line summarises (its selector).",
  tag: 'settlements',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({
    settlementKey: settlementKeySchema,
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(500, 'size must be at most 500.').default(50),
    month: z.string().regex(/^\d{4}-\d{2}$/, 'month must look like 2026-11.').optional(),
    typeKey: safeTextSchema.max(500).optional(),
    sku: safeTextSchema.max(500).optional(),
    marketplace: safeTextSchema.max(200).optional(),
    fulfilment: safeTextSchema.max(100).optional(),
    country: safeTextSchema.max(10).optional(),
    productType: safeTextSchema.max(200).optional(),
  }),
  response: z.object({ lines: z.array(settlementLineSchema), pagination: paginationSchema }),
});

export const settlementActionResultSchema = z
  .object({
    action: z.enum(['reprocess', 'refreshcogs', 'delete', 'redownload']),
    settlementKey: z.string(),
    message: z.string(),
    /** The settlement after the action; null after delete. */
    settlement: settlementSchema.nullable(),
    /** reprocess of a posted settlement without confirm=true: what would change (nothing was changed). */
    preview: reprocessPreviewSchema.nullable(),
  })
  .meta({ id: 'SettlementActionResult' });
export type SettlementActionResult = z.infer<typeof settlementActionResultSchema>;

export const settlementAction = defineEndpoint({
  method: 'GET',
  url: '/settlement',
  summary:
    'reprocess (rebuild flags and documents with the current mappings; on a posted settlement shows what would change unless confirm=true with the preview token, then replaces the changed posted documents by reversal), refreshcogs, or delete (not when posted).',
  tag: 'settlements',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({
    ajax: z.literal('true').optional(),
    action: z.enum(['reprocess', 'refreshcogs', 'delete'], { error: 'action must be reprocess, refreshcogs or delete.' }),
    settlementKey: settlementKeySchema,
    confirm: z.enum(['true', 'false']).optional(),
    /** With confirm=true: the token of the preview that was shown (reprocess-preview.ts). */
    previewToken: previewTokenSchema.optional(),
  }),
  response: settlementActionResultSchema,
});

export const redownloadSettlement = defineEndpoint({
  method: 'POST',
  url: '/settlement',
  summary: "Fetch an API-sourced settlement again from the channel (by its report id) and replace it if not posted.",
  tag: 'settlements',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ action: z.literal('redownload'), settlementKey: settlementKeySchema, account: accountKey }),
  response: settlementActionResultSchema,
});

export const sendResultSchema = z
  .object({
    /** Settlements queued for sending (the web polls their sendState / postingStatus). */
    queued: z.array(z.string()),
    /** Settlements not queued, with why (already posted, not found...). */
    skipped: z.array(z.object({ settlementKey: z.string(), reason: z.string() })),
    message: z.string(),
  })
  .meta({ id: 'SendResult' });
export type SendResult = z.infer<typeof sendResultSchema>;

const sendActionSchema = z.enum(['send', 'sendCogs'], { error: 'action must be send or sendCogs.' });

export const sendSettlement = defineEndpoint({
  method: 'POST',
  url: '/settlementSend',
  summary: "Queue a settlement's documents for posting to the account's accounting system (form encoded, or in the query string). Sending twice never posts twice.",
  tag: 'settlements',
  access: 'user',
  effect: 'write',
  bodyInQuery: true,
  querystring: z.strictObject({ settlementKey: settlementKeySchema.optional(), action: sendActionSchema.optional() }),
  body: z.strictObject({ settlementKey: settlementKeySchema, action: sendActionSchema }),
  response: sendResultSchema,
});

export { BULK_SETTLEMENTS_MAX };
/** cogsRefresh: refresh COGS only (spec section 5: needs COGS on and SHOW_COGS_ONLY_REFRESH_BULK_ACTION). */
export const bulkActions = ['send', 'export', 'delete', 'reprocess', 'cogsSend', 'cogsExport', 'cogsRefresh'] as const;
export type BulkAction = (typeof bulkActions)[number];

const bulkActionSchema = z.enum(bulkActions, { error: `bulkAction must be one of ${bulkActions.join(', ')}.` });

export const bulkActionSettlement = defineEndpoint({
  method: 'POST',
  url: '/bulkActionSettlement',
  summary: `A bulk action on at most ${BULK_SETTLEMENTS_MAX} settlements (form encoded or in the query string, bulkSettlement repeated). export answers a download link.`,
  tag: 'settlements',
  access: 'user',
  effect: 'write',
  bodyInQuery: true,
  querystring: z.strictObject({ bulkAction: bulkActionSchema.optional(), bulkSettlement: z.union([settlementKeySchema, z.array(settlementKeySchema)]).optional() }),
  body: z.strictObject({
    bulkAction: bulkActionSchema,
    bulkSettlement: z
      .union([settlementKeySchema, z.array(settlementKeySchema)])
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .pipe(z.array(z.string()).min(1, 'Choose at least one settlement.').max(BULK_SETTLEMENTS_MAX, `Choose at most ${BULK_SETTLEMENTS_MAX} settlements for one bulk action.`)),
  }),
  response: z
    .object({
      bulkAction: z.enum(bulkActions),
      queued: z.array(z.string()),
      done: z.array(z.string()),
      skipped: z.array(z.object({ settlementKey: z.string(), reason: z.string() })),
      message: z.string(),
      /** export: where to download the file. */
      downloadUrl: z.string().nullable(),
    })
    .meta({ id: 'BulkActionResult' }),
});

export const sendProgressSchema = z
  .object({
    total: z.number().int(),
    /** Sent and posted (send state IDLE, posting status POSTED). */
    posted: z.number().int(),
    /** The send failed; postingError on the settlement says why. */
    failed: z.number().int(),
    /** Waiting in the send queue. */
    queued: z.number().int(),
    /** Being sent right now. */
    sending: z.number().int(),
    /** Neither sending nor waiting, and not posted (sent nothing, e.g. a repeat settlement). */
    idle: z.number().int(),
    /** Some are still queued or sending: ask again. */
    isRunning: z.boolean(),
  })
  .meta({ id: 'SendProgress' });
export type SendProgress = z.infer<typeof sendProgressSchema>;

export const bulkSendProgress = defineEndpoint({
  method: 'GET',
  url: '/settlementSendProgress',
  summary: `How far the send of these settlements (at most ${BULK_SETTLEMENTS_MAX}, settlementKey repeated) has got, read from each settlement's send state, so it is the same on every server process and after a restart.`,
  tag: 'settlements',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({
    settlementKey: z
      .union([settlementKeySchema, z.array(settlementKeySchema)])
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .pipe(z.array(z.string()).min(1, 'Choose at least one settlement.').max(BULK_SETTLEMENTS_MAX, `Choose at most ${BULK_SETTLEMENTS_MAX} settlements.`)),
  }),
  response: sendProgressSchema,
});

export const listChannelsOrGateways = defineEndpoint({
  method: 'GET',
  url: '/account-channels-or-gateways',
  summary: "The channels (marketplaces) and gateways seen in an account's settlements, for the list filter.",
  tag: 'settlements',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ account: accountKey, salesChannel: salesChannelSchema, isSingleOrder: z.enum(['true', 'false']).optional() }),
  response: z.object({ channels: z.array(z.string()), gateways: z.array(z.string()) }),
});

export const listAccountCurrencies = defineEndpoint({
  method: 'GET',
  url: '/account-currencies',
  summary: "The currencies of an account's settlements, sorted.",
  tag: 'settlements',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ account: accountKey }),
  response: z.object({ currencies: z.array(z.string()) }),
});

export const settlementsAvailable = defineEndpoint({
  method: 'GET',
  url: '/spanner-settlements-available',
  summary: 'Whether an account has any settlement yet (and how many).',
  tag: 'settlements',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ account: accountKey }),
  response: z.object({ available: z.boolean(), count: z.number().int() }),
});


export const exportSettlements = defineEndpoint({
  method: 'GET',
  url: '/spanner/settlements/export',
  summary:
    "Download an account's settlements that start within [start, end] (92 days at most): report=summary (one row per settlement) or transactions (one row per line by type); format csv (default) or xlsx.",
  tag: 'settlements',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({
    accountKey,
    start: isoDateSchema,
    end: isoDateSchema,
    report: z.enum(['summary', 'transactions']).default('summary'),
    includeTaxRatesAndCountries: z.enum(['true', 'false']).optional(),
    includeMarketplace: z.enum(['true', 'false']).optional(),
    format: z.enum(['csv', 'xlsx']).default('csv'),
    /** Limit to these settlements (bulk export). */
    settlementKeys: safeTextSchema.max(5000).optional(),
  }),
});

export const SETTLEMENT_EXPORT_DAYS_MAX = 92;
