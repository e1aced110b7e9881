/**
 * The ONE way parsed settlements enter the database, from an uploaded file or from a channel's API.
 *
 * - Atomic: call it inside a transaction (`trx`); it stores everything or, when the parse result has
 *   problems and the caller did not choose to load the readable settlements, nothing.
 * - Duplicates: core's duplicate key (channel, settlement id, currency). A settlement already stored
 *   and closed is recorded again only as a duplicate row (`duplicate_of` = the original, no lines)
 *   when it comes from a file; from a channel API (a scheduled fetch re-reading its overlap) it is
 *   recognised and reported as a duplicate, and nothing is stored again.
 * - Open settlements (lines no deposit covers yet) are completed by later data: an unposted stored
 *   settlement with the same key that is open, or is being redownloaded, gets the new header and lines.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { ImportedSettlement } from '@ledgerport/contract';
import { formatUnits } from '@ledgerport/core/money';
import { CHANNEL_NAMES } from '@ledgerport/core/mapping';
import { checkSettlementConsistency, duplicateKey, type ParseProblem, type Settlement } from '@ledgerport/core/settlements';
import { getAccountMappingContext, getCurrentMappings, mappingFlags } from '../mappings/mapping-repository';
import { applyInconsistentHoldPolicy } from '../posting-settings/inconsistent-holds';

export interface SettlementSource {
  kind: 'file' | 'api';
  /** The channel's report id (API), so redownload can fetch it again; the file name for uploads. */
  reportId?: string | null;
  importId?: string | null;
  /** Load the readable settlements even though the result has problems. */
  loadReadable?: boolean;
  /** Replace an unposted stored settlement with the same key (redownload). */
  isReplace?: boolean;
  at: Date;
}

export interface StoreOutcome {
  /** False when problems stopped the load (nothing was stored). */
  isStored: boolean;
  settlements: ImportedSettlement[];
}

const LINE_BATCH = 5000;

const GATEWAY_BY_FORMAT: Record<string, string> = {
  'shopify-payouts': 'Shopify Payments',
  'shopify-transactions': 'Shopify Payments',
  'paypal-activity': 'PayPal',
  'paypal-stl': 'PayPal',
  'braintree-settlement-batch': 'Braintree',
};

export async function storeSettlements(
  trx: Kysely<Database>,
  accountKey: string,
  result: { settlements: Settlement[]; problems: ParseProblem[] },
  source: SettlementSource,
): Promise<StoreOutcome> {
  if (result.problems.length > 0 && source.loadReadable !== true) return { isStored: false, settlements: [] };
  const context = await getAccountMappingContext(trx, accountKey);
  const mappings = await getCurrentMappings(trx, context);
  const out: ImportedSettlement[] = [];
  for (const s of result.settlements) {
    const key = duplicateKey(s);
    const existing = await trx
      .selectFrom('settlements')
      .select(['settlement_key', 'status', 'posting_status'])
      .where('account_key', '=', accountKey)
      .where('duplicate_key', '=', key)
      .where('duplicate_of', 'is', null)
      .executeTakeFirst();
    const consistency = checkSettlementConsistency(s);
    let linesTotal = 0n;
    for (const l of s.lines) linesTotal += l.amount;
    const flags = mappingFlags(mappings, s.channel, new Set(s.lines.map((l) => l.typeKey)));
    const header = {
      settlement_id: s.settlementId,
      sales_source: s.channel,
      format: s.format,
      marketplace: s.marketplace,
      channel: s.marketplace ?? CHANNEL_NAMES[s.channel].name,
      gateway: GATEWAY_BY_FORMAT[s.format] ?? null,
      currency: s.currency,
      start_at: s.startDate === null ? null : new Date(s.startDate),
      end_at: s.endDate === null ? null : new Date(s.endDate),
      deposit_at: s.depositDate === null ? null : new Date(s.depositDate),
      total: s.total === null ? null : formatUnits(s.total),
      status: s.status,
      seller_id: s.sellerId,
      lines_total: formatUnits(linesTotal),
      line_count: s.lines.length,
      inconsistent: !consistency.isConsistent,
      difference: formatUnits(consistency.difference),
      inconsistency_reason: consistency.reason,
      duplicate_key: key,
      source_kind: source.kind,
      source_file: s.sourceFile,
      report_id: source.reportId ?? (source.kind === 'file' ? s.sourceFile : null),
      import_id: source.importId ?? null,
      accounts_mapped: flags.accountsMapped,
      taxes_mapped: flags.taxesMapped,
      search_text: [s.settlementId, source.reportId, s.sourceFile, s.marketplace].filter(Boolean).join(' ').toLowerCase(),
      updated_at: source.at,
    };
    const flagsSet = { inconsistent: !consistency.isConsistent, open: s.status === 'open', unmappedTypes: !flags.accountsMapped, duplicate: false };
    const summary = { settlementId: s.settlementId, currency: s.currency, total: header.total, lineCount: s.lines.length };
    const canReplace = existing && existing.posting_status === 'NOT_POSTED' && (existing.status === 'open' || source.isReplace === true);
    if (existing && canReplace) {
      await trx.deleteFrom('settlement_lines').where('settlement_key', '=', existing.settlement_key).execute();
      await trx.updateTable('settlements').set({ ...header, flags_set: JSON.stringify(flagsSet) }).where('settlement_key', '=', existing.settlement_key).execute();
      await insertLines(trx, accountKey, existing.settlement_key, s);
      out.push({ ...summary, settlementKey: existing.settlement_key, outcome: 'completed', duplicateOf: null });
    } else if (existing && source.kind === 'api') {
      // A scheduled fetch re-reads an overlap of what it already has: recognised, and nothing stored
      // again (a duplicate row per fetch would flood the list). Uploads keep their duplicate row below.
      out.push({ ...summary, settlementKey: existing.settlement_key, outcome: 'duplicate', duplicateOf: existing.settlement_key });
    } else if (existing) {
      const settlementKey = newSettlementKey();
      await trx
        .insertInto('settlements')
        .values({ ...header, settlement_key: settlementKey, account_key: accountKey, duplicate_of: existing.settlement_key, flags_set: JSON.stringify({ ...flagsSet, duplicate: true }), created_at: source.at })
        .execute();
      out.push({ ...summary, settlementKey, outcome: 'duplicate', duplicateOf: existing.settlement_key });
    } else {
      const settlementKey = newSettlementKey();
      await trx
        .insertInto('settlements')
        .values({ ...header, settlement_key: settlementKey, account_key: accountKey, duplicate_of: null, flags_set: JSON.stringify(flagsSet), created_at: source.at })
        .execute();
      await insertLines(trx, accountKey, settlementKey, s);
      out.push({ ...summary, settlementKey, outcome: 'created', duplicateOf: null });
    }
  }
  await updateAccountMappingsCompleted(trx, accountKey);
  // An account that holds inconsistent settlements holds the new ones at once (the list shows it).
  await applyInconsistentHoldPolicy(trx, accountKey, source.at);
  return { isStored: true, settlements: out };
}

