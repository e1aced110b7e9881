import { z } from 'zod';
import { connectionStateSchema } from './connection-state';
import { safeTextSchema } from './safe-text';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { accountingSystemSchema, featureFlagNameSchema, salesChannelSchema } from './enums';
import { decimalAmountSchema } from './money';

const accountKey = accountKeySchema;

/** An account as lists name it (the account switcher, the Partner Dashboard): its key and name, channel, accounting system and plan. */
export const accountIdentityFields = {
  accountKey: z.string(),
  accountName: z.string(),
  salesChannel: salesChannelSchema,
  accountingSystem: accountingSystemSchema,
  /** null means a trial account (the Trial badge). */
  planCode: z.string().nullable(),
};

export const accountSummarySchema = z
  .object({
    ...accountIdentityFields,
    organizationId: z.string().nullable(),
    isCurrent: z.boolean(),
  })
  .meta({ id: 'AccountSummary' });
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const accountFeaturesSchema = z.object({
  enableAmazonPay: z.boolean(),
  amazonDeferredTransactionEnabled: z.boolean(),
  showAdvancedFba: z.boolean(),
  showGiftCards: z.boolean(),
  stripeEnabled: z.boolean(),
  cogsEnabled: z.boolean(),
  cogsRefundsEnabled: z.boolean(),
  premium: z.boolean(),
  /** Derived: the account was created 60 or more days ago. */
  isAccount60DaysOld: z.boolean(),
  /** Derived: at least one other account's mappings may be copied into this one. */
  validCopyAccounts: z.boolean(),
  /** Derived from the AMAZON_SUMMARY_REPORT flag on an Amazon account. */
  isAmazonSummaryReportEnabled: z.boolean(),
  isDemoAccount: z.boolean(),
});
export type AccountFeatures = z.infer<typeof accountFeaturesSchema>;

export const accountSettingsSchema = z.object({ shouldSplitByCountry: z.boolean(), quickSetup: z.boolean() });

export const accountSchema = z
  .object({
    accountKey: z.string(),
    accountName: z.string(),
    accountAddress: z.string().nullable(),
    accountStatus: z.string(),
    accountFeatures: accountFeaturesSchema,
    featureFlags: z.array(featureFlagNameSchema),
    accountingSystem: accountingSystemSchema,
    /** Derived from the accounting connection row (core's deriveAccountingConnectionState): the one state every screen shows. */
    accountingSystemConnected: z.boolean(),
    accountingConnectionState: connectionStateSchema,
    /** The accounting system is a local sandbox on this machine (the demo). */
    isAccountingSandbox: z.boolean(),
    accountingSystemOrganizationName: z.string().nullable(),
    partnerCode: z.string().nullable(),
    planCode: z.string().nullable(),
    planAmount: decimalAmountSchema.nullable(),
    subscribedAt: z.string().nullable(),
    salesChannel: salesChannelSchema,
    /** Derived from the sales channel's connection row, like accountingSystemConnected. */
    salesChannelConnected: z.boolean(),
    salesChannelConnectionState: connectionStateSchema,
    salesChannelPending: z.boolean(),
    salesChannelInviteStatus: z.string().nullable(),
    salesChannelStoreName: z.string().nullable(),
    mappingsCompleted: z.boolean(),
    mappingsConfigurationInitiated: z.boolean(),
    firstSettlementPosted: z.boolean(),
    hasAccountsFile: z.boolean(),
    timeZoneId: z.string(),
    templatePrefix: z.string().nullable(),
    isPiggyBackingAccount: z.boolean(),
    requestHistoryBlocked: z.boolean(),
    redactionPending: z.boolean(),
    accountingSystemReferenceName: z.string().nullable(),
    accountSuperUserKey: z.string().nullable(),
    requiresReauthentication: z.boolean(),
    organizationId: z.string().nullable(),
    enabledFeatureFlags: z.array(featureFlagNameSchema),
    settings: accountSettingsSchema.optional(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const accountListSchema = z.object({ accounts: z.array(accountSummarySchema) });

export const listAccounts = defineEndpoint({
  method: 'GET',
  url: '/account-list',
  summary: "The accounts the user may open, sorted by name then sales channel (case-insensitive).",
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ userId: safeTextSchema.min(1).max(100).optional() }),
  response: accountListSchema,
});

export const listBackendAccounts = defineEndpoint({
  method: 'GET',
  url: '/backend/account/list',
  summary: 'Every account, a page at a time (admin only).',
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  querystring: z.strictObject({
    limit: z.coerce.number().int('limit must be a whole number.').min(1, 'limit must be at least 1.').max(500, 'limit must be at most 500.'),
    cursor: safeTextSchema.min(1).max(500).optional(),
  }),
  response: z.object({ accounts: z.array(accountSummarySchema), cursor: z.string().nullable() }),
});

export const getAccount = defineEndpoint({
  method: 'GET',
  url: '/account',
  summary: 'One account with its features and flags; settings=true adds its settings.',
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey, settings: z.enum(['true', 'false']).optional() }),
  response: accountSchema,
});

