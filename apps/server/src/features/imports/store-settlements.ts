/**
 * The ONE way parsed settlements enter the database, from an uploaded file or from a channel's API.
 *
 * - Atomic: a settlement becomes visible only when its header row is inserted (settleStoredSettlements,
 *   in the caller's transaction). Its lines may be written before, in many statements, under the key
 *   the row will have (a large file's, from the parse worker: see import-settlement-file-job.ts);
 *   lines without a row are never read. When the parse result has problems and the caller did not
 *   choose to load the readable settlements, nothing is stored.
 * - Totals: each settlement's sums by type and marketplace go to settlement_type_totals, so no
 *   read needs every line for them (decision 0017).
 * - Duplicates: core's duplicate key (channel, settlement id, currency). A settlement already stored
 *   and closed is recorded again only as a duplicate row (`duplicate_of` = the original, no lines)
 *   when it comes from a file; from a channel API (a scheduled fetch re-reading its overlap) it is
 *   recognised and reported as a duplicate, and nothing is stored again.
 * - Open settlements (lines no deposit covers yet) are completed by later data: an unposted stored
 *   settlement with the same key that is open, or is being redownloaded, gets the new header and lines.
 */
import type { Kysely } from 'kysely';
import { copyInto, type Database } from '@ledgerport/db';
import type { ImportedSettlement } from '@ledgerport/contract';
import { formatUnits } from '@ledgerport/core/money';
import { CHANNEL_NAMES } from '@ledgerport/core/mapping';
import { DEFERRED_REVENUE_FORMAT, DEFERRED_REVENUE_GATEWAY, SINGLE_ORDER_FORMAT } from '@ledgerport/core/order-modes';
import { duplicateKey, SettlementLineTotals, type ParseProblem, type Settlement, type SettlementHeader } from '@ledgerport/core/settlements';
import { getAccountMappingContext, getCurrentMappings, mappingFlags } from '../mappings/mapping-repository';
import { prepareShopifyOrderModes } from '../shopify-order-modes/apply-shopify-order-modes';
import { applyInconsistentHoldPolicy } from '../posting-settings/inconsistent-holds';
import type { NewSettlement } from '../notifications/notify-events';
import { settlementsStored, type SettlementsStored } from './import-events';
import { updateAccountMappingsCompleted } from '../mappings/refresh-mapping-state';
import { newSettlementKey, SETTLEMENT_LINE_COLUMNS, SETTLEMENT_REF_COLUMNS, settlementLinesCopyBytes, SettlementRefsCollector } from './settlement-lines-copy';

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
  [SINGLE_ORDER_FORMAT]: 'Shopify Payments',
  [DEFERRED_REVENUE_FORMAT]: DEFERRED_REVENUE_GATEWAY,
};

/**
 * Stores parsed settlements in full (an API's settlements, a test's): each one's lines are written
 * with COPY under a new key, then settled (settleStoredSettlements) in the same transaction.
 */
export async function storeSettlements(
  trx: Kysely<Database>,
  accountKey: string,
  result: { settlements: Settlement[]; problems: ParseProblem[] },
  source: SettlementSource,
): Promise<StoreOutcome> {
  if (result.problems.length > 0 && source.loadReadable !== true) return { isStored: false, settlements: [] };
  // Shopify B2B orders become settlements of their own and deferred revenue is moved (decision 0028).
  const modes = await prepareShopifyOrderModes(trx, accountKey, result.settlements, source.at);
  const written: WrittenSettlement[] = [];
  for (const s of modes?.settlements ?? result.settlements) {
    const { lines, ...header } = s;
    const totals = new SettlementLineTotals();
    for (const l of lines) totals.add(l);
    const linesKey = (await isLinesWanted(trx, accountKey, header, source)) ? newSettlementKey() : null;
    if (linesKey !== null) {
      for (let from = 0; from < lines.length; from += LINE_BATCH) {
        await copyInto(trx, 'settlement_lines', SETTLEMENT_LINE_COLUMNS, settlementLinesCopyBytes(linesKey, accountKey, from + 1, lines.slice(from, from + LINE_BATCH), s.sourceFile));
      }
      const refs = new SettlementRefsCollector();
      for (const l of lines) refs.add(l);
      await copyInto(trx, 'settlement_refs', SETTLEMENT_REF_COLUMNS, refs.takeCopyBytes(linesKey, accountKey));
    }
    written.push({ header, linesKey, totals });
  }
  const settlements = await settleStoredSettlements(trx, accountKey, written, source);
  await modes?.record(trx, settlements);
  return { isStored: true, settlements };
}

