/**
 * The checks before any document is built: the currency, the role accounts, and the mapping of
 * every group (once per type and tax variant, not per line). Returns problems instead of throwing:
 * these are things the user fixes (a mapping, a currency setting).
 */
import { formatMoney } from '../money/money';
import { isKnownCurrency } from '../money/currencies';
import { CHANNEL_NAMES } from '../mapping/default-charts';
import type { LedgerAccount, MappingSet, TypeDescriber } from '../mapping/model';
import { describeTransactionType } from '../settlements/describe-transaction-type';
import { findRoleAccount, resolveMapping, type ResolvedMapping } from '../mapping/resolve-mapping';
import type { SettlementHeader } from '../settlements/model';
import type { NewTypePosting, PostingProblem } from './model';
import type { SettlementAggregator } from './settlement-aggregator';
import { taxRateCodeFor, type TaxTreatment } from './tax-treatment';
import { amazonPayAccountOf, isAmazonPayTypeKey, namedLike, payPalClearingAccountOf, payPalStatementRefusal, type AmazonPayPosting, type PayPalPosting } from './payment-sources';

export interface RoleAccounts {
  clearing: LedgerAccount;
  rounding: LedgerAccount;
  suspense: LedgerAccount;
  carriedForward: LedgerAccount;
}

export interface ResolvedGroups {
  accounts: RoleAccounts | null;
  /** Mapping per group, by group number; a group without one is unmapped (posted to suspense when allowed). */
  targets: (ResolvedMapping | undefined)[];
  problems: PostingProblem[];
  /** False when a problem prevents any document. */
  canPost: boolean;
  /** Types the catalogue does not list that went to their shape's category account, by type key. */
  newTypes: NewTypePosting[];
}

