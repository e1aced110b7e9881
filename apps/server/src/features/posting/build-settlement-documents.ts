/**
 * The documents a stored settlement posts as, with the account's current mappings and settings
 * (core's buildPostings; the rules live there).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { MappingSet } from '@ledgerport/core/mapping';
import { buildPostings, type PostingResult } from '@ledgerport/core/posting';
import { describeKnownType, getAccountMappingContext, getCurrentMappings } from '../mappings/mapping-repository';
import { loadSettlement, type SettlementRow } from '../settlements/load-settlement';
import { postingSettingsOf } from '../posting-settings/posting-settings-repository';

export async function buildSettlementDocuments(db: Kysely<Database>, row: SettlementRow): Promise<PostingResult & { mappings: MappingSet; settingsVersion: number }> {
  const context = await getAccountMappingContext(db, row.account_key);
  const mappings = await getCurrentMappings(db, context);
  const settlement = await loadSettlement(db, row);
  const posting = await postingSettingsOf(db, row);
  const result = buildPostings(settlement, mappings, {
    ...posting.settings,
    timeZoneId: context.timeZoneId,
    describeType: describeKnownType,
    shouldSplitByCountry: context.shouldSplitByCountry,
  });
  return { ...result, mappings, settingsVersion: posting.version };
}
