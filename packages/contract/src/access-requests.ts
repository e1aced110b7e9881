/**
 * Access requests (issue 30, decision 0065): /admin/request-access. A signed-in user asks the owners of
 * an account for access by the account's key; the owners see the open requests under Account
 * Settings > Users and grant one with a role (the person becomes a member) or decline it. Every step is
 * audited. Until a request is granted, the person who asked learns nothing of the account but its key.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { accountKeySchema } from './ids';
import { safeTextSchema } from './safe-text';
import { memberRoleSchema } from './account-users';

const accountKey = accountKeySchema;
export const accessRequestIdSchema = safeTextSchema.trim().regex(/^\d{1,18}$/, 'The requestId is not a request number.');

export const accessRequestStatusSchema = z.enum(['waiting', 'granted', 'declined', 'withdrawn']);
export type AccessRequestStatus = z.infer<typeof accessRequestStatusSchema>;

/** One of the caller's own requests. The account's name shows only once the request is granted. */
export const ownAccessRequestSchema = z
  .object({
    requestId: z.string(),
    accountKey: z.string(),
    accountName: z.string().nullable(),
    status: accessRequestStatusSchema,
    role: memberRoleSchema.nullable(),
    message: z.string(),
    requestedAt: z.string(),
    answeredAt: z.string().nullable(),
  })
  .meta({ id: 'OwnAccessRequest' });
export type OwnAccessRequest = z.infer<typeof ownAccessRequestSchema>;

/** An open request as the account's users see it. */
export const accountAccessRequestSchema = z
  .object({ requestId: z.string(), userId: z.string(), name: z.string(), email: z.string(), message: z.string(), requestedAt: z.string() })
  .meta({ id: 'AccountAccessRequest' });
export type AccountAccessRequest = z.infer<typeof accountAccessRequestSchema>;

export const requestAccountAccess = defineEndpoint({
  method: 'POST',
  url: '/user/access-requests',
  summary: "Ask the owners of an account for access to it, by the account's key. Refused when the caller can already open the account or already has a request waiting.",
  tag: 'user',
  access: 'user',
  effect: 'self',
  body: z.strictObject({ accountKey, message: safeTextSchema.trim().max(500, 'The message is too long: 500 characters at most.').optional() }),
  response: ownAccessRequestSchema,
});

export const listOwnAccessRequests = defineEndpoint({
  method: 'GET',
  url: '/user/access-requests',
  summary: "The caller's access requests, newest first, with their answers.",
  tag: 'user',
  access: 'user',
  effect: 'self',
  response: z.object({ requests: z.array(ownAccessRequestSchema) }),
});

export const withdrawAccessRequest = defineEndpoint({
  method: 'POST',
  url: '/user/access-requests/withdraw',
  summary: "Withdraw one's own waiting access request.",
  tag: 'user',
  access: 'user',
  effect: 'self',
  body: z.strictObject({ requestId: accessRequestIdSchema }),
  response: ownAccessRequestSchema,
});

export const listAccountAccessRequests = defineEndpoint({
  method: 'GET',
  url: '/account-settings/access-requests',
  summary: "The account's waiting access requests; canManage says whether the caller may answer them.",
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: z.object({ requests: z.array(accountAccessRequestSchema), canManage: z.boolean() }),
});

export const grantAccessRequest = defineEndpoint({
  method: 'POST',
  url: '/account-settings/access-requests/grant',
  summary: 'Grant a waiting access request with a role: the person becomes a member of the account.',
  tag: 'account',
  access: 'user',
  effect: 'manage',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ requestId: accessRequestIdSchema, role: memberRoleSchema }),
  response: z.object({ message: z.string() }),
});

export const declineAccessRequest = defineEndpoint({
  method: 'POST',
  url: '/account-settings/access-requests/decline',
  summary: 'Decline a waiting access request.',
  tag: 'account',
  access: 'user',
  effect: 'manage',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ requestId: accessRequestIdSchema }),
  response: z.object({ message: z.string() }),
});
