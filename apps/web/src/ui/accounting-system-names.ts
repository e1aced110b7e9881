/** An accounting system as the settings screens name it. */
export const ACCOUNTING_SYSTEM_NAMES: Record<string, string> = {
  QBO: 'QuickBooks Online',
  XERO: 'Xero',
  SAGE: 'Sage Accounting',
  NETSUITE: 'NetSuite',
  MANUAL: 'Built-in ledger (manual)',
  NONE: 'None chosen yet',
};
