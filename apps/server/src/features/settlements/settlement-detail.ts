/**
 * The settlement detail in few statements: the header with the caller's access, the account's
 * mapping context, its latest mapping set and posting settings (one statement), the lines and the stored documents,
 * all three side by side (lines and documents are keyed by the requested settlement, so they need
 * not wait for the header; a refused settlement's rows are dropped unsent). The documents are
 * built with today's mappings, and the totals by type summed from the lines already read.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { errorMessages, type SettlementDetail } from '@ledgerport/contract';
import type { Database } from '@ledgerport/db';
import { formatUnits, decimalToUnits } from '@ledgerport/core/money';
import { describeTransactionType, type Channel } from '@ledgerport/core/settlements';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import { accountAccessQuery } from '../accounts/account-access';
import { currentMappingsFrom, type AccountMappingContext } from '../mappings/mapping-repository';
import { buildDocumentsOf } from '../posting/build-settlement-documents';
import { accountPostingSettingsFrom, settlementPostingSettings } from '../posting-settings/posting-settings-repository';
import { settlementFromRows, type SettlementLineRow, type SettlementRow } from './load-settlement';
import { settlementBody } from './settlement-body';
import { mergeDocuments, storedDocumentsQuery } from './settlement-documents';

export async function settlementDetail(db: Kysely<Database>, caller: Caller, settlementKey: string): Promise<SettlementDetail> {
  const [header, lines, stored] = await Promise.all([
    db
      .selectFrom('settlements as s')
      .innerJoin('accounts as a', 'a.account_key', 's.account_key')
      .leftJoinLateral(
        (eb) => eb.selectFrom('mapping_sets as m').select(['m.mapping_set', 'm.system']).whereRef('m.account_key', '=', 's.account_key').orderBy('m.version', 'desc').limit(1).as('m'),
        (join) => join.onTrue(),
      )
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('posting_settings as p')
            .select(['p.version', 'p.group_by', 'p.is_split_by_month', 'p.is_tracked_by_marketplace', 'p.tracking_category_name', 'p.inconsistent_settlements', 'p.product_types', 'p.created_at'])
            .whereRef('p.account_key', '=', 's.account_key')
            .orderBy('p.version', 'desc')
            .limit(1)
            .as('p'),
        (join) => join.onTrue(),
      )
      .selectAll('s')
      .select(['a.sales_channel as a_sales_channel', 'a.accounting_system as a_accounting_system', 'a.time_zone_id as a_time_zone_id', 'a.should_split_by_country as a_split_by_country'])
      .select(['m.mapping_set as m_mapping_set', 'm.system as m_system'])
      .select([
        'p.version as p_version',
        'p.group_by as p_group_by',
        'p.is_split_by_month as p_is_split_by_month',
        'p.is_tracked_by_marketplace as p_is_tracked_by_marketplace',
        'p.tracking_category_name as p_tracking_category_name',
        'p.inconsistent_settlements as p_inconsistent_settlements',
        'p.product_types as p_product_types',
        'p.created_at as p_created_at',
      ])
      .select((eb) => eb.exists(accountAccessQuery(db, caller, sql.ref<string>('s.account_key'))).as('can_open'))
      .where('s.settlement_key', '=', settlementKey)
      .executeTakeFirst(),
    // A duplicate has no lines of its own: its lines are the original's.
    db
      .selectFrom('settlement_lines')
      .selectAll()
      .where('settlement_key', '=', sql<string>`coalesce((select d.duplicate_of from settlements d where d.settlement_key = ${settlementKey}), ${settlementKey})`)
      .orderBy('line_no')
      .execute(),
    storedDocumentsQuery(db, settlementKey).execute(),
  ]);
  if (!header?.can_open) throw new AppError('settlement.not-found', errorMessages.settlementNotFound, { settlementKey });
  const { a_sales_channel, a_accounting_system, a_time_zone_id, a_split_by_country, m_mapping_set, m_system, can_open: _, ...rest } = header;
  const { p_version, p_group_by, p_is_split_by_month, p_is_tracked_by_marketplace, p_tracking_category_name, p_inconsistent_settlements, p_product_types, p_created_at, ...row } = rest;
  const context: AccountMappingContext = {
    accountKey: row.account_key,
    salesChannel: a_sales_channel as Channel,
    accountingSystem: a_accounting_system,
    timeZoneId: a_time_zone_id,
    shouldSplitByCountry: a_split_by_country,
  };
  const mappings = await currentMappingsFrom(db, context, m_system === null ? undefined : { mapping_set: m_mapping_set, system: m_system });
  const latestSettings =
    p_version === null
      ? undefined
      : {
          version: p_version,
          group_by: p_group_by!,
          is_split_by_month: p_is_split_by_month!,
          is_tracked_by_marketplace: p_is_tracked_by_marketplace!,
          tracking_category_name: p_tracking_category_name!,
          inconsistent_settlements: p_inconsistent_settlements!,
          product_types: p_product_types!,
          created_at: p_created_at!,
          email: null,
        };
  const posting = settlementPostingSettings(accountPostingSettingsFrom({ time_zone_id: a_time_zone_id, should_split_by_country: a_split_by_country }, latestSettings), row);
  const { documents, problems } = mergeDocuments(stored, buildDocumentsOf(settlementFromRows(row, lines), context, mappings.set, posting.settings), posting.version);
  return {
    settlement: settlementBody(row),
    documents,
    problems: problems.map((p) => ({ code: p.code, message: p.message, ...(p.typeKey ? { typeKey: p.typeKey } : {}), ...(p.amount !== undefined ? { amount: formatUnits(p.amount) } : {}) })),
    byType: totalsByType(row, lines),
    canRedownload: row.source_kind === 'api' && row.report_id !== null,
  };
}

/** Amount and line count per transaction type, in type key order. */
function totalsByType(row: SettlementRow, lines: SettlementLineRow[]): SettlementDetail['byType'] {
  const byKey = new Map<string, { amount: bigint; n: number }>();
  for (const l of lines) {
    const t = byKey.get(l.type_key);
    if (t) {
      t.amount += decimalToUnits(l.amount);
      t.n++;
    } else byKey.set(l.type_key, { amount: decimalToUnits(l.amount), n: 1 });
  }
  return [...byKey.keys()].sort().map((typeKey) => {
    const t = byKey.get(typeKey)!;
    const info = describeTransactionType(row.sales_source as Channel, typeKey);
    return { typeKey, typeLabel: info.label, category: info.category, amount: formatUnits(t.amount), lineCount: t.n };
  });
}
