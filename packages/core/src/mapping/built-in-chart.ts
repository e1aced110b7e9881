/**
 * The rules of the built-in ledger's own chart of accounts (decision 0058): the owner adds accounts,
 * renames and deactivates them. A code is unique in the account's chart; an account that posted
 * journals is never deleted (deactivated instead); a deactivated account cannot be chosen in a new
 * mapping; an account the posting engine needs for a role (clearing, rounding...) or that an active
 * tax rate posts to stays active. The text exports name an account by its path, fixed when it is
 * made (kind root + name), so a renamed account stays one account across exports.
 */
import { ACCOUNT_KIND_ROOTS } from './built-in-tax-rates';
import type { AccountKind, ChartOfAccounts, LedgerAccount, MappingSet, TaxRate } from './model';

export const LEDGER_ACCOUNT_CODE_MAX = 60;
export const LEDGER_ACCOUNT_NAME_MAX = 100;

/** A field and what is wrong with it, for the 400's details. */
export interface ChartProblem {
  field: string;
  message: string;
}

/** The path (hledger/Beancount account name) of a new account: its kind's root and its name's words, each capitalised. */
export function ledgerAccountPath(kind: AccountKind, name: string, taken: ReadonlySet<string>): string {
  // Letters lose their accents (Beancount and hledger names stay ASCII): 'Erlöse 19 %' -> 'Erlose19'.
  const words = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  const leaf = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('') || 'Account';
  const base = `${ACCOUNT_KIND_ROOTS[kind]}:${/^[0-9]/.test(leaf) ? `A${leaf}` : leaf}`;
  let path = base;
  for (let n = 2; taken.has(path); n++) path = `${base}${n}`;
  return path;
}

export function checkLedgerAccountName(name: string): ChartProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return { field: 'name', message: 'An account needs a name.' };
  if (trimmed.length > LEDGER_ACCOUNT_NAME_MAX) return { field: 'name', message: `An account name has at most ${LEDGER_ACCOUNT_NAME_MAX} characters.` };
  return null;
}

/** Problems of a new account (code and name) against the chart it joins. */
export function checkNewLedgerAccount(chart: Pick<ChartOfAccounts, 'accounts'>, input: { code: string; name: string }): ChartProblem[] {
  const problems: ChartProblem[] = [];
  const code = input.code.trim();
  if (code === '') problems.push({ field: 'code', message: 'An account needs a code.' });
  else if (code.length > LEDGER_ACCOUNT_CODE_MAX) problems.push({ field: 'code', message: `An account code has at most ${LEDGER_ACCOUNT_CODE_MAX} characters.` });
  else if (!/^[\p{L}\p{N}][\p{L}\p{N} .:_-]*$/u.test(code)) problems.push({ field: 'code', message: 'An account code has letters, digits, spaces, dots, colons, dashes and underscores, and starts with a letter or digit.' });
  else if (chart.accounts.some((a) => a.code.toLowerCase() === code.toLowerCase())) problems.push({ field: 'code', message: `The code ${code} is already used by another account of this chart.` });
  const name = checkLedgerAccountName(input.name);
  if (name) problems.push(name);
  return problems;
}

/** The new account, its path unique among the chart's paths. */
export function newLedgerAccount(chart: Pick<ChartOfAccounts, 'accounts'>, input: { code: string; name: string; kind: AccountKind }): LedgerAccount {
  const name = input.name.trim();
  return { code: input.code.trim(), name, kind: input.kind, path: ledgerAccountPath(input.kind, name, new Set(chart.accounts.map((a) => a.path))) };
}

/** Why the account cannot be deactivated, or null. */
export function whyAccountMustStayActive(account: LedgerAccount, taxRates: readonly TaxRate[]): string | null {
  if (account.role) return `${account.name} is the account the postings use for ${account.role.replace('-', ' ')}; it stays active.`;
  const rate = taxRates.find((t) => !t.isInactive && t.accountCode === account.code);
  if (rate) return `The tax rate ${rate.name} posts to ${account.name}; deactivate the rate or give it another account first.`;
  return null;
}

/** Why the account cannot be deleted, or null (only an account never posted to, used by no mapping or rate and without a role). */
export function whyAccountCannotBeDeleted(account: LedgerAccount, uses: { isPosted: boolean; isMapped: boolean; taxRates: readonly TaxRate[] }): string | null {
  if (uses.isPosted) return `${account.name} has posted journals; deactivate it instead.`;
  if (account.role) return `${account.name} is the account the postings use for ${account.role.replace('-', ' ')}.`;
  if (uses.isMapped) return `${account.name} is used by the mappings; map those types elsewhere first, or deactivate it.`;
  if (uses.taxRates.some((t) => t.accountCode === account.code)) return `A tax rate posts to ${account.name}; give the rate another account first.`;
  return null;
}

/** Every account code a mapping set targets (explicit rules and category defaults). */
export function mappedAccountCodes(set: Pick<MappingSet, 'entries' | 'categories'>): Set<string> {
  const codes = new Set(set.entries.map((e) => e.accountCode));
  for (const byCategory of Object.values(set.categories)) for (const t of Object.values(byCategory ?? {})) if (t) codes.add(t.accountCode);
  return codes;
}

/**
 * The targets of `next` that choose a deactivated account or tax rate which `previous` did not already
 * use there: a deactivated account keeps serving the mappings that had it, and is never chosen anew.
 */
export function inactiveChoices(chart: ChartOfAccounts, previous: Pick<MappingSet, 'entries' | 'categories'>, next: Pick<MappingSet, 'entries' | 'categories'>): ChartProblem[] {
  const inactiveAccounts = new Map(chart.accounts.filter((a) => a.isInactive).map((a) => [a.code, a]));
  const inactiveRates = new Map(chart.taxRates.filter((t) => t.isInactive).map((t) => [t.code, t]));
  if (inactiveAccounts.size === 0 && inactiveRates.size === 0) return [];
  const before = new Set<string>();
  for (const e of previous.entries) before.add(`${e.channel}|${e.typeKey}|${e.taxVariant ?? ''}|${e.accountCode}|${e.taxRateCode}`);
  for (const [channel, byCategory] of Object.entries(previous.categories)) for (const [category, t] of Object.entries(byCategory ?? {})) if (t) before.add(`${channel}|@${category}||${t.accountCode}|${t.taxRateCode}`);
  const problems: ChartProblem[] = [];
  const check = (key: string, where: string, accountCode: string, taxRateCode: string) => {
    const account = inactiveAccounts.get(accountCode);
    const rate = inactiveRates.get(taxRateCode);
    if ((account || rate) && !before.has(`${key}|${accountCode}|${taxRateCode}`)) {
      if (account) problems.push({ field: where, message: `${account.name} (${account.code}) is deactivated and cannot be chosen for a mapping.` });
      if (rate) problems.push({ field: where, message: `The tax rate ${rate.name} is deactivated and cannot be chosen for a mapping.` });
    }
  };
  next.entries.forEach((e, i) => check(`${e.channel}|${e.typeKey}|${e.taxVariant ?? ''}`, `entries.${i}`, e.accountCode, e.taxRateCode));
  for (const [channel, byCategory] of Object.entries(next.categories)) for (const [category, t] of Object.entries(byCategory ?? {})) if (t) check(`${channel}|@${category}|`, `categories.${channel}.${category}`, t.accountCode, t.taxRateCode);
  return problems;
}
