/**
 * Sales channel connections (issue 7): connect flows, the account's connections with their badges,
 * disconnect, and history requests (Settings > History).
 */
import { z } from 'zod';
import { connectionStateSchema } from './connection-state';
import { isoDateSchema } from './iso-date';
import { safeTextSchema } from './safe-text';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { salesChannelSchema } from './enums';

const accountKey = accountKeySchema;

/** The spec's connection badges (section 4, UI states). */
export const connectionBadges = ['Connected', 'Disconnected', 'Connection Error', 'Connection Problem'] as const;
export const connectionBadgeSchema = z.enum(connectionBadges);
export type ConnectionBadge = z.infer<typeof connectionBadgeSchema>;

export const connectionRoleSchema = z.enum(['accounting', 'sales-channel', 'sales-source']);
export type ConnectionRole = z.infer<typeof connectionRoleSchema>;

export const connectionViewSchema = z.object({
  role: connectionRoleSchema,
  /** AMAZON, SHOPIFY, ... or QBO, XERO, ... */
  system: z.string(),
  badge: connectionBadgeSchema,
  state: connectionStateSchema,
  /** A local sandbox on this machine (the demo): the screen says so beside the system's name. */
  isSandbox: z.boolean(),
  storeName: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
});
export type ConnectionView = z.infer<typeof connectionViewSchema>;

export const listConnections = defineEndpoint({
  method: 'GET',
  url: '/connections',
  summary: "The account's accounting and sales channel connections with their badges.",
  tag: 'connections',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: z.object({ connections: z.array(connectionViewSchema) }),
});

export const startChannelConnect = defineEndpoint({
  method: 'POST',
  url: '/sales-channel/connect',
  summary: 'Starts connecting a sales channel: answers the channel page to send the seller to.',
  tag: 'connections',
  access: 'user',
  effect: 'write',
  body: z.strictObject({
    accountKey,
    channel: salesChannelSchema,
    /** Shopify store address (your-store.myshopify.com). */
    shop: safeTextSchema.trim().max(200).optional(),
    /** Amazon: the marketplace the seller sells on (an SP-API marketplace id); it decides the region. Amazon.com when absent. */
    marketplaceId: safeTextSchema.regex(/^[A-Z0-9]{8,20}$/, 'The marketplace is an Amazon marketplace id such as A1PA6795UKMFR9.').optional(),
  }),
  response: z.object({ authorizeUrl: z.string() }),
});

export const finishChannelConnect = defineEndpoint({
  method: 'POST',
  url: '/sales-channel/callback',
  summary: "Finishes a connect flow with the query the channel sent to the /cb page (or to /admin/auth-token, which names no channel: the connect's state says which).",
  tag: 'connections',
  access: 'user',
  effect: 'write',
  body: z.strictObject({ channel: salesChannelSchema.optional(), query: z.record(safeTextSchema, safeTextSchema) }),
  response: z.object({ accountKey: z.string(), channel: salesChannelSchema, storeName: z.string(), redirectAfter: z.string().nullable() }),
});

export const connectChannelWithKeys = defineEndpoint({
  method: 'POST',
  url: '/sales-channel/connect-keys',
  summary: 'Connects a channel or payment source whose seller types API credentials (PayPal REST app).',
  tag: 'connections',
  access: 'user',
  effect: 'write',
  body: z.strictObject({
    accountKey,
    channel: salesChannelSchema,
    fields: z.record(safeTextSchema.max(60), safeTextSchema.max(2000)),
  }),
  response: z.object({ accountKey: z.string(), storeName: z.string(), redirectAfter: z.string().nullable() }),
});

export const disconnectChannel = defineEndpoint({
  method: 'POST',
  url: '/sales-channel/disconnect',
  summary: 'Disconnects the sales channel (tokens are deleted; settlements stay).',
  tag: 'connections',
  access: 'user',
  effect: 'write',
  body: z.strictObject({ accountKey, role: z.enum(['sales-channel', 'sales-source']) }),
  status: 204,
});

export const fetchChannelNow = defineEndpoint({
  method: 'POST',
  url: '/sales-channel/fetch',
  summary: 'Fetches new settlements from the sales channel now instead of waiting for the schedule.',
  tag: 'connections',
  access: 'user',
  effect: 'write',
  body: z.strictObject({ accountKey }),
  status: 204,
});

export const historyRequestSchema = z.object({
  requestId: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  status: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** New settlements, and stored ones whose lines or total changed. */
  settlementCount: z.number().int().nullable(),
  /** Open settlements fetched again exactly as they were (not counted in settlementCount). */
  unchangedCount: z.number().int().nullable().optional(),
  message: z.string().nullable(),
});
export type HistoryRequest = z.infer<typeof historyRequestSchema>;


export const listHistoryRequests = defineEndpoint({
  method: 'GET',
  url: '/sales-channel/history',
  summary: 'History requests of the account (older settlements fetched from the channel).',
  tag: 'connections',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: z.object({ requestHistoryBlocked: z.boolean(), requests: z.array(historyRequestSchema) }),
});

export const getHistoryRequest = defineEndpoint({
  method: 'GET',
  url: '/sales-channel/history/request',
  summary: "One history request of the account, by its id (Backend > fetch-history/{requestId}); an id the account never had is a 404.",
  tag: 'connections',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey, requestId: safeTextSchema.trim().min(1, 'The requestId is missing.').max(100, 'The requestId is too long.') }),
  response: historyRequestSchema,
});

export const requestHistory = defineEndpoint({
  method: 'POST',
  url: '/sales-channel/history',
  summary: 'Asks the sales channel for settlements of an older period.',
  tag: 'connections',
  access: 'user',
  effect: 'write',
  body: z.strictObject({ accountKey, fromDate: isoDateSchema, toDate: isoDateSchema }),
  response: historyRequestSchema,
});
