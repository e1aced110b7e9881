/**
 * The settlement detail: one statement (detailQuery) reads the header with the caller's access, the
 * account's mapping context (with whether its built-in chart was changed and its Amazon Pay feature, so
 * neither costs a round trip when it does not apply), its latest mapping set and posting settings, the totals by type stored
 * with the settlement and the stored documents (a missing or refused settlement: no row). The
 * documents are built with today's mappings from the lines streamed page by page into core's
 * aggregator (buildStoredDocuments): never every line at once, in memory or in one statement. The
 * first page comes with the statement, so a settlement of up to 2,000 lines is one round trip (with a
 * connected system, one more for its chart; with PayPal or Amazon Pay settings, one for those).
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { errorMessages, type SettlementDetail } from '@ledgerport/contract';
import { prepared, type Database } from '@ledgerport/db';
import { formatUnits, decimalToUnits } from '@ledgerport/core/money';
import { describeTransactionType, type Channel } from '@ledgerport/core/settlements';
import { AppError } from '../../http/app-error';
import { assertUserExists } from '../../http/caller';
import { userMayOpen } from '../accounts/account-access';
import { currentMappingsFrom, describerOf, type AccountMappingContext } from '../mappings/mapping-repository';
import { buildStoredDocuments } from '../posting/build-settlement-documents';
import { accountPostingSettingsFrom, settlementPostingSettings, type PostingSettingsRow } from '../posting-settings/posting-settings-repository';
import { taxTreatmentFrom } from '../tax-settings/tax-settings-repository';
import { paymentSourcePostingOf } from '../payment-source-settings/payment-source-settings-repository';
import { FIRST_LINE_PAGE_OF_S, SETTLEMENT_COLUMNS_OF_S, type FirstLinePage, type SettlementRow } from '../stored-settlements/load-settlement';
import { settlementBody } from './settlement-body';
import { mergeDocuments, type StoredDocumentRow } from './settlement-documents';

/** The detail for the signed-in user `userId` (read in the statement): 401 for a removed user, 404 for a missing or refused settlement. */
export async function settlementDetail(db: Kysely<Database>, userId: string, settlementKey: string): Promise<SettlementDetail> {
  const header = (await detailQuery(userId, settlementKey).execute(db)).rows[0];
  if (!header) {
    await assertUserExists(db, userId);
    throw new AppError('settlement.not-found', errorMessages.settlementNotFound, { settlementKey });
  }
  const { type_totals: typeTotals, documents: documentTuples, first_lines: firstLines, ...withoutRows } = header;
  const stored = (documentTuples ?? []).map(storedDocumentOf);
  const { a_sales_channel, a_accounting_system, a_time_zone_id, a_split_by_country, a_amazon_pay, a_has_built_in_chart, a_new_fee_type_to_fees, m_mapping_set, m_system, ...rest } = withoutRows;
  const { p_version, p_group_by, p_is_split_by_month, p_is_tracked_by_marketplace, p_tracking_category_name, p_inconsistent_settlements, p_period_lock_treatment, p_product_types, p_created_at, ...withTax } = rest;
  const { t_country, t_is_registered, t_sales, t_fees, t_reverse_charge, t_no_tax, t_statement_code, t_statement_name, ...row } = withTax;
  const context: AccountMappingContext = {
    accountKey: row.account_key,
    salesChannel: a_sales_channel as Channel,
    accountingSystem: a_accounting_system,
    timeZoneId: a_time_zone_id,
    shouldSplitByCountry: a_split_by_country,
    isNewFeeTypeToFees: a_new_fee_type_to_fees,
    describeType: describerOf(a_new_fee_type_to_fees),
  };
  const mappings = await currentMappingsFrom(db, context, m_system === null ? undefined : { mapping_set: m_mapping_set, system: m_system }, { hasBuiltInChart: a_has_built_in_chart });
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
          period_lock_treatment: p_period_lock_treatment!,
          product_types: p_product_types!,
          created_at: p_created_at!,
          email: null,
        };
  const posting = settlementPostingSettings(accountPostingSettingsFrom({ time_zone_id: a_time_zone_id, should_split_by_country: a_split_by_country }, latestSettings), row);
  const tax =
    t_is_registered === null
      ? undefined
      : taxTreatmentFrom({
          country: t_country,
          is_registered: t_is_registered,
          sales_tax_rate_code: t_sales,
          fees_tax_rate_code: t_fees,
          reverse_charge_tax_rate_code: t_reverse_charge,
          no_tax_rate_code: t_no_tax,
          statement_account_code: t_statement_code,
          statement_account_name: t_statement_name,
        });
  // Settings > PayPal and Amazon Pay: read apart, only for the two channels they concern.
  const sources = await paymentSourcePostingOf(db, row.account_key, a_sales_channel, a_amazon_pay === true);
  const settings = { ...posting.settings, ...(tax ? { tax } : {}), ...sources };
  const { documents, problems } = mergeDocuments(stored, await buildStoredDocuments(db, row, context, mappings.set, settings, firstLines), posting.version);
  return {
    settlement: settlementBody(row),
    documents,
    problems: problems.map((p) => ({ code: p.code, message: p.message, ...(p.typeKey ? { typeKey: p.typeKey } : {}), ...(p.amount !== undefined ? { amount: formatUnits(p.amount) } : {}) })),
    byType: totalsByType(row, typeTotals ?? []),
    canRedownload: row.source_kind === 'api' && row.report_id !== null,
  };
}

