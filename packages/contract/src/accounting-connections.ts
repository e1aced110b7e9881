/**
 * Accounting connections (issue 6): the connect flow behind /admin/accounting/{xero|qbo|sage|netsuite}
 * and its callbacks, disconnect, the connection's settings (qbo/bank-account-settings,
 * sage/financial-settings) and the cached chart of accounts and tax rates.
 */
import { z } from 'zod';
import { connectionStateSchema } from './connection-state';
import { safeTextSchema } from './safe-text';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';

const accountKey = accountKeySchema;

export const remoteAccountingSystems = ['XERO', 'QBO', 'SAGE', 'NETSUITE'] as const;
export const remoteAccountingSystemSchema = z.enum(remoteAccountingSystems);
export type RemoteAccountingSystem = z.infer<typeof remoteAccountingSystemSchema>;

export const accountingErrorMessages = {
  couldNotConnect: 'Could not connect to accounting system.',
  authorizationCancelled: 'We were unable to connect to your account because the authorization was cancelled.',
  connectedManually: 'Connected manually',
} as const;

export const startAccountingConnect = defineEndpoint({
  method: 'POST',
  url: '/accounting/connect',
  summary: 'Starts connecting an accounting system: answers the page of the system to send the user to.',
  tag: 'accounting',
  access: 'user',
  effect: 'write',
  body: z.strictObject({
    accountKey,
    system: remoteAccountingSystemSchema,
    /** NetSuite only: the account id of its URLs (Setup > Company > Company Information). */
    netSuiteAccountId: z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/, 'A NetSuite account id has letters, digits, _ and - only.').optional(),
  }),
  response: z.object({ authorizeUrl: z.string() }),
});

export const finishAccountingConnect = defineEndpoint({
  method: 'POST',
  url: '/accounting/callback',
  summary: 'Finishes a connect flow with the query the accounting system sent to the /cb page.',
  tag: 'accounting',
  access: 'user',
  effect: 'write',
  body: z.strictObject({ system: remoteAccountingSystemSchema, query: z.record(safeTextSchema, safeTextSchema) }),
  response: z.object({
    accountKey: z.string(),
    organizationName: z.string(),
    /** The settings page to show next (QBO bank account, Sage financial settings), if any. */
    nextStep: z.enum(['bank-account-settings', 'financial-settings']).nullable(),
  }),
});

export const connectAccountingManually = defineEndpoint({
  method: 'POST',
  url: '/accounting/connect-manual',
  summary: "Uses the built-in ledger and file exports (MANUAL): 'Connected manually'.",
  tag: 'accounting',
  access: 'user',
  effect: 'write',
  body: z.strictObject({ accountKey }),
  status: 204,
});

export const disconnectAccounting = defineEndpoint({
  method: 'POST',
  url: '/accounting/disconnect',
  summary: 'Disconnects the accounting system (tokens are deleted; postings stay).',
  tag: 'accounting',
  access: 'user',
  effect: 'write',
  body: z.strictObject({ accountKey }),
  status: 204,
});

export const accountingConnectionSettingsSchema = z.object({
  system: z.string(),
  organizationName: z.string().nullable(),
  isConnected: z.boolean(),
  state: connectionStateSchema,
  isSandbox: z.boolean(),
  /** QBO: the bank account deposits land in. */
  bankAccountId: z.string().nullable(),
  /** Xero invoices and bills: how line amounts treat tax. */
  lineAmountTypes: z.enum(['Exclusive', 'Inclusive', 'NoTax', 'auto']),
  /** Sage: the business (X-Business); NetSuite: the subsidiary. */
  businessId: z.string().nullable(),
  subsidiaryId: z.string().nullable(),
  bankAccounts: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type AccountingConnectionSettings = z.infer<typeof accountingConnectionSettingsSchema>;

export const getAccountingSettings = defineEndpoint({
  method: 'GET',
  url: '/accounting/settings',
  summary: "The accounting connection's settings and the bank accounts to choose from.",
  tag: 'accounting',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: accountingConnectionSettingsSchema,
});

export const updateAccountingSettings = defineEndpoint({
  method: 'PUT',
  url: '/accounting/settings',
  summary: 'Saves the bank-account (QBO) or financial (Sage, NetSuite, Xero) settings of the connection (NetSuite subsidiary: /account/netsuite-configuration).',
  tag: 'accounting',
  access: 'user',
  effect: 'write',
  body: z.strictObject({
    accountKey,
    bankAccountId: safeTextSchema.trim().min(1).max(100).nullable().optional(),
    lineAmountTypes: z.enum(['Exclusive', 'Inclusive', 'NoTax', 'auto']).optional(),
    // NetSuite's subsidiary is chosen with PUT /account/netsuite-configuration (owner level, checked against NetSuite, audited).
  }),
  response: accountingConnectionSettingsSchema,
});

const ledgerAccountSchema = z.object({ code: z.string(), name: z.string(), kind: z.string(), path: z.string() });

export const accountingReferenceDataSchema = z.object({
  system: z.string(),
  fetchedAt: z.string().nullable(),
  accounts: z.array(ledgerAccountSchema),
  bankAccounts: z.array(ledgerAccountSchema),
  taxRates: z.array(z.object({ code: z.string(), name: z.string() })),
  trackingCategories: z.array(z.object({ name: z.string(), options: z.array(z.string()) })),
  currencies: z.array(z.string()),
  /** The system's closed books as last read (with the chart, and again before each send); null when none is set. */
  periodLock: z.object({ closedThrough: z.string(), source: z.string() }).nullable(),
});

export const getAccountingReferenceData = defineEndpoint({
  method: 'GET',
  url: '/accounting/reference-data',
  summary: 'The chart of accounts, tax rates, tracking categories, bank accounts and closed period last fetched from the accounting system.',
  tag: 'accounting',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: accountingReferenceDataSchema,
});

export const refreshAccountingReferenceData = defineEndpoint({
  method: 'POST',
  url: '/accounting/reference-data/refresh',
  summary: 'Fetches the chart of accounts, tax rates, tracking categories and bank accounts again.',
  tag: 'accounting',
  access: 'user',
  effect: 'write',
  body: z.strictObject({ accountKey }),
  response: accountingReferenceDataSchema,
});
