import { z } from 'zod';
import { accessLevels } from '@ledgerport/core/rules';
import { safeTextSchema } from './safe-text';
import { accountSchema, accountSummarySchema } from './account';
import { defineEndpoint } from './endpoint';
import { loginEnablingPartySchema } from './enums';

export const userApplicationPreferencesSchema = z
  .object({ organizationModalConfirmed: z.boolean(), payPalBannerOnShopifyDismissed: z.boolean() })
  .meta({ id: 'UserApplicationPreferences' });
export type UserApplicationPreferences = z.infer<typeof userApplicationPreferencesSchema>;

export const authUserSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    /** accountKey of the account the user is working in; null when the user has no account. */
    currentAccount: z.string().nullable(),
    partnerCode: z.string().nullable(),
    accountsThatCanBeAccessedByThisUser: z.array(accountSummarySchema),
    rootAdmin: z.boolean(),
    supportLead: z.boolean(),
    developer: z.boolean(),
    supportAdmin: z.boolean(),
    billingAccountId: z.string().nullable(),
    billingData: z.record(z.string(), z.unknown()).nullable(),
    loginEnablingParty: loginEnablingPartySchema.nullable(),
    permissions: z.array(z.string()),
    canAccessPartnerOverview: z.boolean(),
    canAccessTeams: z.boolean(),
    pendingInvites: z.array(z.object({ inviteId: z.string(), accountKey: z.string(), accountName: z.string(), role: z.enum(['owner', 'member', 'view-only']), invitedByName: z.string().nullable(), invitedAt: z.string() })),
    featureFlags: z.array(z.string()),
    userApplicationPreferences: userApplicationPreferencesSchema,
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof authUserSchema>;

export const userMetaSchema = z
  .object({
    user: authUserSchema,
    currentAccount: accountSchema.nullable(),
    /** What the user may do in the current account (core's role rule): read, write or manage; null without a current account. */
    accessLevel: z.enum(accessLevels).nullable(),
    featureFlags: z.array(z.string()),
    userApplicationPreferences: userApplicationPreferencesSchema,
    permissions: z.array(z.string()),
    /** Billing on Stripe is on (spec section 6: PAYMENT_PROVIDER_ENABLED); absent or false: no billing menu, every account unlimited. */
    paymentProviderEnabled: z.boolean().optional(),
  })
  .meta({ id: 'UserMeta' });
export type UserMeta = z.infer<typeof userMetaSchema>;

export const userProfileSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    /** IANA time zone of the person (UTC by default). */
    timeZone: z.string(),
    /** A new email asked for and mailed a link, not yet confirmed: the email changes only once the link is used. */
    pendingEmail: z.string().nullable(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfileSchema>;

const optionalId = safeTextSchema.trim().min(1).max(100).optional();

export const getUserMeta = defineEndpoint({
  method: 'GET',
  url: '/user-meta',
  summary: 'The signed-in user, the current account, flags and preferences. Admins may name another userId or accountKey.',
  tag: 'user',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ userId: optionalId, accountKey: optionalId }),
  response: userMetaSchema,
});

export const getUser = defineEndpoint({
  method: 'GET',
  url: '/user',
  summary: 'The user (self, or another userId for admins), with currentAccount set to accountKey when given.',
  tag: 'user',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ userId: optionalId, accountKey: optionalId }),
  response: authUserSchema,
});

export const getUserProfile = defineEndpoint({
  method: 'GET',
  url: '/user-profile',
  summary: "The signed-in user's name and email.",
  tag: 'user',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({}),
  response: userProfileSchema,
});

export const updateUserProfile = defineEndpoint({
  method: 'POST',
  url: '/user-profile',
  summary: "Change the signed-in user's name or time zone; a new email is mailed a link and switched to only once the link is used.",
  tag: 'user',
  access: 'user',
  effect: 'self',
  body: z.strictObject({
    name: safeTextSchema.trim().min(1, 'Enter a name.').max(200, 'The name must be at most 200 characters.').optional(),
    email: z.email('Enter a valid email address.').max(320, 'The email address is too long.').optional(),
    timeZone: safeTextSchema.trim().min(1, 'Choose a time zone.').max(64, 'The time zone is too long.').optional(),
  }),
  response: userProfileSchema,
});

export const confirmOrganizationModal = defineEndpoint({
  method: 'PUT',
  url: '/user/application-preferences/organization-modal-confirmed',
  summary: 'Record whether the user confirmed the organization modal.',
  tag: 'user',
  access: 'user',
  effect: 'self',
  body: z.strictObject({ organizationModalConfirmed: z.boolean(), userId: safeTextSchema.min(1).max(100) }),
  response: userApplicationPreferencesSchema,
});

export const dismissPayPalBannerOnShopify = defineEndpoint({
  method: 'PUT',
  url: '/user/application-preferences/paypal-banner-on-shopify-dismissed',
  summary: 'Record that the user dismissed the PayPal banner on Shopify accounts.',
  tag: 'user',
  access: 'user',
  effect: 'self',
  response: userApplicationPreferencesSchema,
});
