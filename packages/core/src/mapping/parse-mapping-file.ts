/**
 * Reads a mapping file (JSON) and checks it item by item: every problem names the item and says
 * what is wrong, and a file with problems yields no mappings. The file overrides a default set:
 *
 *   { "system": "XERO", "ownerKey": "acme-us", "version": 3, "unmappedToSuspense": false,
 *     "currencies": ["USD"], "accounts": [{ "code": "200", "name": "Sales", "kind": "income", "path": "Income:Sales" }],
 *     "taxRates": [{ "code": "OUTPUT", "name": "20% (VAT on Income)" }],
 *     "categories": { "AMAZON": { "sales": { "account": "200", "taxRate": "OUTPUT" } } },
 *     "mappings": [{ "channel": "AMAZON", "typeKey": "Order|ItemPrice|Principal", "taxVariant": "GB", "account": "200", "taxRate": "OUTPUT" }] }
 */
import { CATEGORIES, CHANNELS, type Category, type Channel } from '../settlements/model';
import { defaultMappings } from './default-mappings';
import { ACCOUNTING_SYSTEMS, type AccountKind, type AccountRole, type AccountingSystem, type LedgerAccount, type MappingEntry, type MappingSet, type TypeDescriber } from './model';
import { findRoleAccount } from './resolve-mapping';

export interface MappingProblem {
  /** Where in the file: 'mappings[2]', 'accounts[0].kind', 'categories.AMAZON.sales'. */
  item: string;
  message: string;
}

export interface MappingFileResult {
  mappings: MappingSet | null;
  problems: MappingProblem[];
}

const KINDS: readonly AccountKind[] = ['asset', 'liability', 'equity', 'income', 'expense'];
const ROLES: readonly AccountRole[] = ['clearing', 'reserved-balances', 'carried-forward', 'rounding', 'suspense'];
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

export function parseMappingFile(content: string, describe?: TypeDescriber): MappingFileResult {
  const problems: MappingProblem[] = [];
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch (e) {
    return { mappings: null, problems: [{ item: 'file', message: `The mapping file is not valid JSON: ${(e as Error).message}` }] };
  }
  if (!isObject(raw)) return { mappings: null, problems: [{ item: 'file', message: 'The mapping file must be a JSON object.' }] };
  const system = raw.system as AccountingSystem;
  if (!ACCOUNTING_SYSTEMS.includes(system)) {
    return { mappings: null, problems: [{ item: 'system', message: `Unknown accounting system ${JSON.stringify(raw.system)}; use one of ${ACCOUNTING_SYSTEMS.join(', ')}.` }] };
  }
  const set = defaultMappings(system, {
    ownerKey: text(raw.ownerKey) ?? 'file',
    isUnmappedToSuspense: raw.unmappedToSuspense === true,
  });
  if (raw.version !== undefined) {
    if (typeof raw.version === 'number' && Number.isInteger(raw.version) && raw.version >= 1) set.version = raw.version;
    else problems.push({ item: 'version', message: 'The version must be a whole number from 1 up.' });
  }
  if (raw.currencies !== undefined) {
    if (Array.isArray(raw.currencies) && raw.currencies.every((c) => typeof c === 'string' && /^[A-Z]{3}$/.test(c))) set.currencies = raw.currencies as string[];
    else problems.push({ item: 'currencies', message: 'The currencies must be a list of 3-letter ISO codes such as "USD".' });
  }
  readAccounts(raw.accounts, set, problems);
  readTaxRates(raw.taxRates, set, problems);
  readCategories(raw.categories, set, problems);
  readEntries(raw.mappings, set, describe, problems);
  for (const channel of Object.keys(set.categories) as Channel[]) {
    for (const role of ROLES) {
      if (!findRoleAccount(set, role, channel)) problems.push({ item: 'accounts', message: `No ${role} account for ${channel}: add an account with "role": "${role}".` });
    }
  }
  return problems.length > 0 ? { mappings: null, problems } : { mappings: set, problems };
}

