/**
 * What the server needs to know of one accounting system: its OAuth settings, how to find the
 * organisation a fresh token set belongs to, its limits, and how to build its AccountingPort.
 */
import type { AccountingPort } from '@ledgerport/core/posting';
import type { ConnectionLimiter, LimiterClock, LimiterPolicy } from './connection-limiter';
import type { OAuthSettings } from './oauth-client';
import type { FetchLike } from './vendor-http';

export type RemoteSystem = 'XERO' | 'QBO' | 'SAGE' | 'NETSUITE';

/** Where a system lives; every URL is configurable so a sandbox or a local stand-in works unchanged. */
export interface SystemEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  apiBaseUrl: string;
  /** Xero: the connections (tenants) endpoint. */
  identityUrl?: string;
  clientId: string;
  clientSecret: string;
}

/** Per-connection choices kept in connections.settings. */
export interface ConnectionSettings {
  /** Xero: Exclusive, Inclusive or NoTax for invoices and bills ('auto': NoTax when no line has a tax rate). */
  lineAmountTypes?: 'Exclusive' | 'Inclusive' | 'NoTax' | 'auto';
  /** QBO bank-account settings: the bank account deposits land in. */
  bankAccountId?: string;
  /** NetSuite: the subsidiary journal entries are booked to. */
  subsidiaryId?: string;
  /** NetSuite: the department, class and location every journal entry and each of its lines carries. */
  departmentId?: string;
  classId?: string;
  locationId?: string;
  /** NetSuite: the names of the chosen records when they were chosen (shown when NetSuite cannot be read). */
  netSuiteNames?: Partial<Record<'subsidiary' | 'department' | 'class' | 'location', string>>;
  /** NetSuite account id (the {accountId} of its URLs). */
  accountId?: string;
  /** The demo's local sandbox this connection lives on (a loopback URL, core's localSandboxUrlOf; decision 0056). */
  localSandboxUrl?: string;
}

export interface PortContext {
  endpoints: SystemEndpoints;
  /** Xero tenantId, QBO realmId, Sage business id, NetSuite account id. */
  remoteId: string;
  settings: ConnectionSettings;
  limiter: ConnectionLimiter;
  accessToken(forceRefresh: boolean): Promise<string>;
  fetchImpl?: FetchLike;
  clock?: LimiterClock;
  timeoutMs?: number;
}

export interface IdentifyContext {
  endpoints: SystemEndpoints;
  accessToken: string;
  /** Query parameters of the callback (QBO sends realmId there). */
  callbackParams: Record<string, string>;
  settings: ConnectionSettings;
  fetchImpl?: FetchLike;
}

export interface RemoteOrganisation {
  remoteId: string;
  remoteName: string;
}

export interface AccountingSystemDefinition {
  system: RemoteSystem;
  displayName: string;
  limits: LimiterPolicy;
  oauth(endpoints: SystemEndpoints): OAuthSettings;
  identify(context: IdentifyContext): Promise<RemoteOrganisation>;
  createPort(context: PortContext): AccountingPort;
}

/** Replaces {accountId} in NetSuite's account-specific URLs. */
export function expandUrl(url: string, settings: ConnectionSettings): string {
  return url.replace('{accountId}', encodeURIComponent((settings.accountId ?? '').toLowerCase().replace(/_/g, '-')));
}