export function newSettlementKey(): string {
  return `stl_${crypto.randomBytes(12).toString('base64url')}`;
}

/** Lines in batches through unnest: one statement per 5,000 lines, the same SQL on PGlite and PostgreSQL. */
async function insertLines(trx: Kysely<Database>, accountKey: string, settlementKey: string, s: Settlement): Promise<void> {
  for (let from = 0; from < s.lines.length; from += LINE_BATCH) {
    const batch = s.lines.slice(from, from + LINE_BATCH);
    const col = <T>(pick: (l: (typeof batch)[number], i: number) => T) => batch.map(pick);
    await sql`
      insert into settlement_lines (settlement_key, line_no, account_key, posted_at, type_key, order_id, sku, quantity, marketplace,
        fulfilment_channel, amount, description, source_file, source_row)
      select ${settlementKey}, u.line_no, ${accountKey}, u.posted_at, u.type_key, u.order_id, u.sku, u.quantity, u.marketplace,
        u.fulfilment_channel, u.amount, u.description, u.source_file, u.source_row
      from unnest(
        ${col((_, i) => from + i + 1)}::int[], ${col((l) => (l.postedAt === null ? null : new Date(l.postedAt).toISOString()))}::timestamptz[],
        ${col((l) => l.typeKey)}::text[], ${col((l) => l.orderId)}::text[], ${col((l) => l.sku)}::text[], ${col((l) => l.quantity)}::int[],
        ${col((l) => l.marketplace)}::text[], ${col((l) => l.fulfilmentChannel)}::text[], ${col((l) => formatUnits(l.amount))}::numeric[],
        ${col((l) => l.description ?? null)}::text[], ${col((l) => (l.source.file === s.sourceFile ? null : l.source.file))}::text[],
        ${col((l) => l.source.row)}::int[]
      ) as u(line_no, posted_at, type_key, order_id, sku, quantity, marketplace, fulfilment_channel, amount, description, source_file, source_row)
    `.execute(trx);
  }
}

/** mappingsCompleted: the account has settlements or saved mappings, and no original settlement has an unmapped type. */
export async function updateAccountMappingsCompleted(db: Kysely<Database>, accountKey: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set({
      mappings_completed: sql<boolean>`(exists (select 1 from settlements where account_key = ${accountKey}) or exists (select 1 from mapping_sets where account_key = ${accountKey}))
        and not exists (select 1 from settlements where account_key = ${accountKey} and duplicate_of is null and accounts_mapped = false)`,
    })
    .where('account_key', '=', accountKey)
    .execute();
}