/** A settlement whose lines were written under `linesKey` (null: none, a duplicate), with their totals. */
export interface WrittenSettlement {
  header: SettlementHeader;
  linesKey: string | null;
  totals: SettlementLineTotals;
}

/**
 * Whether a settlement's lines are worth writing before it is settled: not when it is already stored
 * and would not be completed (a duplicate keeps no lines). settleStoredSettlements decides again.
 */
export async function isLinesWanted(db: Kysely<Database>, accountKey: string, header: SettlementHeader, source: SettlementSource): Promise<boolean> {
  const existing = await findOriginal(db, accountKey, duplicateKey(header));
  return !existing || canComplete(existing, source);
}

function findOriginal(db: Kysely<Database>, accountKey: string, key: string) {
  return db
    .selectFrom('settlements')
    .select(['settlement_key', 'status', 'posting_status'])
    .where('account_key', '=', accountKey)
    .where('duplicate_key', '=', key)
    .where('duplicate_of', 'is', null)
    .executeTakeFirst();
}

const canComplete = (existing: { status: string; posting_status: string }, source: SettlementSource) =>
  existing.posting_status === 'NOT_POSTED' && (existing.status === 'open' || source.isReplace === true);

/**
 * Makes settlements whose lines are already written visible, in the caller's transaction: a new
 * settlement's row takes the key its lines were written under; one that completes a stored open
 * settlement moves its lines to that settlement's key (the old lines go); a duplicate gets a
 * header-only row (files) or nothing (APIs), and lines written for it go. Each settlement's totals by
 * type and marketplace are stored beside it.
 */
