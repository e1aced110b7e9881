/**
 * The documents a stored settlement posts as, with the account's current mappings and settings
 * (core's buildPostings; the rules live there).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { MappingSet } from '@ledgerport/core/mapping';
import { aggregationOptionsFor, buildPostings, buildPostingsFromAggregate, SettlementAggregator, type AggregationOptions, type PostingResult, type PostingSettings } from '@ledgerport/core/posting';
import type { Settlement } from '@ledgerport/core/settlements';
import { getAccountMappingContext, getCurrentMappings, type AccountMappingContext } from '../mappings/mapping-repository';
import { forEachStoredLine, settlementFromRows, type FirstLinePage, type SettlementRow } from '../stored-settlements/load-settlement';
import { postingSettingsOf } from '../posting-settings/posting-settings-repository';

export async function buildSettlementDocuments(db: Kysely<Database>, row: SettlementRow): Promise<PostingResult & { mappings: MappingSet; settingsVersion: number }> {
  const context = await getAccountMappingContext(db, row.account_key);
  const mappings = await getCurrentMappings(db, context);
  const posting = await postingSettingsOf(db, row);
  return { ...(await buildStoredDocuments(db, row, context, mappings, posting.settings)), mappings, settingsVersion: posting.version };
}

/**
 * The documents of a stored settlement, its lines streamed page by page into core's aggregator
 * (forEachStoredLine): memory holds the sums by group, never the lines.
 */
export async function buildStoredDocuments(db: Kysely<Database>, row: SettlementRow, context: AccountMappingContext, mappings: MappingSet, posting: PostingSettings, firstPage?: FirstLinePage): Promise<PostingResult> {
  const header = settlementFromRows(row, []);
  const settings = postingSettingsFor(context, posting);
  let options: AggregationOptions;
  try {
    options = aggregationOptionsFor(mappings, settings);
  } catch {
    // An unknown time zone: buildPostings answers the problem without reading a line.
    return buildPostings(header, mappings, settings);
  }
  const aggregator = new SettlementAggregator(header, options);
  await forEachStoredLine(db, row, (line) => aggregator.add(line), firstPage);
  return buildPostingsFromAggregate(aggregator, mappings, settings);
}

function postingSettingsFor(context: AccountMappingContext, posting: PostingSettings): PostingSettings {
  return { ...posting, timeZoneId: context.timeZoneId, describeType: context.describeType, shouldSplitByCountry: context.shouldSplitByCountry };
}

/** The same from a settlement, context, mappings and posting settings (postingSettingsOf) already read. */
export function buildDocumentsOf(settlement: Settlement, context: AccountMappingContext, mappings: MappingSet, posting: PostingSettings): PostingResult {
  return buildPostings(settlement, mappings, postingSettingsFor(context, posting));
}
