/**
 * The support backend's per-account channel pages (issue 19; spec section 2): PayPal transactions as
 * received and a refresh of the account's PayPal statements, Amazon's financial event groups from the
 * Finances API and one group's events. Admin-only; to anyone else the calls do not exist (404).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { accountKeySchema } from './ids';
import { isoDateSchema } from './iso-date';
import { decimalAmountSchema } from './money';
import { safeTextSchema } from './safe-text';
import { historyRequestSchema } from './channel-connections';

const accountParams = z.strictObject({ accountKey: accountKeySchema });

/** The account's connection of one channel, as the backend pages head it. */
export const backendChannelConnectionSchema = z
  .object({
    accountKey: z.string(),
    accountName: z.string(),
    /** Connected, Connection Error, Connection Problem or Disconnected. */
    badge: z.string(),
    storeName: z.string().nullable(),
    lastSyncedAt: z.string().nullable(),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'BackendChannelConnection' });
export type BackendChannelConnection = z.infer<typeof backendChannelConnectionSchema>;

export const paypalRawTransactionSchema = z
  .object({
    transactionId: z.string(),
    initiatedAt: z.string(),
    /** PayPal's T-code and the activity type it stands for. */
    eventCode: z.string(),
    typeName: z.string(),
    status: z.string(),
    currency: z.string(),
    gross: decimalAmountSchema.nullable(),
    fee: decimalAmountSchema.nullable(),
    fetchedAt: z.string(),
  })
  .meta({ id: 'PayPalRawTransaction' });
export type PayPalRawTransaction = z.infer<typeof paypalRawTransactionSchema>;

export const listPayPalRawTransactions = defineEndpoint({
  method: 'GET',
  url: '/backend/:accountKey/paypal/transactions-raw',
  summary: "The account's PayPal transactions as its fetches received them, filtered by date and type, sorted, a page at a time (admin only).",
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params: accountParams,
  querystring: z.strictObject({
    fromDate: isoDateSchema.optional(),
    toDate: isoDateSchema.optional(),
    eventCode: safeTextSchema.trim().max(10, 'The type code is too long.').optional(),
    sort: z.enum(['initiatedAt', 'gross', 'eventCode', 'status', 'transactionId']).default('initiatedAt'),
    desc: z.enum(['true', 'false']).default('true'),
    limit: z.coerce.number().int('limit must be a whole number.').min(1, 'limit must be at least 1.').max(200, 'limit must be at most 200.').default(50),
    offset: z.coerce.number().int('offset must be a whole number.').min(0, 'offset must be 0 or more.').max(1_000_000, 'offset must be at most 1000000.').default(0),
  }),
  response: z.object({
    connection: backendChannelConnectionSchema,
    transactions: z.array(paypalRawTransactionSchema),
    total: z.number().int(),
    /** Every type code the account's stored transactions have, for the type filter. */
    types: z.array(z.object({ eventCode: z.string(), typeName: z.string() })),
  }),
});

export const getPayPalRawTransaction = defineEndpoint({
  method: 'GET',
  url: '/backend/:accountKey/paypal/transactions-raw/:transactionId',
  summary: 'One PayPal transaction exactly as PayPal sent it (admin only).',
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params: z.strictObject({ accountKey: accountKeySchema, transactionId: safeTextSchema.trim().min(1, 'The transactionId is missing.').max(100, 'The transactionId is too long.') }),
  response: z.object({ transaction: paypalRawTransactionSchema, raw: z.record(z.string(), z.unknown()) }),
});

export const getPayPalSettlementsRefresh = defineEndpoint({
  method: 'GET',
  url: '/backend/:accountKey/paypal/settlements-refresh',
  summary: "The account's PayPal connection and its statement refreshes (history requests), newest first (admin only).",
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params: accountParams,
  response: z.object({ connection: backendChannelConnectionSchema, requestHistoryBlocked: z.boolean(), requests: z.array(historyRequestSchema) }),
});

export const requestPayPalSettlementsRefresh = defineEndpoint({
  method: 'POST',
  url: '/backend/:accountKey/paypal/settlements-refresh',
  summary:
    "Ask PayPal again for the account's statements of a period (admin only): the account's own history request and fetch job, audited with the staff member's name; statements already stored are recognised, not stored twice.",
  tag: 'backend',
  access: 'admin',
  effect: 'write',
  params: accountParams,
  body: z.strictObject({ fromDate: isoDateSchema, toDate: isoDateSchema }),
  response: historyRequestSchema,
});

const moneyTotal = z.object({ currency: z.string(), amount: decimalAmountSchema }).nullable();

export const amazonEventGroupSchema = z
  .object({
    groupId: z.string(),
    processingStatus: z.string().nullable(),
    fundTransferStatus: z.string().nullable(),
    startAt: z.string().nullable(),
    endAt: z.string().nullable(),
    fundTransferAt: z.string().nullable(),
    originalTotal: moneyTotal,
    beginningBalance: moneyTotal,
    /** The settlement Ledgerport holds for the group, when it holds one. */
    settlement: z.object({ settlementKey: z.string(), settlementId: z.string(), status: z.enum(['open', 'closed']), postingStatus: z.string() }).nullable(),
  })
  .meta({ id: 'AmazonEventGroup' });
export type AmazonEventGroup = z.infer<typeof amazonEventGroupSchema>;

export const listAmazonFinanceSettlements = defineEndpoint({
  method: 'GET',
  url: '/backend/:accountKey/amazon/finance-api-settlements',
  summary: "The account's financial event groups from Amazon's Finances API (listFinancialEventGroups) that began in the period, newest first, each with the settlement Ledgerport holds for it (admin only).",
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params: accountParams,
  querystring: z.strictObject({ fromDate: isoDateSchema.optional(), toDate: isoDateSchema.optional() }),
  response: z.object({ connection: backendChannelConnectionSchema, fromDate: z.string(), toDate: z.string(), groups: z.array(amazonEventGroupSchema) }),
});

export const amazonEventListSchema = z
  .object({
    list: z.string(),
    label: z.string(),
    count: z.number().int(),
    currency: z.string().nullable(),
    /** What the list's events add up to, as Ledgerport books them; null when not itemized or mixed currencies. */
    total: decimalAmountSchema.nullable(),
    isItemized: z.boolean(),
    events: z.array(z.unknown()),
  })
  .meta({ id: 'AmazonEventList' });
export type AmazonEventList = z.infer<typeof amazonEventListSchema>;

export const getAmazonFinancialEvents = defineEndpoint({
  method: 'GET',
  url: '/backend/:accountKey/amazon/financial-events/:groupId',
  summary: "One financial event group's events (listFinancialEventsByGroupId) by event type, with counts, exact totals and the events as received (admin only).",
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params: z.strictObject({ accountKey: accountKeySchema, groupId: safeTextSchema.trim().min(1, 'The groupId is missing.').max(200, 'The groupId is too long.') }),
  response: z.object({ connection: backendChannelConnectionSchema, groupId: z.string(), lists: z.array(amazonEventListSchema) }),
});
