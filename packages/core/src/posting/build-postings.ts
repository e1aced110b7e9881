/**
 * buildPostings: a settlement + mappings + settings -> balanced documents, or problems.
 *
 * One document per settlement, or one per local month when its lines span months. Every part but
 * the last carries its own net forward on a carried-forward line (so it reaches the clearing
 * account with 0); the last part brings the earlier parts' balances back and books the whole
 * deposit to the clearing account. The parts' nets therefore sum to the deposit, and the clearing
 * account receives exactly the deposit, once. Amounts are rounded to the currency's minor unit per
 * line, and the difference is an explicit rounding line; a settlement whose lines do not sum to its
 * deposit gets a visible 'unreconciled difference' line on the suspense account (or is held).
 */
import { formatMoney, roundToMinor } from '../money/money';
import type { LedgerAccount, MappingSet } from '../mapping/model';
import { mappingVersionLabel } from '../mapping/model';
import type { Settlement, SettlementHeader } from '../settlements/model';
import { CHANNEL_NAMES } from '../mapping/default-charts';
import { assertBalanced } from './assert-balanced';
import { DEFAULT_POSTING_SETTINGS } from './posting-settings-defaults';
import { createLocalCalendar, type LocalCalendar } from './local-calendar';
import type { DocumentLine, LineRole, LineSources, PostingDocument, PostingProblem, PostingResult, PostingSettings } from './model';
import { setColumnLines } from './document-lines';
import { GroupLines, trackingOf, type GroupLineContext } from './group-lines';
import { cachedDescriber, documentDate, documentDescription, documentKind, documentNumber } from './document-naming';
import { resolveGroups, type RoleAccounts } from './resolve-groups';
import { orderGroups } from './order-groups';
import { SettlementAggregator, type AggregationOptions } from './settlement-aggregator';
import { applyBuiltInLedgerTax } from './built-in-ledger-tax';

/** The aggregation a settlement needs for these mappings and settings (throws RangeError for an unknown time zone). */
export function aggregationOptionsFor(mappings: MappingSet, settings: PostingSettings): AggregationOptions {
  const groupBy = settings.groupBy ?? DEFAULT_POSTING_SETTINGS.groupBy;
  return {
    calendar: settings.isSplitByMonth === false ? null : createLocalCalendar(settings.timeZoneId ?? 'UTC'),
    groupBy,
    isByCountry: groupBy === 'country' || settings.shouldSplitByCountry === true || mappings.entries.some((e) => e.taxVariant !== undefined),
    isByMarketplace: settings.isTrackedByMarketplace === true,
    productTypes: settings.productTypes ?? [],
  };
}

export function buildPostings(settlement: Settlement, mappings: MappingSet, settings: PostingSettings = {}): PostingResult {
  let options: AggregationOptions;
  try {
    options = aggregationOptionsFor(mappings, settings);
  } catch {
    return invalidTimeZone(settlement.settlementId, settings.timeZoneId);
  }
  const aggregator = new SettlementAggregator(settlement, options);
  for (const line of settlement.lines) aggregator.add(line);
  return buildPostingsFromAggregate(aggregator, mappings, settings);
}

function invalidTimeZone(settlementId: string, zone: string | undefined): PostingResult {
  const message = `The account's time zone ${JSON.stringify(zone)} is not a known IANA time zone (such as "Europe/Berlin").`;
  return { documents: [], problems: [{ code: 'invalid-time-zone', settlementId, message }] };
}


