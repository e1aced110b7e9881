/**
 * Versioned mapping sets per account. A set is core's MappingSet stored as JSON, one row per version,
 * never updated: a posted document records the version it used. An account that never saved one
 * uses core's default mappings for its accounting system and sales channel (version 1, not stored).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { defaultMappings, describeKnownType, describeKnownTypeOrNewFee, type AccountingSystem, type MappingSet, type TypeDescriber } from '@ledgerport/core/mapping';
import type { Channel } from '@ledgerport/core/settlements';
import { resolveMapping } from '@ledgerport/core/mapping';
import { AppError } from '../../http/app-error';
import { connectedChart, findConnectedReferenceData, rebaseOnChart, type ChartSource } from './connected-chart';
import { findBuiltInChart } from './built-in-chart-repository';
import { errorMessages } from '@ledgerport/contract';

/** Only types the channel's catalogue knows get a category default; an unknown type stays unmapped (core, decision 0060). */
export { describeKnownType };

/** The describer of an account: with "fees of new types post to the fees account until mapped" on, new fees are mapped (flagged). */
export const describerOf = (isNewFeeTypeToFees: boolean): TypeDescriber => (isNewFeeTypeToFees ? describeKnownTypeOrNewFee : describeKnownType);

/** The system whose chart the mappings use: NONE (not chosen yet) shows the built-in ledger's chart. */
export function mappingSystemOf(accountingSystem: string): AccountingSystem {
  return accountingSystem === 'NONE' ? 'MANUAL' : (accountingSystem as AccountingSystem);
}

export interface AccountMappingContext {
  accountKey: string;
  salesChannel: Channel;
  accountingSystem: string;
  timeZoneId: string;
  shouldSplitByCountry: boolean;
  /** The account setting: fees of new transaction types post to the fees account until mapped (off by default). */
  isNewFeeTypeToFees: boolean;
  /**
   * How the account's types find their category default: catalogue types only, or with the setting on
   * also a new type whose shape is a fee (flagged as new). Every mapping check and posting uses it.
   */
  describeType: TypeDescriber;
}

export async function getAccountMappingContext(db: Kysely<Database>, accountKey: string): Promise<AccountMappingContext> {
  const row = await db
    .selectFrom('accounts')
    .select(['account_key', 'sales_channel', 'accounting_system', 'time_zone_id', 'should_split_by_country', 'is_new_fee_type_to_fees'])
    .where('account_key', '=', accountKey)
    .executeTakeFirst();
  if (!row) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
  return {
    accountKey,
    salesChannel: row.sales_channel as Channel,
    accountingSystem: row.accounting_system,
    timeZoneId: row.time_zone_id,
    shouldSplitByCountry: row.should_split_by_country,
    isNewFeeTypeToFees: row.is_new_fee_type_to_fees,
    describeType: describerOf(row.is_new_fee_type_to_fees),
  };
}

export function defaultMappingsFor(context: AccountMappingContext): MappingSet {
  return defaultMappings(mappingSystemOf(context.accountingSystem), { ownerKey: context.accountKey, channels: [context.salesChannel] });
}

/** The account's current mapping set (its latest version, or the defaults) on the chart it posts with. */
export async function getCurrentMappings(db: Kysely<Database>, context: AccountMappingContext): Promise<MappingSet> {
  return (await getCurrentMappingsWithSource(db, context)).set;
}

/**
 * The current set and where its chart comes from: the connected system's fetched chart when there is
 * one (connected-chart.ts), else the default chart of the system.
 */
export interface CurrentMappings {
  set: MappingSet;
  chartSource: ChartSource;
  /** With a connected chart: the codes the system has (a role account outside it is missing there). */
  systemCodes: Set<string> | null;
}

