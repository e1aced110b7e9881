/**
 * Which chart the mappings use. When the account's accounting system is connected and its reference
 * data is cached (accounting_reference_data), the pickers, the validation and the postings use the
 * connected system's own accounts and tax rates ('connected'); otherwise Ledgerport's default chart
 * of the system ('default').
 *
 * The roles a posting needs (clearing, reserved balances, carried forward, rounding, suspense) are
 * given to the account the bookkeeper chose for them (saved with the set), else to the connected
 * account with the same code or name as the default chart's role account
 * (A2X's "pre-selects same-named accounts"); a role no remote account matches keeps the default
 * chart's account, listed in the chart so the posting still balances and the bookkeeper sees which
 * code the system needs. Category defaults follow the same matching; one no account matches is
 * dropped, so its types show as unmapped instead of posting to a code the system does not have.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { Channel } from '@ledgerport/core/settlements';
import type { AccountRole, AccountingSystem, CategoryMappings, ChartOfAccounts, LedgerAccount, MappingSet, MappingTarget, TaxRate } from '@ledgerport/core/mapping';
import type { AccountingReferenceData } from '@ledgerport/core/posting';
import { stateOfConnectionRow } from '../accounts/connection-states';

export type ChartSource = 'default' | 'connected';

/** Connection states (decision 0056) in which the account's system is still the connected one (an expiry asks for a reconnect). */
const CONNECTED_STATES = new Set(['connected', 'error', 'expired']);

/** The cached reference data of the account's connected system, if it is connected to `system` and data was fetched. */
export async function findConnectedReferenceData(db: Kysely<Database>, accountKey: string, system: AccountingSystem): Promise<AccountingReferenceData | undefined> {
  if (system === 'MANUAL') return undefined;
  const connection = await db.selectFrom('connections').selectAll().where('account_key', '=', accountKey).where('role', '=', 'accounting').executeTakeFirst();
  // Whether the refresh token has expired does not matter here (expired still counts), so no clock is needed.
  if (!connection || connection.system !== system || !CONNECTED_STATES.has(stateOfConnectionRow(connection, new Date(0)).state)) return undefined;
  const row = await db.selectFrom('accounting_reference_data').select(['system', 'data']).where('account_key', '=', accountKey).executeTakeFirst();
  if (!row || row.system !== system) return undefined;
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as AccountingReferenceData;
  // A fetch that returned no accounts (an empty file) cannot be mapped to: keep the default chart.
  return data.accounts.length + data.bankAccounts.length > 0 ? data : undefined;
}

const nameKey = (name: string) => name.trim().toLowerCase();

/** The connected system's chart, with the posting roles placed as described above. */
export function connectedChart(system: AccountingSystem, reference: AccountingReferenceData, defaults: ChartOfAccounts, saved?: ChartOfAccounts): ChartOfAccounts {
  const accounts: LedgerAccount[] = [];
  const byCode = new Map<string, LedgerAccount>();
  for (const a of [...reference.accounts, ...reference.bankAccounts]) {
    if (!a.code || byCode.has(a.code)) continue;
    const copy: LedgerAccount = { code: a.code, name: a.name, kind: a.kind, path: a.path };
    byCode.set(a.code, copy);
    accounts.push(copy);
  }
  const byName = new Map<string, LedgerAccount>();
  for (const a of accounts) if (!byName.has(nameKey(a.name))) byName.set(nameKey(a.name), a);
  for (const d of defaults.accounts) {
    if (!d.role) continue;
    // The bookkeeper's own choice (saved with the set) first, while the system still has that account.
    const chosen = saved?.accounts.find((a) => a.role === d.role && a.channel === d.channel && byCode.has(a.code) && !byCode.get(a.code)!.role);
    const match = (chosen ? byCode.get(chosen.code) : undefined) ?? byCode.get(d.code) ?? byName.get(nameKey(d.name));
    if (match && !match.role) {
      match.role = d.role;
      if (d.channel) match.channel = d.channel;
    } else if (!byCode.has(d.code)) {
      const kept = { ...d };
      byCode.set(kept.code, kept);
      accounts.push(kept);
    }
  }
  const taxRates: TaxRate[] = reference.taxRates.length > 0 ? reference.taxRates.map((t) => ({ code: t.code, name: t.name })) : [...defaults.taxRates];
  return { system, accounts, taxRates };
}