/** Builds the documents from lines already summed (streamed) into an aggregator. */
export function buildPostingsFromAggregate(agg: SettlementAggregator, mappings: MappingSet, settings: PostingSettings = {}): PostingResult {
  agg.seal();
  const h = agg.header;
  const id = h.settlementId;
  const describeType = cachedDescriber(settings.describeType);
  const resolved = resolveGroups(h, agg, mappings, describeType, settings.tax, { paypal: settings.paypal, amazonPay: settings.amazonPay });
  const problems: PostingProblem[] = [...resolved.problems];
  if (!resolved.canPost || !resolved.accounts) return { documents: [], problems };
  const newTypes = resolved.newTypes;
  const accounts = resolved.accounts;

  let sum = 0n;
  for (let g = 0; g < agg.groupCount; g++) sum += agg.amountOf(g);
  const net = roundToMinor(sum, h.currency);
  const deposit = h.total === null ? net : roundToMinor(h.total, h.currency);
  const difference = deposit - net;
  if (difference !== 0n) {
    const money = (u: bigint) => `${formatMoney({ units: u, currency: h.currency })} ${h.currency}`;
    const held = settings.inconsistentSettlements === 'hold';
    problems.push({
      code: held ? 'held' : 'inconsistent',
      settlementId: id,
      amount: difference,
      message:
        `Settlement ${id} is inconsistent: its lines sum to ${money(net)} but the deposit is ${money(deposit)} (difference ${money(difference)}). ` +
        (held ? 'It is on hold and was not posted.' : 'The difference is on an "unreconciled difference" line in the suspense account.'),
    });
    if (held) return { documents: [], problems };
  }

  let calendar: LocalCalendar;
  try {
    calendar = agg.options.calendar ?? createLocalCalendar(settings.timeZoneId ?? 'UTC');
  } catch {
    return invalidTimeZone(id, settings.timeZoneId);
  }
  const endMs = h.endDate ?? h.depositDate ?? agg.latestPostedAt ?? h.startDate;
  if (endMs === null) {
    problems.push({ code: 'no-date', settlementId: id, message: `Settlement ${id} has no date at all (no end, deposit or line dates), so it cannot be dated.` });
    return { documents: [], problems };
  }
  const endDate = calendar.dateOf(endMs);

  // Parts by month; undated lines join the last part, which holds the deposit.
  const { months, parts } = orderGroups(agg, endDate.slice(0, 7));
  const count = months.length;
  const context: PartContext = { agg, mappings, settings, describeType, accounts, targets: resolved.targets, endDate, net, deposit, difference, count };
  const documents: PostingDocument[] = [];
  let carried = 0n;
  let taxProblem: PostingProblem | null = null;
  months.forEach((month, i) => {
    const doc = buildPart(context, month, i + 1, parts[i]!, carried);
    carried += doc.partNet;
    // The built-in ledger books VAT/GST itself (built-in-ledger-tax.ts); the split keeps the balance.
    taxProblem ??= applyBuiltInLedgerTax(doc, mappings.chart);
    assertBalanced(doc);
    documents.push(doc);
  });
  if (taxProblem) return { documents: [], problems: [...problems, taxProblem], newTypes };
  return { documents, problems, newTypes };
}

interface PartContext extends GroupLineContext {
  endDate: string;
  /** Rounded sum of all lines, the stated deposit, and their difference (unreconciled when not 0). */
  net: bigint;
  deposit: bigint;
  difference: bigint;
  count: number;
}

