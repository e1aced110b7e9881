/**
 * Account Settings > Users (issue 15, decision 0021): the people who can open an account and the
 * invites waiting for an answer. Owners (level manage) invite, resend, revoke, change roles and
 * remove; everyone who opens the account sees the list. The invited person accepts or declines their
 * own invite (`self`), from the mailed link (token) or in the app (inviteId).
 */
import { z } from 'zod';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { safeTextSchema } from './safe-text';
import { inviteEmailSchema, inviteIdSchema, invitePreviewSchema, inviteTokenSchema, openInviteSchema } from './invites';

const accountKey = accountKeySchema;
export const memberRoleSchema = z.enum(['owner', 'member', 'view-only'], 'Choose a role: owner, member or view-only.');
const userIdSchema = safeTextSchema.trim().min(1, 'The userId is missing.').max(100, 'The userId is too long.');

export const accountUserSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    /** The direct membership's role; null for someone who reaches the account only another way. */
    role: memberRoleSchema.nullable(),
    /** How the person reaches the account: a direct membership, the account's organization, or the partner firm. */
    access: z.array(z.enum(['member', 'organization', 'partner'])),
    organizationRole: z.string().nullable(),
  })
  .meta({ id: 'AccountUser' });
export type AccountUser = z.infer<typeof accountUserSchema>;

export const accountInviteSchema = openInviteSchema({ role: memberRoleSchema }).meta({ id: 'AccountInvite' });
export type AccountInvite = z.infer<typeof accountInviteSchema>;

export const accountUsersSchema = z.object({ accountKey: z.string(), users: z.array(accountUserSchema), invites: z.array(accountInviteSchema), canManage: z.boolean() }).meta({ id: 'AccountUsers' });
export type AccountUsers = z.infer<typeof accountUsersSchema>;

export const listAccountUsers = defineEndpoint({
  method: 'GET',
  url: '/account-settings/users',
  summary: "The account's users (direct members, its organization's members, its partner firm) and its open invites.",
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: accountUsersSchema,
});

export const inviteAccountUser = defineEndpoint({
  method: 'POST',
  url: '/account-settings/users/invites',
  summary: 'Invite an email address to the account with a role: mails a one-week link. Refused for an existing member or an address already invited.',
  tag: 'account',
  access: 'user',
  effect: 'manage',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ email: inviteEmailSchema, role: memberRoleSchema }),
  response: accountInviteSchema,
});

export const resendAccountInvite = defineEndpoint({
  method: 'POST',
  url: '/account-settings/users/invites/resend',
  summary: 'Mail a new link for an open invite, valid for another week; the earlier link stops working.',
  tag: 'account',
  access: 'user',
  effect: 'manage',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ inviteId: inviteIdSchema }),
  response: accountInviteSchema,
});

export const revokeAccountInvite = defineEndpoint({
  method: 'POST',
  url: '/account-settings/users/invites/revoke',
  summary: 'Withdraw an open invite: its link answers that it was withdrawn.',
  tag: 'account',
  access: 'user',
  effect: 'manage',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ inviteId: inviteIdSchema }),
  response: z.object({ message: z.string() }),
});

export const changeAccountUserRole = defineEndpoint({
  method: 'POST',
  url: '/account-settings/users/role',
  summary: "Change a direct member's role; the last owner cannot be demoted.",
  tag: 'account',
  access: 'user',
  effect: 'manage',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ userId: userIdSchema, role: memberRoleSchema }),
  response: accountUserSchema,
});

export const removeAccountUser = defineEndpoint({
  method: 'POST',
  url: '/account-settings/users/remove',
  summary: "Remove a direct member from the account; the last owner cannot be removed. Organization and partner access are not changed here.",
  tag: 'account',
  access: 'user',
  effect: 'manage',
  querystring: z.strictObject({ accountKey }),
  body: z.strictObject({ userId: userIdSchema }),
  response: z.object({ message: z.string() }),
});

const inviteRefSchema = z
  .strictObject({ inviteId: inviteIdSchema.optional(), token: inviteTokenSchema.optional() })
  .refine((b) => (b.inviteId === undefined) !== (b.token === undefined), { message: 'Give either the inviteId or the token of the link.', path: ['inviteId'] });

export const acceptAccountInvite = defineEndpoint({
  method: 'POST',
  url: '/user/invites/accept',
  summary: "Accept one's own invite (sent to the signed-in user's email), from the mailed link's token or by its id: the user becomes a member with the invite's role.",
  tag: 'user',
  access: 'user',
  effect: 'self',
  body: inviteRefSchema,
  response: z.object({ accountKey: z.string(), accountName: z.string(), role: memberRoleSchema, message: z.string() }),
});

export const declineAccountInvite = defineEndpoint({
  method: 'POST',
  url: '/user/invites/decline',
  summary: "Decline one's own invite.",
  tag: 'user',
  access: 'user',
  effect: 'self',
  body: inviteRefSchema,
  response: z.object({ message: z.string() }),
});

export const previewAccountInvite = defineEndpoint({
  method: 'GET',
  url: '/invites/preview',
  summary: "What a mailed invite link offers (account, role, address, whether the address has a login) or why it no longer works; for the link's page before sign-in.",
  tag: 'auth',
  access: 'public',
  effect: 'self',
  querystring: z.strictObject({ token: inviteTokenSchema }),
  response: invitePreviewSchema({ accountName: z.string().nullable(), email: z.string().nullable(), role: memberRoleSchema.nullable() }),
});