export const listCopyMappingAccounts = defineEndpoint({
  method: 'GET',
  url: '/account/copy-mappings',
  summary: 'Accounts on the same sales channel and accounting system whose mappings may be copied into this one.',
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: accountListSchema,
});

export const copyAccountCredsToStaging = defineEndpoint({
  method: 'POST',
  url: '/account/copy-account-creds-to-staging',
  summary: "Copy an account's connection credentials to staging (admin only).",
  tag: 'backend',
  access: 'admin',
  effect: 'write',
  body: z.strictObject({ accountKeyCopyFrom: accountKey }),
  response: z.object({ ok: z.literal(true) }),
});

export const accountOverviewSchema = z.object({
  accountKey: z.string(),
  accountName: z.string(),
  salesChannel: salesChannelSchema,
  accountingSystem: accountingSystemSchema,
});

export const getPublicAccountOverview = defineEndpoint({
  method: 'GET',
  url: '/public/account/overview',
  summary: "An account's name, sales channel and accounting system.",
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: accountOverviewSchema,
});

export const switchAccountByLink = defineEndpoint({
  method: 'GET',
  url: '/switch',
  summary:
    'Switch to an account and redirect to /app/admin (or `continue` when it is on this host). Without a bearer token (a browser navigation) it redirects to the web app, which switches through POST /switch/account.',
  tag: 'account',
  access: 'public',
  effect: 'self',
  querystring: z.strictObject({ account: accountKey, continue: safeTextSchema.max(2000).optional() }),
  status: 302,
});

export const switchAccount = defineEndpoint({
  method: 'POST',
  url: '/switch/account',
  summary: "Make an account the user's current account; answers where to go next.",
  tag: 'account',
  access: 'user',
  effect: 'self',
  body: z.strictObject({ destinationAccountKey: accountKey }),
  response: z.object({ redirectUrl: z.string() }),
});

/** The accounting systems a new account may be made with (NONE is not offered: it is chosen later). */
export const newAccountAccountingSystemSchema = accountingSystemSchema.exclude(['NONE']);

export const createAccount = defineEndpoint({
  method: 'POST',
  url: '/account/new',
  summary:
    "Make a new account (/switch?account=NEW): a trial owned by the caller, in the organization asked for (one the caller administers), or the caller's only administered organization, or a new organization of theirs; it becomes the current account.",
  tag: 'account',
  access: 'user',
  effect: 'self',
  body: z.strictObject({
    accountName: safeTextSchema.trim().min(1, 'Give the account a name.').max(100, 'The account name is too long (100 characters at most).'),
    salesChannel: salesChannelSchema,
    accountingSystem: newAccountAccountingSystemSchema,
    organizationId: safeTextSchema.max(100).optional(),
  }),
  response: z.object({ accountKey: z.string(), organizationId: z.string(), redirectUrl: z.string() }),
});

export const accountRedaction = defineEndpoint({
  method: 'POST',
  url: '/account_redaction',
  summary:
    "Ask for the deletion of every row and file of an account (it happens 72 hours later, spec section 9), or cancel a pending one (form encoded). Owners only; a second request or a cancel with none pending is refused with a sentence.",
  tag: 'account',
  access: 'user',
  effect: 'manage',
  body: z.strictObject({ accountKey, action: z.enum(['request', 'cancel'], { error: 'action must be request or cancel.' }) }),
  response: z.object({ accountKey: z.string(), redactionPending: z.boolean(), redactionDueAt: z.string().nullable() }),
});

export const renameCurrentAccount = defineEndpoint({
  method: 'POST',
  url: '/account-settings',
  summary: "Rename the user's current account.",
  tag: 'account',
  access: 'user',
  effect: 'manage',
  querystring: z.strictObject({
    accountName: safeTextSchema.trim().min(1, 'Enter an account name.').max(100, 'The account name must be at most 100 characters.'),
    caller: z.literal('admin').optional(),
  }),
  response: accountSchema,
});

export const updateAccountingSystemReferenceName = defineEndpoint({
  method: 'PUT',
  url: '/account',
  summary: "Set the name the accounting system knows this account by.",
  tag: 'account',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ action: z.literal('updateAccountingSystemReferenceName'), accountKey }),
  body: z.strictObject({
    accountingSystemReferenceName: safeTextSchema.trim().max(200, 'The reference name must be at most 200 characters.').nullable(),
  }),
  response: accountSchema,
});