/** Amount and line count per transaction type (stored totals of all marketplaces), in type key order. */
function totalsByType(row: SettlementRow, totals: TypeTotalTuple[]): SettlementDetail['byType'] {
  return [...totals]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([typeKey, amount, lineCount]) => {
      const info = describeTransactionType(row.sales_source as Channel, typeKey);
      return { typeKey, typeLabel: info.label, category: info.category, amount: formatUnits(decimalToUnits(amount)), lineCount };
    });
}

/** A type's stored total (summed over marketplaces), one JSON array per type. */
type TypeTotalTuple = [typeKey: string, amount: string, lineCount: number];
/** A stored document as mergeDocuments uses it, one JSON array per document. */
type DocumentTuple = [documentId: string, status: StoredDocumentRow['status'], partIndex: number, remoteId: string | null, remoteNumber: string | null, remoteType: string | null, remoteUrl: string | null, postedAtMs: number | null, error: string | null, settingsVersion: number | null, document: Record<string, unknown>];

type DetailRow = SettlementRow & {
  a_sales_channel: string;
  a_accounting_system: AccountMappingContext['accountingSystem'];
  a_time_zone_id: string;
  a_split_by_country: boolean;
  /** The account's enableAmazonPay feature (null without an account_features row). */
  a_amazon_pay: boolean | null;
  /** Whether the built-in ledger's chart was changed (ledger_accounts rows): else the default chart, unread. */
  a_has_built_in_chart: boolean;
  a_new_fee_type_to_fees: boolean;
  m_mapping_set: unknown;
  m_system: string | null;
  p_version: number | null;
  p_group_by: PostingSettingsRow['group_by'] | null;
  p_is_split_by_month: boolean | null;
  p_is_tracked_by_marketplace: boolean | null;
  p_tracking_category_name: string | null;
  p_inconsistent_settlements: PostingSettingsRow['inconsistent_settlements'] | null;
  p_period_lock_treatment: PostingSettingsRow['period_lock_treatment'] | null;
  p_product_types: PostingSettingsRow['product_types'] | null;
  p_created_at: Date | null;
  /** The account's tax settings (all null without a tax_settings row). */
  t_country: string | null;
  t_is_registered: boolean | null;
  t_sales: string | null;
  t_fees: string | null;
  t_reverse_charge: string | null;
  t_no_tax: string | null;
  t_statement_code: string | null;
  t_statement_name: string | null;
  /** null when the settlement has no lines. */
  type_totals: TypeTotalTuple[] | null;
  documents: DocumentTuple[] | null;
  /** The first page of the lines (null without lines): the documents are built from them and what follows. */
  first_lines: FirstLinePage;
};