export async function getCurrentMappingsWithSource(db: Kysely<Database>, context: AccountMappingContext): Promise<CurrentMappings> {
  const row = await db
    .selectFrom('mapping_sets')
    .select(['mapping_set', 'system'])
    .where('account_key', '=', context.accountKey)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return currentMappingsFrom(db, context, row);
}

/** The latest stored mapping set row of an account (mapping_set, system), if any. */
export type LatestMappingRow = { mapping_set: unknown; system: string } | undefined;

/** getCurrentMappingsWithSource from a latest mapping row the caller already read (e.g. joined into a bigger statement), with what else that statement knew. */
export async function currentMappingsFrom(db: Kysely<Database>, context: AccountMappingContext, row: LatestMappingRow, known: { hasBuiltInChart?: boolean } = {}): Promise<CurrentMappings> {
  const system = mappingSystemOf(context.accountingSystem);
  // The built-in ledger's own chart once its owner changed it (Settings > Built-in ledger, decision 0058);
  // not read when the caller's statement already found the account has none (the settlement detail).
  const builtIn = system === 'MANUAL' && known.hasBuiltInChart !== false ? await findBuiltInChart(db, context.accountKey) : undefined;
  const defaults = builtIn ? { ...defaultMappingsFor(context), chart: builtIn } : defaultMappingsFor(context);
  // A set saved for another accounting system (the account switched systems) no longer applies.
  const stored = !row || row.system !== system ? defaults : (row.mapping_set as MappingSet);
  const reference = await findConnectedReferenceData(db, context.accountKey, system);
  if (reference) {
    const systemCodes = new Set([...reference.accounts, ...reference.bankAccounts].map((a) => a.code));
    return { set: rebaseOnChart(stored, connectedChart(system, reference, defaults.chart, stored.chart), defaults), chartSource: 'connected', systemCodes };
  }
  // A set saved on a connected chart goes back to the default chart once the system is disconnected.
  return { set: stored === defaults ? defaults : rebaseOnChart(stored, defaults.chart, defaults), chartSource: 'default', systemCodes: null };
}

export async function findMappingVersion(db: Kysely<Database>, accountKey: string, version: number): Promise<MappingSet | undefined> {
  const row = await db.selectFrom('mapping_sets').select('mapping_set').where('account_key', '=', accountKey).where('version', '=', version).executeTakeFirst();
  return row ? (row.mapping_set as unknown as MappingSet) : undefined;
}

/** Stores a new version (its number must follow the latest stored one). */
export async function insertMappingSet(db: Kysely<Database>, set: MappingSet, userId: string | null, at: Date): Promise<void> {
  const latest = await db
    .selectFrom('mapping_sets')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('account_key', '=', set.ownerKey)
    .executeTakeFirst();
  const version = Math.max(set.version, Number(latest?.version ?? 0) + 1);
  await db
    .insertInto('mapping_sets')
    .values({ account_key: set.ownerKey, version, system: set.system, mapping_set: JSON.stringify({ ...set, version }), created_by: userId, created_at: at })
    .execute();
  set.version = version;
}

export interface MappingFlags {
  accountsMapped: boolean;
  taxesMapped: boolean;
  unmappedTypeKeys: string[];
}

/** Whether every type of a settlement has an account, and every account a tax rate of the chart (`describe`: the account's, AccountMappingContext.describeType). */
export function mappingFlags(set: MappingSet, channel: Channel, typeKeys: Iterable<string>, describe: TypeDescriber = describeKnownType): MappingFlags {
  const unmapped: string[] = [];
  let taxesMapped = true;
  const taxCodes = new Set(set.chart.taxRates.map((t) => t.code));
  for (const key of typeKeys) {
    const target = resolveMapping(set, describe, channel, key, null);
    if (!target) unmapped.push(key);
    else if (!taxCodes.has(target.taxRateCode)) taxesMapped = false;
  }
  return { accountsMapped: unmapped.length === 0, taxesMapped: taxesMapped && unmapped.length === 0, unmappedTypeKeys: unmapped };
}
