import { z } from 'zod';
import { safeTextSchema } from './safe-text';
import { defineEndpoint } from './endpoint';

const isoTimestamp = z.iso.datetime({ offset: true });

export const tokenSetSchema = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    accessTokenExpiresAt: isoTimestamp,
    refreshTokenExpiresAt: isoTimestamp,
    userId: z.string(),
    userEmail: z.string(),
  })
  .meta({ id: 'TokenSet' });
export type TokenSet = z.infer<typeof tokenSetSchema>;

export const loginBodySchema = z.strictObject({
  email: safeTextSchema.trim().min(1, 'Enter your email address.').max(320, 'The email address is too long.'),
  password: safeTextSchema.min(1, 'Enter your password.').max(1024, 'The password is too long.'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The client sends its whole token set back; only refreshToken is needed. */
export const refreshBodySchema = z.object({
  refreshToken: safeTextSchema.min(1, 'The refresh token is missing.').max(200, 'The refresh token is not valid.'),
  accessToken: safeTextSchema.optional(),
  accessTokenExpiresAt: safeTextSchema.optional(),
  refreshTokenExpiresAt: safeTextSchema.optional(),
  userId: safeTextSchema.optional(),
  userEmail: safeTextSchema.optional(),
});

export const logoutBodySchema = z.strictObject({
  refreshToken: safeTextSchema.min(1, 'The refresh token is missing.').max(200, 'The refresh token is not valid.'),
});

export const statusUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  rootAdmin: z.boolean(),
  supportLead: z.boolean(),
  supportAdmin: z.boolean(),
  developer: z.boolean(),
  permissions: z.array(z.string()),
});
export const userStatusSchema = z.object({ expired: z.boolean(), user: statusUserSchema.nullable() }).meta({ id: 'UserStatus' });
export type UserStatus = z.infer<typeof userStatusSchema>;

export const hasAdminPermissionsSchema = z.object({ hasAdminPermissions: z.boolean() });
export type HasAdminPermissions = z.infer<typeof hasAdminPermissionsSchema>;

export const login = defineEndpoint({
  method: 'POST',
  url: '/oauth/login',
  summary: 'Sign in with email and password; returns a new token set.',
  tag: 'auth',
  access: 'public',
  effect: 'self',
  body: loginBodySchema,
  response: tokenSetSchema,
});

export const refresh = defineEndpoint({
  method: 'POST',
  url: '/oauth/refresh',
  summary: 'Rotate the refresh token: both tokens are replaced together. A reused refresh token revokes its family.',
  tag: 'auth',
  access: 'public',
  effect: 'self',
  body: refreshBodySchema,
  response: tokenSetSchema,
});

export const logout = defineEndpoint({
  method: 'POST',
  url: '/oauth/logout',
  summary: 'Revoke the refresh token and every token rotated from the same sign-in.',
  tag: 'auth',
  access: 'public',
  effect: 'self',
  body: logoutBodySchema,
  status: 204,
});

export const userStatus = defineEndpoint({
  method: 'GET',
  url: '/public/oauth/user-status',
  summary: 'Whether the bearer token is expired, and the role flags of its user.',
  tag: 'auth',
  access: 'public',
  effect: 'read',
  querystring: z.strictObject({}),
  response: userStatusSchema,
});

export const hasAdminPermissions = defineEndpoint({
  method: 'GET',
  url: '/public/oauth/has-admin-permissions',
  summary: 'Whether the bearer token belongs to a rootAdmin, supportLead or supportAdmin.',
  tag: 'auth',
  access: 'public',
  effect: 'read',
  querystring: z.strictObject({}),
  response: hasAdminPermissionsSchema,
});

export const connect = defineEndpoint({
  method: 'POST',
  url: '/connect',
  summary: 'Validate an access token (used by the oauth pages).',
  tag: 'auth',
  access: 'public',
  effect: 'read',
  body: z.strictObject({ accessToken: safeTextSchema.min(1, 'The access token is missing.').max(4096) }),
  response: z.object({ ok: z.literal(true), userId: z.string() }),
});
