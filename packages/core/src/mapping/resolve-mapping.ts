/**
 * Finds the account and tax rate of a transaction type. Order: an explicit rule for the type and
 * the line's tax variant, an explicit rule for the type, then the category default. Called once per
 * group of lines, never per line.
 */
import type { Channel } from '../settlements/model';
import type { AccountRole, LedgerAccount, MappingSet, MappingTarget, TypeDescriber } from './model';

export interface ResolvedMapping extends MappingTarget {
  account: LedgerAccount;
  /** How it was found: an explicit rule, the category default, or Settings > Amazon Pay (payment-sources.ts). */
  via: 'rule' | 'category' | 'amazon-pay';
  /**
   * A type the channel's catalogue does not list, mapped by the category its shape gives (no rule of
   * the user's yet): posted, but flagged as a new type wherever it shows, with this account.
   */
  isNewType?: boolean;
}

export function findAccount(mappings: MappingSet, code: string): LedgerAccount | undefined {
  return mappings.chart.accounts.find((a) => a.code === code);
}

export function resolveMapping(
  mappings: MappingSet,
  describe: TypeDescriber | undefined,
  channel: Channel,
  typeKey: string,
  taxVariant: string | null,
): ResolvedMapping | undefined {
  let target: MappingTarget | undefined;
  let via: ResolvedMapping['via'] = 'rule';
  let generic: MappingTarget | undefined;
  for (const e of mappings.entries) {
    if (e.channel !== channel || e.typeKey !== typeKey) continue;
    if (e.taxVariant === undefined) generic ??= e;
    else if (e.taxVariant === taxVariant) target = e;
  }
  target ??= generic;
  let isNewType = false;
  if (!target) {
    const description = describe?.(channel, typeKey);
    target = description ? mappings.categories[channel]?.[description.category] : undefined;
    via = 'category';
    isNewType = description?.isNew === true;
  }
  if (!target) return undefined;
  const account = findAccount(mappings, target.accountCode);
  if (!account) return undefined;
  return { accountCode: target.accountCode, taxRateCode: target.taxRateCode, account, via, ...(isNewType ? { isNewType } : {}) };
}

/**
 * The account with a role, preferring the channel's own (clearing is always per channel).
 * Throws: a chart without its clearing / rounding / suspense accounts is a broken invariant that
 * validation (parseMappingFile) reports before posting.
 */
export function getRoleAccount(mappings: MappingSet, role: AccountRole, channel: Channel): LedgerAccount {
  const own = mappings.chart.accounts.find((a) => a.role === role && a.channel === channel);
  const shared = own ?? (role === 'clearing' ? undefined : mappings.chart.accounts.find((a) => a.role === role && a.channel === undefined));
  if (!shared) throw new Error(`The chart of accounts has no ${role} account for ${channel}.`);
  return shared;
}

export function findRoleAccount(mappings: MappingSet, role: AccountRole, channel: Channel): LedgerAccount | undefined {
  try {
    return getRoleAccount(mappings, role, channel);
  } catch {
    return undefined;
  }
}
