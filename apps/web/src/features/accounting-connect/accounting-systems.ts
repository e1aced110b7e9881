import type { RemoteAccountingSystem } from '@ledgerport/contract';

export const ACCOUNTING_SYSTEM_NAMES: Record<RemoteAccountingSystem, string> = {
  XERO: 'Xero',
  QBO: 'QuickBooks Online',
  SAGE: 'Sage Accounting',
  NETSUITE: 'NetSuite',
};

/** The :system of /admin/accounting/:system (xero, qbo, sage, netsuite) as the contract names it. */
export function toAccountingSystem(param: string | undefined): RemoteAccountingSystem | null {
  const upper = (param ?? '').toUpperCase();
  return upper in ACCOUNTING_SYSTEM_NAMES ? (upper as RemoteAccountingSystem) : null;
}