/** Epoch milliseconds of a timestamptz, as pg's Date would give them (exact: extract is numeric). */
const epochMs = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)`);

/**
 * One statement, prepared once per connection: the settlement with its account, the account's
 * latest mapping set, posting settings and tax settings, its totals by type (a duplicate's are the original's) and
 * stored documents aggregated as JSON arrays, and the first page of its lines; no row when it is missing or the user may not open its account
 * (or no longer exists).
 */
function detailQuery(userId: string, settlementKey: string) {
  return sql<DetailRow>`${prepared()}select ${SETTLEMENT_COLUMNS_OF_S}, a.sales_channel as a_sales_channel, a.accounting_system as a_accounting_system, a.time_zone_id as a_time_zone_id, a.should_split_by_country as a_split_by_country, a.is_new_fee_type_to_fees as a_new_fee_type_to_fees,
  f.enable_amazon_pay as a_amazon_pay, exists (select 1 from ledger_accounts l where l.account_key = s.account_key) as a_has_built_in_chart,
  m.mapping_set as m_mapping_set, m.system as m_system,
  p.version as p_version, p.group_by as p_group_by, p.is_split_by_month as p_is_split_by_month, p.is_tracked_by_marketplace as p_is_tracked_by_marketplace,
  p.tracking_category_name as p_tracking_category_name, p.inconsistent_settlements as p_inconsistent_settlements, p.period_lock_treatment as p_period_lock_treatment, p.product_types as p_product_types, p.created_at as p_created_at,
  t.country as t_country, t.is_registered as t_is_registered, t.sales_tax_rate_code as t_sales, t.fees_tax_rate_code as t_fees, t.reverse_charge_tax_rate_code as t_reverse_charge,
  t.no_tax_rate_code as t_no_tax, t.statement_account_code as t_statement_code, t.statement_account_name as t_statement_name,
  (select json_agg(json_build_array(t.type_key, t.amount::text, t.line_count)) from (select t.type_key, sum(t.amount) as amount, sum(t.line_count)::int as line_count
    from settlement_type_totals t where t.account_key = s.account_key and t.settlement_key = coalesce(s.duplicate_of, s.settlement_key) group by t.type_key) t) as type_totals,
  (select json_agg(json_build_array(d.document_id, d.status, d.part_index, d.remote_id, d.remote_number, d.remote_type, d.remote_url, ${epochMs('d.posted_at')}, d.error, d.settings_version, d.document) order by d.part_index, d.created_at)
    from settlement_documents d where d.account_key = s.account_key and d.settlement_key = s.settlement_key) as documents,
  ${FIRST_LINE_PAGE_OF_S} as first_lines
from settlements s
join accounts a on a.account_key = s.account_key
left join account_features f on f.account_key = s.account_key
left join tax_settings t on t.account_key = s.account_key
left join lateral (select m.mapping_set, m.system from mapping_sets m where m.account_key = s.account_key order by m.version desc limit 1) m on true
left join lateral (select p.version, p.group_by, p.is_split_by_month, p.is_tracked_by_marketplace, p.tracking_category_name, p.inconsistent_settlements, p.period_lock_treatment, p.product_types, p.created_at
  from posting_settings p where p.account_key = s.account_key order by p.version desc limit 1) p on true
where s.settlement_key = ${settlementKey} and ${userMayOpen(userId, 'a')}`;
}

const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));

function storedDocumentOf(t: DocumentTuple): StoredDocumentRow {
  return { document_id: t[0], status: t[1], part_index: t[2], remote_id: t[3], remote_number: t[4], remote_type: t[5], remote_url: t[6], posted_at: dateOf(t[7]), error: t[8], settings_version: t[9], document: t[10] };
}