export async function settleStoredSettlements(trx: Kysely<Database>, accountKey: string, written: WrittenSettlement[], source: SettlementSource): Promise<ImportedSettlement[]> {
  const context = await getAccountMappingContext(trx, accountKey);
  const mappings = await getCurrentMappings(trx, context);
  const out: ImportedSettlement[] = [];
  const created: NewSettlement[] = [];
  const stored: SettlementsStored['stored'] = [];
  for (const { header: s, linesKey, totals } of written) {
    const key = duplicateKey(s);
    const existing = await findOriginal(trx, accountKey, key);
    const consistency = totals.consistencyOf(s);
    const flags = mappingFlags(mappings, s.channel, new Set(totals.byType().keys()), context.describeType);
    const header = {
      settlement_id: s.settlementId,
      sales_source: s.channel,
      format: s.format,
      marketplace: s.marketplace,
      channel: s.marketplace ?? CHANNEL_NAMES[s.channel].name,
      gateway: GATEWAY_BY_FORMAT[s.format] ?? null,
      is_single_order: s.format === SINGLE_ORDER_FORMAT,
      currency: s.currency,
      start_at: s.startDate === null ? null : new Date(s.startDate),
      end_at: s.endDate === null ? null : new Date(s.endDate),
      deposit_at: s.depositDate === null ? null : new Date(s.depositDate),
      total: s.total === null ? null : formatUnits(s.total),
      status: s.status,
      seller_id: s.sellerId,
      lines_total: formatUnits(totals.linesTotal),
      line_count: totals.lineCount,
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
      search_text: [s.settlementId, source.reportId, s.sourceFile, s.marketplace, GATEWAY_BY_FORMAT[s.format]].filter(Boolean).join(' ').toLowerCase(),
      updated_at: source.at,
    };
    const flagsSet = { inconsistent: !consistency.isConsistent, open: s.status === 'open', unmappedTypes: !flags.accountsMapped, duplicate: false };
    const summary = { settlementId: s.settlementId, currency: s.currency, total: header.total, lineCount: totals.lineCount };
    if (existing && canComplete(existing, source) && linesKey !== null) {
      const settlementKey = existing.settlement_key;
      await trx.deleteFrom('settlement_lines').where('account_key', '=', accountKey).where('settlement_key', '=', settlementKey).execute();
      await trx.deleteFrom('settlement_refs').where('account_key', '=', accountKey).where('settlement_key', '=', settlementKey).execute();
      await trx.deleteFrom('settlement_type_totals').where('account_key', '=', accountKey).where('settlement_key', '=', settlementKey).execute();
      await trx.deleteFrom('settlement_order_totals').where('account_key', '=', accountKey).where('settlement_key', '=', settlementKey).execute();
      await trx.updateTable('settlement_lines').set({ settlement_key: settlementKey }).where('account_key', '=', accountKey).where('settlement_key', '=', linesKey).execute();
      await trx.updateTable('settlement_refs').set({ settlement_key: settlementKey }).where('account_key', '=', accountKey).where('settlement_key', '=', linesKey).execute();
      await trx.updateTable('settlements').set({ ...header, flags_set: JSON.stringify(flagsSet) }).where('account_key', '=', accountKey).where('settlement_key', '=', settlementKey).execute();
      await insertTypeTotals(trx, accountKey, settlementKey, totals);
      stored.push({ settlementKey, channel: s.channel, currency: s.currency });
      out.push({ ...summary, settlementKey, outcome: 'completed', duplicateOf: null });
      continue;
    }
    // Lines written before a concurrent upload stored the same settlement are not needed.
    if (existing && linesKey !== null) {
      await trx.deleteFrom('settlement_lines').where('account_key', '=', accountKey).where('settlement_key', '=', linesKey).execute();
      await trx.deleteFrom('settlement_refs').where('account_key', '=', accountKey).where('settlement_key', '=', linesKey).execute();
    }
    if (existing && source.kind === 'api') {
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
    } else if (linesKey === null) {
      // Its original was deleted while this file was read, and its lines were not kept.
      throw new Error(`settlement ${s.settlementId} was deleted while the file was read; upload the file again`);
    } else {
      await trx
        .insertInto('settlements')
        .values({ ...header, settlement_key: linesKey, account_key: accountKey, duplicate_of: null, flags_set: JSON.stringify(flagsSet), created_at: source.at })
        .execute();
      await insertTypeTotals(trx, accountKey, linesKey, totals);
      stored.push({ settlementKey: linesKey, channel: s.channel, currency: s.currency });
      out.push({ ...summary, settlementKey: linesKey, outcome: 'created', duplicateOf: null });
      created.push({ settlementKey: linesKey, settlementId: s.settlementId, isInconsistent: !consistency.isConsistent, hasUnmappedTypes: !flags.accountsMapped });
    }
  }
  await updateAccountMappingsCompleted(trx, accountKey);
  // An account that holds inconsistent settlements holds the new ones at once (the list shows it).
  await applyInconsistentHoldPolicy(trx, accountKey, source.at);
  // Uploads and channel fetches both settle here, so the after-effects (Shopify order totals, the COGS
  // catalog's seen products, new-settlement notifications, the account status) hang on this one event,
  // in this transaction; wire-events.ts subscribes them.
  await settlementsStored.emit({ trx, accountKey, at: source.at, stored, created });
  return out;
}

async function insertTypeTotals(trx: Kysely<Database>, accountKey: string, settlementKey: string, totals: SettlementLineTotals): Promise<void> {
  const rows = totals.typeTotals();
  if (rows.length === 0) return;
  await trx
    .insertInto('settlement_type_totals')
    .values(rows.map((t) => ({ account_key: accountKey, settlement_key: settlementKey, type_key: t.typeKey, marketplace: t.marketplace, amount: formatUnits(t.amount), line_count: t.lineCount })))
    .execute();
}
