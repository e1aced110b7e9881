/**
 * What the account invites (decision 0021) and the firm invites (decision 0048) share: the invite's
 * id, link token and address, the shape of an open invite and of a link's preview, around what each
 * kind grants (an account role; a firm role, team and team role).
 */
import { z } from 'zod';
import { safeTextSchema } from './safe-text';

export const inviteIdSchema = safeTextSchema.trim().regex(/^\d{1,18}$/, 'The inviteId is not valid.');
export const inviteTokenSchema = safeTextSchema.trim().min(1, 'The link has no token.').max(200, 'The link is not valid.');
export const inviteEmailSchema = z.email('Enter a valid email address.').max(320, 'The email address is too long.');

/** An open invite: its id and address, what it grants, who sent it, when, and until when its link works. */
export function openInviteSchema<G extends z.ZodRawShape>(grants: G) {
  return z.object({
    inviteId: z.string(),
    email: z.string(),
    ...grants,
    invitedByName: z.string().nullable(),
    invitedAt: z.string(),
    expiresAt: z.string(),
    isExpired: z.boolean(),
  });
}

/** What a mailed invite link offers (the offer's fields, the address among them) or why it no longer works. */
export function invitePreviewSchema<O extends z.ZodRawShape>(offer: O) {
  return z.object({
    status: z.enum(['valid', 'used', 'expired', 'superseded', 'revoked', 'declined', 'unknown']),
    message: z.string(),
    ...offer,
    invitedByName: z.string().nullable(),
    hasLogin: z.boolean(),
  });
}
