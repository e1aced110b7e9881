/**
 * The COGS accounts of Settings > Cost of Goods Sold found in the connected system's own chart before
 * a COGS journal is sent there (Xero by account code, Sage by ledger account id). The bookkeeper
 * types a code and a name; the chart is searched by code, then by name, then by the nominal code
 * Sage shows in brackets ("Stock (1001)"), like the mappings pre-select same-named accounts. An
 * account the chart does not have refuses the send with both names, never posts to a guessed one.
 */
import type { CogsSettings } from './cogs-settings';

export interface ChartAccount {
  code: string;
  name: string;
}

export type CogsAccountsResolution =
  | { isResolved: true; inventoryAccount: ChartAccount; cogsAccount: ChartAccount }
  | { isResolved: false; message: string };

const key = (text: string) => text.trim().toLowerCase();

export function findChartAccount(
  wanted: ChartAccount,
  chart: readonly ChartAccount[],
): ChartAccount | undefined {
  const code = wanted.code.trim();
  if (code === '' && wanted.name.trim() === '') return undefined;
  return (
    (code === '' ? undefined : chart.find((a) => a.code === code)) ??
    (wanted.name.trim() === '' ? undefined : chart.find((a) => key(a.name) === key(wanted.name))) ??
    (code === '' ? undefined : chart.find((a) => a.name.trim().endsWith(`(${code})`)))
  );
}

export function resolveCogsAccounts(
  settings: Pick<CogsSettings, 'inventoryAccount' | 'cogsAccount'>,
  chart: readonly ChartAccount[],
  systemName: string,
): CogsAccountsResolution {
  const inventoryAccount = findChartAccount(settings.inventoryAccount, chart);
  const cogsAccount = findChartAccount(settings.cogsAccount, chart);
  const missing = [
    ...(inventoryAccount ? [] : [`the inventory account "${describe(settings.inventoryAccount)}"`]),
    ...(cogsAccount ? [] : [`the cost of goods sold account "${describe(settings.cogsAccount)}"`]),
  ];
  if (!inventoryAccount || !cogsAccount)
    return {
      isResolved: false,
      message: `${systemName} has no account matching ${missing.join(' or ')} of Settings > Cost of Goods Sold; enter the code of an account in your ${systemName} chart of accounts there, then send again.`,
    };
  return { isResolved: true, inventoryAccount, cogsAccount };
}

function describe(a: ChartAccount): string {
  return [a.code.trim(), a.name.trim()].filter(Boolean).join(' ');
}