/** One month part of groups numbered `groups`, in order; `carried` is the sum of the earlier parts' nets. */
function buildPart(c: PartContext, month: string, index: number, groups: Int32Array, carried: bigint): PostingDocument {
  const h = c.agg.header;
  const id = h.settlementId;
  const isLast = index === c.count;
  const builder = new LineBuilder(h, c.settings);
  // The grouped lines stay a column (see document-lines.ts) of their rounded sums.
  const rounded = new Array<bigint>(groups.length);
  let partSum = 0n;
  let partLines = 0;
  let groupTotal = 0n;
  const agg = c.agg;
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i]!;
    const amount = agg.amountOf(g);
    groupTotal += rounded[i] = roundToMinor(amount, h.currency);
    if (!c.targets[g]) builder.hasUnmapped = true;
    else if (c.targets[g].isNewType) builder.hasNewType = true;
    partSum += amount;
    partLines += agg.lineCountOf(g);
  }
  builder.sellerTotal += groupTotal;
  const grouped = new GroupLines(c, groups, rounded);
  const partSources = roleSources(id, c.count > 1 ? month : undefined, partLines);
  const cf = (text: string, amount: bigint) => builder.add('carried-forward', c.accounts.carriedForward, '', text, amount, partSources);
  let partNet: bigint;
  if (!isLast) {
    partNet = roundToMinor(partSum, h.currency);
    builder.add('rounding', c.accounts.rounding, '', 'Rounding difference', partNet - builder.sellerTotal, partSources);
    cf('Split month settlement: balance of this part carried forward', -partNet);
  } else {
    // The last part absorbs the rounding of the earlier parts' nets, so the parts sum to the deposit exactly.
    partNet = c.deposit - carried;
    builder.add('rounding', c.accounts.rounding, '', 'Rounding difference', c.net - carried - builder.sellerTotal, partSources);
    if (c.count > 1) cf('Split month settlement: balance of previous part(s) brought forward', carried);
    builder.add('unreconciled-difference', c.accounts.suspense, '', 'Unreconciled difference: the settlement lines do not sum to the deposit', c.difference, partSources);
  }
  const total = builder.sellerTotal;
  const clearing = builder.clearingLine(c.accounts, total, roleSources(id, undefined, c.agg.lineCount));
  const flags: PostingDocument['flags'] = [];
  if (isLast && c.difference !== 0n) flags.push('inconsistent');
  if (builder.hasUnmapped) flags.push('unmapped-to-suspense');
  if (builder.hasNewType) flags.push('new-type');
  if (h.status === 'open') flags.push('open');
  const part = { index, count: c.count, month };
  const doc: PostingDocument = {
    kind: documentKind(c.mappings.system, total),
    system: c.mappings.system,
    number: documentNumber(h.channel, id, index, c.count),
    date: documentDate(month, isLast, c.endDate),
    description: documentDescription(h.channel, id, part),
    channel: h.channel,
    settlementId: id,
    sourceFile: h.sourceFile,
    marketplace: h.marketplace,
    currency: h.currency,
    part,
    total,
    partNet,
    mappingVersion: mappingVersionLabel(c.mappings),
    flags,
    lines: [],
  };
  setColumnLines(doc, clearing ? [clearing] : [], grouped, builder.lines);
  assertBalanced(doc);
  return doc;
}

function roleSources(settlementId: string, month: string | undefined, lineCount: number): LineSources {
  return { settlementId, selector: month ? { month } : {}, lineCount, rows: [], isComplete: false };
}

/** Collects a document's role lines from seller-signed amounts (money to the seller is a credit). */
class LineBuilder {
  readonly lines: DocumentLine[] = [];
  sellerTotal = 0n;
  hasUnmapped = false;
  hasNewType = false;

  constructor(
    private readonly header: SettlementHeader,
    private readonly settings: PostingSettings,
  ) {}

  /** A role line, added only when it carries an amount. */
  add(role: LineRole, account: LedgerAccount, taxRateCode: string, description: string, sellerAmount: bigint, sources: LineSources): void {
    if (sellerAmount === 0n) return;
    this.sellerTotal += sellerAmount;
    this.lines.push({
      role,
      account,
      taxRateCode,
      description,
      side: sellerAmount >= 0n ? 'credit' : 'debit',
      amount: sellerAmount >= 0n ? sellerAmount : -sellerAmount,
      tracking: trackingOf(this.settings, this.header, undefined),
      sources,
    });
  }

  /** The line that books the document's total to the clearing account (none when it is 0). */
  clearingLine(accounts: RoleAccounts, total: bigint, sources: LineSources): DocumentLine | null {
    if (total === 0n) return null;
    return {
      role: 'clearing',
      account: accounts.clearing,
      taxRateCode: '',
      description: `Net payout of ${CHANNEL_NAMES[this.header.channel].name} settlement ${this.header.settlementId}`,
      side: total >= 0n ? 'debit' : 'credit',
      amount: total >= 0n ? total : -total,
      tracking: trackingOf(this.settings, this.header, undefined),
      sources,
    };
  }
}