function readAccounts(value: unknown, set: MappingSet, problems: MappingProblem[]): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) return void problems.push({ item: 'accounts', message: 'The accounts must be a list.' });
  value.forEach((a, i) => {
    const item = `accounts[${i}]`;
    if (!isObject(a)) return void problems.push({ item, message: 'An account must be an object with code, name, kind and path.' });
    const code = text(a.code);
    const name = text(a.name);
    const kindText = typeof a.kind === 'string' ? a.kind : 'asset';
    const path = text(a.path) ?? (name ? `${kindText.replace(/^./, (c) => c.toUpperCase())}:${name.replace(/[^A-Za-z0-9]+/g, '')}` : undefined);
    if (!code || !name || !path) return void problems.push({ item, message: 'An account needs a code and a name.' });
    if (!KINDS.includes(a.kind as AccountKind)) return void problems.push({ item: `${item}.kind`, message: `Account ${code} has an unknown kind ${JSON.stringify(a.kind)}; use one of ${KINDS.join(', ')}.` });
    if (a.role !== undefined && !ROLES.includes(a.role as AccountRole)) return void problems.push({ item: `${item}.role`, message: `Account ${code} has an unknown role ${JSON.stringify(a.role)}; use one of ${ROLES.join(', ')}.` });
    if (a.channel !== undefined && !CHANNELS.includes(a.channel as Channel)) return void problems.push({ item: `${item}.channel`, message: `Account ${code} names an unknown channel ${JSON.stringify(a.channel)}.` });
    const account: LedgerAccount = { code, name, kind: a.kind as AccountKind, path, ...(a.role ? { role: a.role as AccountRole } : {}), ...(a.channel ? { channel: a.channel as Channel } : {}) };
    // A file account with a role replaces the default one with that role for the same channel.
    set.chart.accounts = set.chart.accounts.filter((x) => x.code !== code && !(account.role && x.role === account.role && x.channel === account.channel));
    set.chart.accounts.push(account);
  });
}

function readTaxRates(value: unknown, set: MappingSet, problems: MappingProblem[]): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) return void problems.push({ item: 'taxRates', message: 'The tax rates must be a list.' });
  value.forEach((t, i) => {
    if (!isObject(t) || typeof t.code !== 'string' || !text(t.name)) return void problems.push({ item: `taxRates[${i}]`, message: 'A tax rate needs a code and a name.' });
    set.chart.taxRates = set.chart.taxRates.filter((x) => x.code !== t.code);
    set.chart.taxRates.push({ code: t.code, name: text(t.name)! });
  });
}

function checkTarget(set: MappingSet, item: string, o: Json, problems: MappingProblem[]): { accountCode: string; taxRateCode: string } | undefined {
  const accountCode = text(o.account);
  const taxRateCode = o.taxRate === undefined ? set.chart.taxRates[0]!.code : typeof o.taxRate === 'string' ? o.taxRate : undefined;
  let ok = true;
  if (!accountCode || !set.chart.accounts.some((a) => a.code === accountCode)) {
    problems.push({ item, message: `Unknown account ${JSON.stringify(o.account ?? null)}: it is not in the chart of accounts.` });
    ok = false;
  }
  if (taxRateCode === undefined || !set.chart.taxRates.some((t) => t.code === taxRateCode)) {
    problems.push({ item, message: `Unknown tax rate ${JSON.stringify(o.taxRate)}: it is not in the list of tax rates.` });
    ok = false;
  }
  return ok ? { accountCode: accountCode!, taxRateCode: taxRateCode! } : undefined;
}

function readCategories(value: unknown, set: MappingSet, problems: MappingProblem[]): void {
  if (value === undefined) return;
  if (!isObject(value)) return void problems.push({ item: 'categories', message: 'The categories must be an object by channel.' });
  for (const [channel, perCategory] of Object.entries(value)) {
    if (!CHANNELS.includes(channel as Channel)) {
      problems.push({ item: `categories.${channel}`, message: `Unknown channel ${channel}; use one of ${CHANNELS.join(', ')}.` });
      continue;
    }
    if (!isObject(perCategory)) continue;
    for (const [category, target] of Object.entries(perCategory)) {
      const item = `categories.${channel}.${category}`;
      if (!CATEGORIES.includes(category as Category)) {
        problems.push({ item, message: `Unknown category ${category}; use one of ${CATEGORIES.join(', ')}.` });
        continue;
      }
      const t = isObject(target) ? checkTarget(set, item, target, problems) : undefined;
      if (t) (set.categories[channel as Channel] ??= {})[category as Category] = t;
    }
  }
}

function readEntries(value: unknown, set: MappingSet, describe: TypeDescriber | undefined, problems: MappingProblem[]): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) return void problems.push({ item: 'mappings', message: 'The mappings must be a list.' });
  const entries: MappingEntry[] = [];
  value.forEach((m, i) => {
    const item = `mappings[${i}]`;
    if (!isObject(m)) return void problems.push({ item, message: 'A mapping must be an object with channel, typeKey and account.' });
    const channel = m.channel as Channel;
    const typeKey = text(m.typeKey);
    if (!CHANNELS.includes(channel)) return void problems.push({ item, message: `Unknown channel ${JSON.stringify(m.channel)}; use one of ${CHANNELS.join(', ')}.` });
    if (!typeKey) return void problems.push({ item, message: 'A mapping needs a typeKey.' });
    if (describe && !describe(channel, typeKey)) problems.push({ item, message: `Unknown transaction type ${JSON.stringify(typeKey)} for ${channel}.` });
    const t = checkTarget(set, item, m, problems);
    if (t) entries.push({ channel, typeKey, ...t, ...(text(m.taxVariant) ? { taxVariant: text(m.taxVariant)! } : {}) });
  });
  set.entries = entries;
}
