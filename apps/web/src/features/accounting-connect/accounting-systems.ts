import type { RemoteAccountingSystem } from '@ledgerport/contract';
import { ACCOUNTING_SYSTEM_LABELS } from '@ledgerport/core/posting';

export const ACCOUNTING_SYSTEM_NAMES: Record<RemoteAccountingSystem, string> = {
  XERO: ACCOUNTING_SYSTEM_LABELS.XERO,
  QBO: ACCOUNTING_SYSTEM_LABELS.QBO,
  SAGE: ACCOUNTING_SYSTEM_LABELS.SAGE,
  NETSUITE: ACCOUNTING_SYSTEM_LABELS.NETSUITE,
};

/** The :system of /admin/accounting/:system (xero, qbo, sage, netsuite) as the contract names it. */
export function toAccountingSystem(param: string | undefined): RemoteAccountingSystem | null {
  const upper = (param ?? '').toUpperCase();
  return upper in ACCOUNTING_SYSTEM_NAMES ? (upper as RemoteAccountingSystem) : null;
}
