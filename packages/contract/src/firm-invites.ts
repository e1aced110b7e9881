/**
 * Firm invites (issue 19, decision 0048): a firm admin invites an email address into the partner firm
 * with a firm role and optionally a team and team role; a team's lead invites into their team. The
 * link and its page, the sign-up from it and the acceptance on verification are the account invites'
 * flows (decision 0021); the firm is the caller's own, never a request parameter.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { safeTextSchema } from './safe-text';
import { teamRoleSchema } from './teams';
import { inviteEmailSchema, inviteIdSchema, invitePreviewSchema, inviteTokenSchema, openInviteSchema } from './invites';

export const partnerRoleSchema = z.enum(['admin', 'member'], 'Choose a firm role: admin or member.');
const teamIdSchema = safeTextSchema.trim().regex(/^\d{1,18}$/, 'The teamId is not valid.');

export const firmInviteSchema = openInviteSchema({ partnerRole: partnerRoleSchema, teamId: z.string().nullable(), teamName: z.string().nullable(), teamRole: teamRoleSchema.nullable() }).meta({ id: 'FirmInvite' });
export type FirmInvite = z.infer<typeof firmInviteSchema>;

const firmInviteEndpoint = { tag: 'teams', access: 'user', effect: 'manage' } as const;

export const listFirmInvites = defineEndpoint({
  method: 'GET',
  url: '/teams/invites',
  summary: "The firm's open invites: all of them for a firm admin, those into the caller's led teams for a lead. Newest first.",
  tag: 'teams',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ teamId: teamIdSchema.optional() }),
  response: z.object({ invites: z.array(firmInviteSchema) }),
});

export const inviteToFirm = defineEndpoint({
  ...firmInviteEndpoint,
  method: 'POST',
  url: '/teams/invites',
  summary: "Invite an email address into the caller's firm with a firm role and optionally a team: mails a one-week link (firm admins; a team's lead into their team as a member).",
  querystring: z.strictObject({}),
  body: z.strictObject({ email: inviteEmailSchema, partnerRole: partnerRoleSchema, teamId: teamIdSchema.nullable().optional(), teamRole: teamRoleSchema.optional() }),
  response: firmInviteSchema,
});

export const resendFirmInvite = defineEndpoint({
  ...firmInviteEndpoint,
  method: 'POST',
  url: '/teams/invites/resend',
  summary: 'Mail a new link for an open firm invite, valid for another week; the earlier link stops working.',
  querystring: z.strictObject({}),
  body: z.strictObject({ inviteId: inviteIdSchema }),
  response: firmInviteSchema,
});

export const revokeFirmInvite = defineEndpoint({
  ...firmInviteEndpoint,
  method: 'POST',
  url: '/teams/invites/revoke',
  summary: 'Withdraw an open firm invite: its link answers that it was withdrawn.',
  querystring: z.strictObject({}),
  body: z.strictObject({ inviteId: inviteIdSchema }),
  response: z.object({ message: z.string() }),
});

export const acceptFirmInvite = defineEndpoint({
  method: 'POST',
  url: '/user/firm-invites/accept',
  summary: "Accept one's own firm invite from the mailed link's token: the user joins the firm (and the team) with the invite's roles. Refused for a person of another firm.",
  tag: 'user',
  access: 'user',
  effect: 'self',
  body: z.strictObject({ token: inviteTokenSchema }),
  response: z.object({ partnerCode: z.string(), teamName: z.string().nullable(), message: z.string() }),
});

export const previewFirmInvite = defineEndpoint({
  method: 'GET',
  url: '/firm-invites/preview',
  summary: "What a mailed firm invite link offers (firm, team, roles, address, whether the address has a login) or why it no longer works.",
  tag: 'auth',
  access: 'public',
  effect: 'self',
  querystring: z.strictObject({ token: inviteTokenSchema }),
  response: invitePreviewSchema({
    /** The firm, as Ledgerport names it: its partner code. */
    partnerCode: z.string().nullable(),
    teamName: z.string().nullable(),
    email: z.string().nullable(),
    partnerRole: partnerRoleSchema.nullable(),
    teamRole: teamRoleSchema.nullable(),
  }),
});