export function resolveGroups(
  header: SettlementHeader,
  agg: SettlementAggregator,
  mappings: MappingSet,
  describe: TypeDescriber | undefined,
  tax?: TaxTreatment,
  sources: { paypal?: PayPalPosting; amazonPay?: AmazonPayPosting } = {},
): ResolvedGroups {
  const id = header.settlementId;
  const problems: PostingProblem[] = [];
  const targets: (ResolvedMapping | undefined)[] = [];
  const fail = (p: PostingProblem): ResolvedGroups => ({ accounts: null, targets, problems: [p], canPost: false, newTypes: [] });
  if (!isKnownCurrency(header.currency)) {
    return fail({ code: 'unknown-currency', settlementId: id, message: `Settlement ${id} is in ${JSON.stringify(header.currency)}, which is not an ISO 4217 currency code.` });
  }
  if (mappings.currencies !== null && !mappings.currencies.includes(header.currency)) {
    return fail({
      code: 'currency-not-held',
      settlementId: id,
      message: `Settlement ${id} is in ${header.currency}, but the ledger only holds ${mappings.currencies.join(', ')}: enable ${header.currency} in the accounting system first.`,
    });
  }
  const refusal = payPalStatementRefusal(sources.paypal, header);
  if (refusal) return fail({ code: 'not-posted', settlementId: id, message: refusal });
  const ch = header.channel;
  const chartClearing = findRoleAccount(mappings, 'clearing', ch);
  const currencyClearing = ch === 'PAYPAL' ? payPalClearingAccountOf(sources.paypal, header.currency) : null;
  const clearing = chartClearing && currencyClearing ? namedLike(chartClearing, currencyClearing, mappings.system === 'MANUAL') : statementAccountOf(chartClearing, tax, mappings.system);
  const rounding = findRoleAccount(mappings, 'rounding', ch);
  const suspense = findRoleAccount(mappings, 'suspense', ch);
  const carriedForward = findRoleAccount(mappings, 'carried-forward', ch);
  if (!clearing || !rounding || !suspense || !carriedForward) {
    const missing = [!clearing && 'clearing', !rounding && 'rounding', !suspense && 'suspense', !carriedForward && 'carried-forward'].filter(Boolean).join(', ');
    return fail({ code: 'missing-account', settlementId: id, message: `The chart of accounts has no ${missing} account for ${ch}; settlement ${id} cannot be posted.` });
  }
  const amazonPay = amazonPayAccountOf(sources.amazonPay, ch, clearing);
  // Resolved once per type and country, by number (no key built per group: SKU grouping has fifty thousand groups).
  const byType: Map<string | null, ResolvedMapping | null>[] = [];
  const unmapped = new Map<string, { amount: bigint; lineCount: number }>();
  const newTypes = new Map<string, NewTypePosting>();
  for (let g = 0; g < agg.groupCount; g++) {
    const type = agg.typeOfGroup(g);
    const country = agg.cellAt(agg.cellOfGroup(g)).country;
    const byCountry = (byType[type] ??= new Map<string | null, ResolvedMapping | null>());
    let target = byCountry.get(country);
    if (target === undefined) {
      const typeKey = agg.typeKeyAt(type);
      target = amazonPay && isAmazonPayTypeKey(typeKey) ? { accountCode: amazonPay.code, taxRateCode: tax?.rates.noTax ?? '', account: amazonPay, via: 'amazon-pay' } : (resolveMapping(mappings, describe, ch, typeKey, country) ?? null);
      if (target && tax && target.via !== 'amazon-pay') target = { ...target, taxRateCode: taxRateCodeFor(tax, describe?.(ch, agg.typeKeyAt(type))?.category, target) };
      byCountry.set(country, target);
    }
    if (target) {
      targets[g] = target;
      if (target.isNewType) {
        const typeKey = agg.typeKeyAt(type);
        let n = newTypes.get(typeKey);
        if (!n) {
          const label = describe?.(ch, typeKey)?.label ?? typeKey;
          newTypes.set(typeKey, (n = { settlementId: id, channel: ch, typeKey, label, amount: 0n, currency: header.currency, lineCount: 0, account: target.account }));
        }
        n.amount += agg.amountOf(g);
        n.lineCount += agg.lineCountOf(g);
      }
    } else {
      const typeKey = agg.typeKeyAt(type);
      const u = unmapped.get(typeKey) ?? { amount: 0n, lineCount: 0 };
      u.amount += agg.amountOf(g);
      u.lineCount += agg.lineCountOf(g);
      unmapped.set(typeKey, u);
    }
  }
  const toSuspense = mappings.isUnmappedToSuspense;
  for (const [typeKey, u] of [...unmapped].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    problems.push({
      code: 'unmapped-type',
      settlementId: id,
      typeKey,
      amount: u.amount,
      lineCount: u.lineCount,
      // People read the type's name and the channel's, never the internal key (the problem keeps typeKey).
      message:
        `Transaction type "${describe?.(ch, typeKey)?.label ?? describeTransactionType(ch, typeKey).label}" of ${CHANNEL_NAMES[ch]?.name ?? ch} (${u.lineCount} line${u.lineCount === 1 ? '' : 's'}, ${formatMoney({ units: u.amount, currency: header.currency })} ${header.currency}) in settlement ${id} has no mapping` +
        (toSuspense ? '; it was posted to the suspense account.' : '; map it to an account to post this settlement.'),
    });
  }
  const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    accounts: { clearing, rounding, suspense, carriedForward },
    targets,
    problems,
    canPost: unmapped.size === 0 || toSuspense,
    newTypes: [...newTypes].sort(byKey).map(([, n]) => n),
  };
}

/** The chart's clearing account, or the statement account the account chose instead (same kind and role). */
function statementAccountOf(clearing: LedgerAccount | undefined, tax: TaxTreatment | undefined, system: MappingSet['system']): LedgerAccount | undefined {
  const chosen = tax?.statementAccount;
  if (!clearing || !chosen) return clearing;
  // A manual ledger names accounts by their path; the others keep the chart's path for the text exports.
  return { ...clearing, code: chosen.code, name: chosen.name, ...(system === 'MANUAL' ? { path: chosen.code } : {}) };
}
