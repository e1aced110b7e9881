/**
 * The documents a stored settlement posts as, with the account's current mappings and settings
 * (core's buildPostings; the rules live there).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { MappingSet } from '@ledgerport/core/mapping';
import { buildPostings, type PostingResult, type PostingSettings } from '@ledgerport/core/posting';
import type { Settlement } from '@ledgerport/core/settlements';
import { describeKnownType, getAccountMappingContext, getCurrentMappings, type AccountMappingContext } from '../mappings/mapping-repository';
import { loadSettlement, type SettlementRow } from '../settlements/load-settlement';
import { postingSettingsOf } from '../posting-settings/posting-settings-repository';

export async function buildSettlementDocuments(db: Kysely<Database>, row: SettlementRow): Promise<PostingResult & { mappings: MappingSet; settingsVersion: number }> {
  const context = await getAccountMappingContext(db, row.account_key);
  const mappings = await getCurrentMappings(db, context);
  const settlement = await loadSettlement(db, row);
  const posting = await postingSettingsOf(db, row);
  return { ...buildDocumentsOf(settlement, context, mappings, posting.settings), mappings, settingsVersion: posting.version };
}

/** The same from a settlement, context, mappings and posting settings (postingSettingsOf) already read. */
export function buildDocumentsOf(settlement: Settlement, context: AccountMappingContext, mappings: MappingSet, posting: PostingSettings): PostingResult {
  return buildPostings(settlement, mappings, {
    ...posting,
    timeZoneId: context.timeZoneId,
    describeType: describeKnownType,
    shouldSplitByCountry: context.shouldSplitByCountry,
  });
}
