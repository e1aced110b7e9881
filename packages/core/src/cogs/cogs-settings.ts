/**
 * Settings > Cost of Goods Sold of an account, and who may use what (spec section 6: "Premium status
 * plus cogsEnabled and feature flags enable advanced COGS features"): cogsEnabled turns COGS on
 * (standard costs, refresh, send, export); FIFO by purchase lots, the advanced method, also needs
 * premium; refunds touch COGS only with cogsRefundsEnabled. The refresh-COGS-only bulk action (spec
 * section 5) needs COGS on and the flag SHOW_COGS_ONLY_REFRESH_BULK_ACTION.
 */
import { planGate } from '../billing/plan-gate';
import type { AccountingSystem, LedgerAccount } from '../mapping/model';
import type { CostingMethod, RefundTreatment } from './model';

export interface CogsSettings {
  costingMethod: CostingMethod;
  refundTreatment: RefundTreatment;
  inventoryAccount: { code: string; name: string };
  cogsAccount: { code: string; name: string };
}

export interface CogsFeatures {
  /** Billing on (a Stripe key): support's switches below decide; off: every plan gate is open (decision 0057). */
  isBillingEnabled: boolean;
  /** Support turned COGS on for the account (account_features). */
  cogsEnabled: boolean;
  cogsRefundsEnabled: boolean;
  /** Support gave the account premium (FIFO). */
  premium: boolean;
}

export const COGS_ONLY_REFRESH_FLAG = 'SHOW_COGS_ONLY_REFRESH_BULK_ACTION';

/** The accounts a new account's COGS journal uses: MANUAL codes are ledger paths, as in the default chart. */
export function defaultCogsSettings(system: AccountingSystem | 'NONE'): CogsSettings {
  const manual = system === 'MANUAL';
  const base = { costingMethod: 'standard', refundTreatment: 'restock' } as const;
  // Xero's and Sage's own standard charts (Xero: 630 Inventory, 310 Cost of Goods Sold; Sage UK:
  // 1001 Stock, 5000 Cost of sales - goods); a send finds them in the connected chart (resolveCogsAccounts).
  if (system === 'XERO')
    return { ...base, inventoryAccount: { code: '630', name: 'Inventory' }, cogsAccount: { code: '310', name: 'Cost of Goods Sold' } };
  if (system === 'SAGE')
    return { ...base, inventoryAccount: { code: '1001', name: 'Stock' }, cogsAccount: { code: '5000', name: 'Cost of sales - goods' } };
  return {
    ...base,
    inventoryAccount: { code: manual ? 'Assets:Inventory' : '1450', name: 'Inventory' },
    cogsAccount: {
      code: manual ? 'Expenses:CostOfGoodsSold' : '5000',
      name: 'Cost of Goods Sold',
    },
  };
}

/** The ledger accounts of the settings (hledger paths under Assets: and Expenses:). */
export function cogsLedgerAccounts(settings: CogsSettings): {
  inventory: LedgerAccount;
  cogs: LedgerAccount;
} {
  const path = (root: string, a: { code: string; name: string }) =>
    a.code.startsWith(`${root}:`) ? a.code : `${root}:${a.name.replace(/[^A-Za-z0-9]+/g, '')}`;
  return {
    inventory: {
      code: settings.inventoryAccount.code,
      name: settings.inventoryAccount.name,
      kind: 'asset',
      path: path('Assets', settings.inventoryAccount),
    },
    cogs: {
      code: settings.cogsAccount.code,
      name: settings.cogsAccount.name,
      kind: 'expense',
      path: path('Expenses', settings.cogsAccount),
    },
  };
}

export type CogsRefusal = { isRefused: false } | { isRefused: true; message: string };

/** Whether the account may compute, send and export COGS at all: the plan gate's answer. */
export function refuseCogs(features: CogsFeatures): CogsRefusal {
  const gate = planGate({ billingEnabled: features.isBillingEnabled, feature: 'COGS', grant: { by: 'support', isGranted: features.cogsEnabled } });
  return gate.isOpen ? { isRefused: false } : { isRefused: true, message: gate.message };
}

/** Whether COGS is on for the account (what Settings > Cost of Goods Sold answers as enabled). */
export function isCogsOn(features: CogsFeatures): boolean {
  return !refuseCogs(features).isRefused;
}

/** Whether the settings may be saved with this method. */
export function refuseCostingMethod(features: CogsFeatures, method: CostingMethod): CogsRefusal {
  const off = refuseCogs(features);
  if (off.isRefused) return off;
  if (method !== 'fifo') return { isRefused: false };
  const gate = planGate({ billingEnabled: features.isBillingEnabled, feature: 'FIFO', grant: { by: 'support', isGranted: features.premium } });
  return gate.isOpen ? { isRefused: false } : { isRefused: true, message: gate.message };
}

/** The refund treatment the calculator applies: none when refunds are not costed for the account. */
export function refundsFor(features: CogsFeatures, settings: CogsSettings): RefundTreatment | 'ignore' {
  return features.cogsRefundsEnabled ? settings.refundTreatment : 'ignore';
}

/** Spec section 5: the refresh-COGS-only bulk action needs COGS on and its feature flag. */
export function canRefreshCogsOnlyInBulk(features: CogsFeatures, flags: readonly string[]): boolean {
  return isCogsOn(features) && flags.includes(COGS_ONLY_REFRESH_FLAG);
}
