/**
 * Finds the AccountingPort (core/posting/accounting-port) through which an account's documents reach
 * its accounting system. MANUAL is the built-in ledger (the settlements feature posts there itself);
 * QBO, XERO, SAGE and NETSUITE need a connection: until the account has one, this answers null and
 * Send reports that the connection is missing. The accounting-connections feature provides the real
 * resolver (adapters of @ledgerport/integrations over the account's stored, encrypted tokens).
 */
import type { AccountingSystem } from '@ledgerport/core/mapping';
import type { AccountingPort } from '@ledgerport/core/posting';

export type AccountingPortResolver = (accountKey: string, system: Exclude<AccountingSystem, 'MANUAL'>) => Promise<AccountingPort | null>;

/** The resolver used before any accounting connection code is wired: nothing is connected. */
export const noAccountingConnections: AccountingPortResolver = () => Promise.resolve(null);
