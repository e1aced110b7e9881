/**
 * The support backend's users and organizations (issue 19; spec section 2, /backend/users,
 * /backend/user/{userId}, /backend/organizations, /backend/organization/{organizationId}): admin-only
 * reads, and the one write, opening the app as a user (impersonation), audited with the staff member.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { accountingSystemSchema, featureFlagNameSchema, salesChannelSchema } from './enums';
import { accountKeySchema } from './ids';
import { safeTextSchema } from './safe-text';

const limit = z.coerce
  .number()
  .int('limit must be a whole number.')
  .min(1, 'limit must be at least 1.')
  .max(200, 'limit must be at most 200.')
  .default(50);
const offset = z.coerce
  .number()
  .int('offset must be a whole number.')
  .min(0, 'offset must be 0 or more.')
  .max(1_000_000, 'offset must be at most 1000000.')
  .default(0);
const search = safeTextSchema.trim().max(200, 'The search is too long (200 characters at most).').optional();
const desc = z.enum(['true', 'false']).optional();
const userId = safeTextSchema.trim().min(1, 'The userId is missing.').max(100, 'The userId is too long.');
const organizationId = safeTextSchema
  .trim()
  .min(1, 'The organizationId is missing.')
  .max(100, 'The organizationId is too long.');

export const staffRoleSchema = z.enum(['rootAdmin', 'supportLead', 'supportAdmin', 'developer']);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const backendUserRowSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    staffRoles: z.array(staffRoleSchema),
    partnerCode: z.string().nullable(),
    accountCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'BackendUserRow' });
export type BackendUserRow = z.infer<typeof backendUserRowSchema>;

export const listBackendUsers = defineEndpoint({
  method: 'GET',
  url: '/backend/users',
  summary: 'Every user, a page at a time, found by part of the email or name and sorted (admin only).',
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  querystring: z.strictObject({
    search,
    sort: z.enum(['email', 'name', 'createdAt', 'accountCount']).default('email'),
    desc,
    limit,
    offset,
  }),
  response: z.object({ users: z.array(backendUserRowSchema), total: z.number().int() }),
});

export const backendUserAccountSchema = z.object({
  accountKey: z.string(),
  accountName: z.string(),
  salesChannel: salesChannelSchema,
  accountingSystem: accountingSystemSchema,
  organizationId: z.string().nullable(),
  /** The user's role in the account itself, in its organization, and whether the partner's code opens it. */
  accountRole: z.string().nullable(),
  organizationRole: z.string().nullable(),
  isPartnerClient: z.boolean(),
});
export type BackendUserAccount = z.infer<typeof backendUserAccountSchema>;

export const signInAttemptSchema = z.object({
  attemptedAt: z.string(),
  ip: z.string(),
  succeeded: z.boolean(),
});
export type SignInAttempt = z.infer<typeof signInAttemptSchema>;

export const backendUserDetailSchema = z
  .object({
    user: backendUserRowSchema.extend({
      currentAccountKey: z.string().nullable(),
      isEmailVerified: z.boolean(),
      timeZone: z.string(),
    }),
    accounts: z.array(backendUserAccountSchema),
    organizations: z.array(z.object({ organizationId: z.string(), name: z.string(), role: z.string() })),
    featureFlags: z.array(z.string()),
    /** The newest sign-in attempts let through to the password check (kept 30 days), at most 50. */
    signIns: z.array(signInAttemptSchema),
  })
  .meta({ id: 'BackendUserDetail' });
export type BackendUserDetail = z.infer<typeof backendUserDetailSchema>;

export const getBackendUser = defineEndpoint({
  method: 'GET',
  url: '/backend/user/:userId',
  summary:
    'One user: staff roles, every account they reach with their roles, organizations, feature flags and sign-in history (admin only).',
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params: z.strictObject({ userId }),
  response: backendUserDetailSchema,
});

export const impersonateUser = defineEndpoint({
  method: 'POST',
  url: '/backend/user/:userId/impersonate',
  summary:
    "Open the app as a user in one of their accounts (admin only): writes an audit line naming the staff member in that account's history, and answers the web path that opens it (the userId/accountKey override).",
  tag: 'backend',
  access: 'admin',
  effect: 'self',
  params: z.strictObject({ userId }),
  body: z.strictObject({ accountKey: accountKeySchema }),
  response: z.object({ userId: z.string(), accountKey: z.string(), path: z.string() }),
});

export const backendOrganizationRowSchema = z
  .object({
    organizationId: z.string(),
    name: z.string(),
    partnerCode: z.string().nullable(),
    accountCount: z.number().int(),
    memberCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'BackendOrganizationRow' });
export type BackendOrganizationRow = z.infer<typeof backendOrganizationRowSchema>;

export const listBackendOrganizations = defineEndpoint({
  method: 'GET',
  url: '/backend/organizations',
  summary: 'Every organization, a page at a time, found by part of its name or id and sorted (admin only).',
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  querystring: z.strictObject({
    search,
    sort: z.enum(['name', 'createdAt', 'accountCount', 'memberCount']).default('name'),
    desc,
    limit,
    offset,
  }),
  response: z.object({ organizations: z.array(backendOrganizationRowSchema), total: z.number().int() }),
});

export const backendOrganizationDetailSchema = z
  .object({
    organization: backendOrganizationRowSchema,
    accounts: z.array(
      z.object({
        accountKey: z.string(),
        accountName: z.string(),
        salesChannel: salesChannelSchema,
        accountingSystem: accountingSystemSchema,
        planCode: z.string().nullable(),
        accountStatus: z.string(),
      }),
    ),
    members: z.array(z.object({ userId: z.string(), email: z.string(), name: z.string(), role: z.string() })),
    /** The subscriptions paying for the organization's accounts (one per subscription, newest first). */
    subscriptions: z.array(
      z.object({
        subscriptionId: z.string(),
        planCode: z.string(),
        status: z.string(),
        period: z.string(),
        accountCount: z.number().int(),
      }),
    ),
    features: z.array(z.string()),
  })
  .meta({ id: 'BackendOrganizationDetail' });
export type BackendOrganizationDetail = z.infer<typeof backendOrganizationDetailSchema>;

export const getBackendOrganization = defineEndpoint({
  method: 'GET',
  url: '/backend/organization/:organizationId',
  summary:
    'One organization: its accounts with their plans, members with roles, subscriptions and features (admin only).',
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params: z.strictObject({ organizationId }),
  response: backendOrganizationDetailSchema,
});

export const setBackendUserFeatureFlag = defineEndpoint({
  method: 'PUT',
  url: '/backend/user/:userId/feature-flags',
  summary:
    "Switch one of a user's feature flags on or off (admin only); audited with the staff member's name. Answers the user's flags.",
  tag: 'backend',
  access: 'admin',
  effect: 'manage',
  params: z.strictObject({ userId }),
  body: z.strictObject({ flag: featureFlagNameSchema, isOn: z.boolean() }),
  response: z.object({ featureFlags: z.array(z.string()) }),
});
