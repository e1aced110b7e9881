/**
 * Test double for the server: a fetch that answers by "METHOD /path" with JSON, recording calls.
 * Used by component tests only.
 */
import { vi } from 'vitest';
import type { AccountingConnectionSettings } from '@ledgerport/contract';
import type { Account, AuthUser, TokenSet } from '../lib/api-types';
import type { UsableUserMeta } from '../lib/session-context';
import { writeTokenSet } from '../lib/token-store';

export type FakeHandler = (request: { url: URL; body: unknown; headers: Headers }) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

export interface FakeApi {
  calls: Array<{ method: string; path: string; query: URLSearchParams; authorization: string | null; body: unknown }>;
}

export function installFakeApi(handlers: Record<string, FakeHandler | { status?: number; body?: unknown; headers?: Record<string, string> }>): FakeApi {
  const fake: FakeApi = { calls: [] };
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input, 'http://127.0.0.1:8070');
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    // JSON bodies are parsed; form-encoded bodies are handed over as the URLSearchParams they are.
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof URLSearchParams ? init.body : undefined;
    fake.calls.push({ method, path: url.pathname, query: url.searchParams, authorization: headers.get('authorization'), body });
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = typeof handler === 'function' ? handler({ url, body, headers }) : handler;
    if (!answer) {
      return Promise.resolve(
        new Response(JSON.stringify({ message: 'Not found', code: 'not-found', httpStatusCode: 404 }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }
    const status = answer.status ?? 200;
    return Promise.resolve(new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), { status, headers: { 'content-type': 'application/json', ...answer.headers } }));
  });
  return fake;
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

export function buildTokenSet(over: Partial<TokenSet> = {}): TokenSet {
  return {
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    accessTokenExpiresAt: inAnHour(),
    refreshTokenExpiresAt: inAnHour(),
    userId: 'u-demo',
    userEmail: 'demo@ledgerport.local',
    ...over,
  };
}

export function signIn(over: Partial<TokenSet> = {}): TokenSet {
  const tokens = buildTokenSet(over);
  writeTokenSet(tokens);
  return tokens;
}

export function buildAccount(over: Partial<Account> = {}): Account {
  return {
    accountKey: 'acc-amazon',
    accountName: 'Acme Outdoor Co Amazon US',
    accountAddress: null,
    accountStatus: 'ACTIVE',
    accountFeatures: {
      enableAmazonPay: false,
      amazonDeferredTransactionEnabled: false,
      showAdvancedFba: false,
      showGiftCards: false,
      stripeEnabled: false,
      cogsEnabled: false,
      cogsRefundsEnabled: false,
      premium: false,
      isAccount60DaysOld: true,
      validCopyAccounts: false,
      isAmazonSummaryReportEnabled: false,
      isDemoAccount: true,
    },
    featureFlags: [],
    accountingSystem: 'QBO',
    accountingSystemConnected: true,
    accountingConnectionState: 'connected',
    isAccountingSandbox: false,
    accountingSystemOrganizationName: null,
    partnerCode: null,
    planCode: 'STANDARD',
    planAmount: null,
    subscribedAt: null,
    salesChannel: 'AMAZON',
    salesChannelConnected: false,
    salesChannelConnectionState: 'none',
    salesChannelPending: false,
    salesChannelInviteStatus: null,
    salesChannelStoreName: null,
    mappingsCompleted: false,
    mappingsConfigurationInitiated: false,
    firstSettlementPosted: false,
    hasAccountsFile: false,
    timeZoneId: 'UTC',
    templatePrefix: null,
    isPiggyBackingAccount: false,
    requestHistoryBlocked: false,
    redactionPending: false,
    accountingSystemReferenceName: null,
    accountSuperUserKey: null,
    requiresReauthentication: false,
    organizationId: 'org-acme',
    enabledFeatureFlags: [],
    ...over,
  };
}

export function buildUser(over: Partial<AuthUser> = {}): AuthUser {
  return {
    userId: 'u-demo',
    email: 'demo@ledgerport.local',
    currentAccount: 'acc-amazon',
    partnerCode: null,
    accountsThatCanBeAccessedByThisUser: [
      { accountKey: 'acc-amazon', accountName: 'Acme Outdoor Co Amazon US', salesChannel: 'AMAZON', accountingSystem: 'QBO', planCode: 'STANDARD', organizationId: 'org-acme', isCurrent: true },
      { accountKey: 'acc-etsy', accountName: 'Trial Etsy Shop', salesChannel: 'ETSY', accountingSystem: 'NONE', planCode: null, organizationId: 'org-acme', isCurrent: false },
    ],
    rootAdmin: false,
    supportLead: false,
    developer: false,
    supportAdmin: false,
    billingAccountId: null,
    billingData: null,
    loginEnablingParty: null,
    permissions: [],
    canAccessPartnerOverview: false,
    canAccessTeams: false,
    pendingInvites: [],
    featureFlags: [],
    userApplicationPreferences: { organizationModalConfirmed: false, payPalBannerOnShopifyDismissed: false },
    ...over,
  };
}

export function buildUserMeta(account: Account = buildAccount(), user: AuthUser = buildUser()): UsableUserMeta {
  return { user, currentAccount: account, accessLevel: 'manage', featureFlags: account.featureFlags, userApplicationPreferences: user.userApplicationPreferences, permissions: user.permissions };
}

/**
 * What every signed-in page of a merchant asks for before its own calls: no admin permissions, the
 * user meta (buildUserMeta()'s unless given), and no what's-new entry. Spread it into installFakeApi's handlers.
 */
export function merchantFrame(userMeta: UsableUserMeta = buildUserMeta()) {
  return {
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: userMeta },
    'GET /res/whats-new.json': { body: [] },
  };
}

/** A connected QuickBooks Online company's settings as GET /accounting/settings answers them, with one bank account. */
export function buildAccountingSettings(over: Partial<AccountingConnectionSettings> = {}): AccountingConnectionSettings {
  return {
    system: 'QBO',
    organizationName: 'Sandbox Company_US_1',
    isConnected: true,
    state: 'connected',
    isSandbox: false,
    bankAccountId: null,
    lineAmountTypes: 'auto',
    businessId: null,
    subsidiaryId: null,
    bankAccounts: [{ code: '35', name: 'Checking' }],
    ...over,
  };
}