/** The chart with the account `code` doing `role` (for `channel`, or shared when null) instead of the one that did. */
export function assignRole(chart: ChartOfAccounts, role: AccountRole, channel: Channel | null, code: string): ChartOfAccounts {
  const accounts = chart.accounts.map((a) => {
    const copy = { ...a };
    if (copy.role === role && (copy.channel ?? null) === channel) delete copy.role;
    return copy;
  });
  const target = accounts.find((a) => a.code === code);
  if (target) {
    target.role = role;
    if (channel) target.channel = channel;
  }
  return { ...chart, accounts };
}

/** The tax rate a category default takes when its own is not in the chart: a "no tax" rate if there is one. */
export function fallbackTaxRate(chart: ChartOfAccounts): string | undefined {
  const noTax = chart.taxRates.find((t) => /\b(no(n|ne)?|exempt|out of scope|zero)\b/i.test(`${t.code} ${t.name}`));
  return (noTax ?? chart.taxRates[0])?.code;
}

/**
 * The set on `chart`: category defaults whose account is not in it go to the account now doing the
 * role it did, else are matched by the name the account had (in the set's former chart, then in the default chart); explicit rules stay as they
 * are, so a rule naming a code the chart lacks shows as unmapped until it is chosen again.
 */
export function rebaseOnChart(set: MappingSet, chart: ChartOfAccounts, defaults: MappingSet): MappingSet {
  const codes = new Set(chart.accounts.map((a) => a.code));
  const taxCodes = new Set(chart.taxRates.map((t) => t.code));
  const byName = new Map<string, string>();
  for (const a of chart.accounts) if (!byName.has(nameKey(a.name))) byName.set(nameKey(a.name), a.code);
  const accountIn = (c: ChartOfAccounts, code: string) => c.accounts.find((a) => a.code === code);
  const taxFallback = fallbackTaxRate(chart);
  const rebase = (target: MappingTarget | undefined, fallback: MappingTarget | undefined): MappingTarget | undefined => {
    for (const t of [target, fallback]) {
      if (!t) continue;
      const former = accountIn(set.chart, t.accountCode) ?? accountIn(defaults.chart, t.accountCode);
      // A role account (reserved balances is also the reserves category's default) follows its role.
      const roleOf = former?.role ? former : accountIn(defaults.chart, t.accountCode);
      const byRole = roleOf?.role ? chart.accounts.find((a) => a.role === roleOf.role && a.channel === roleOf.channel)?.code : undefined;
      const accountCode = codes.has(t.accountCode) ? t.accountCode : (byRole ?? (former ? byName.get(nameKey(former.name)) : undefined));
      if (!accountCode) continue;
      const taxRateCode = taxCodes.has(t.taxRateCode) ? t.taxRateCode : taxFallback;
      if (taxRateCode !== undefined) return { accountCode, taxRateCode };
    }
    return undefined;
  };
  const categories: CategoryMappings = {};
  const channels = new Set([...Object.keys(set.categories), ...Object.keys(defaults.categories)]) as Set<keyof CategoryMappings>;
  for (const channel of channels) {
    const own = set.categories[channel] ?? {};
    const base = defaults.categories[channel] ?? {};
    const out: Record<string, MappingTarget> = {};
    for (const category of new Set([...Object.keys(own), ...Object.keys(base)]) as Set<keyof typeof own>) {
      const t = rebase(own[category], base[category]);
      if (t) out[category] = t;
    }
    categories[channel] = out;
  }
  return { ...set, chart, categories };
}
