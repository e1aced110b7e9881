/**
 * The settlement actions of COGS (spec section 7): refreshcogs, sendCogs and the bulk COGS send,
 * export and refresh-only actions. The settlement action routes call these after checking that the
 * caller may open every settlement.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { canRefreshCogsOnlyInBulk } from '@ledgerport/core/cogs';
import { decimalToUnits, formatMoney } from '@ledgerport/core/money';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import type { SettlementRow } from '../stored-settlements/load-settlement';
import { assertCogsEnabled, getCogsAccount, type CogsAccount } from './cogs-account';
import { getSendableCogsDocuments, findStoredCogs } from './cogs-documents';
import { refreshSettlementCogs } from './refresh-cogs';
import { queueCogsSend } from './send-cogs';
import { assertBillingAllows } from '../billing/check-billing';

type Skipped = { settlementKey: string; reason: string };

async function audit(
  db: Kysely<Database>,
  caller: Caller,
  row: SettlementRow,
  action: string,
  after: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await recordAudit(db, {
    actorUserId: caller.userId,
    accountKey: row.account_key,
    action,
    entityType: 'settlement',
    entityId: row.settlement_key,
    before: {
      settlementId: row.settlement_id,
      cogsPostingStatus: row.cogs_posting_status,
      cogsTotal: row.cogs_invoices_total,
      currency: row.currency,
    },
    after: { settlementId: row.settlement_id, ...after },
    at,
  });
}

/** refreshcogs of one settlement: computes, stores, audits; the message says the cost and what is missing. */
export async function refreshCogsAction(deps: Deps, caller: Caller, row: SettlementRow): Promise<string> {
  await assertBillingAllows(deps, row.account_key, { kind: 'feature', feature: 'COGS' });
  const account = await getCogsAccount(deps.db, row.account_key);
  const at = deps.clock();
  const result = await refreshSettlementCogs(deps.db, row, account, at);
  const fresh = await deps.db
    .selectFrom('settlements')
    .select(['cogs_invoices_total'])
    .where('settlement_key', '=', row.settlement_key)
    .executeTakeFirstOrThrow();
  await audit(
    deps.db,
    caller,
    row,
    'settlement.cogs-refreshed',
    { cogsTotal: fresh.cogs_invoices_total, missingSkus: result.missing.length },
    at,
  );
  const total = formatMoney({
    units: fresh.cogs_invoices_total === null ? 0n : decimalToUnits(fresh.cogs_invoices_total),
    currency: row.currency,
  });
  const missing =
    result.missing.length === 0
      ? ''
      : ` ${result.missing.length} SKU${result.missing.length === 1 ? ' has' : 's have'} no cost: ${result.missing
          .slice(0, 5)
          .map((m) => m.sku)
          .join(', ')}.`;
  return `Cost of goods sold of settlement ${row.settlement_id}: ${total} ${row.currency}.${missing}`;
}

/** Queues the COGS sends that can go; the others are skipped with the reason (never computed: computed now). */
export async function queueCogsSends(
  deps: Deps,
  caller: Caller,
  rows: SettlementRow[],
): Promise<{ queued: string[]; skipped: Skipped[] }> {
  const queued: string[] = [];
  const skipped: Skipped[] = [];
  await assertBillingAllows(deps, rows[0]!.account_key, { kind: 'feature', feature: 'COGS' });
  const account = await getCogsAccount(deps.db, rows[0]!.account_key);
  assertCogsEnabled(account);
  for (const row of rows) {
    if (row.cogs_posting_status === 'POSTED') {
      skipped.push({
        settlementKey: row.settlement_key,
        reason: `The cost of goods sold of settlement ${row.settlement_id} is already posted.`,
      });
      continue;
    }
    try {
      if (row.cogs_posting_status === 'NOT_POSTED' && !(await findStoredCogs(deps.db, row.settlement_key)))
        await refreshSettlementCogs(deps.db, row, account, deps.clock());
      await getSendableCogsDocuments(deps.db, row, account, deps.clock());
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      skipped.push({ settlementKey: row.settlement_key, reason: e.message });
      continue;
    }
    await queueCogsSend(deps.jobs, row.settlement_key);
    await audit(
      deps.db,
      caller,
      row,
      'settlement.cogs-send-queued',
      { cogsSendState: 'QUEUED' },
      deps.clock(),
    );
    queued.push(row.settlement_key);
  }
  return { queued, skipped };
}

/** Refresh COGS only, in bulk: spec section 5 (COGS on and SHOW_COGS_ONLY_REFRESH_BULK_ACTION). */
export async function refreshCogsInBulk(
  deps: Deps,
  caller: Caller,
  rows: SettlementRow[],
): Promise<{ done: string[]; skipped: Skipped[] }> {
  await assertBillingAllows(deps, rows[0]!.account_key, { kind: 'feature', feature: 'COGS' });
  const account: CogsAccount = await getCogsAccount(deps.db, rows[0]!.account_key);
  if (!canRefreshCogsOnlyInBulk(account.features, account.flags)) {
    throw new AppError(
      'cogs.not-enabled',
      'Refreshing only the cost of goods sold in bulk is not available for this account (it needs cost of goods sold and the feature SHOW_COGS_ONLY_REFRESH_BULK_ACTION).',
    );
  }
  const done: string[] = [];
  const skipped: Skipped[] = [];
  for (const row of rows) {
    try {
      await refreshCogsAction(deps, caller, row);
      done.push(row.settlement_key);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      skipped.push({ settlementKey: row.settlement_key, reason: e.message });
    }
  }
  return { done, skipped };
}

/** The bulk COGS export: a link to /export-cogs/download for these settlements (COGS must be on). */
export async function cogsExportLink(deps: Deps, rows: SettlementRow[]): Promise<string> {
  assertCogsEnabled(await getCogsAccount(deps.db, rows[0]!.account_key));
  const params = new URLSearchParams({
    accountKey: rows[0]!.account_key,
    format: 'csv',
    settlementKeys: rows.map((r) => r.settlement_key).join(','),
  });
  return `/export-cogs/download?${params.toString()}`;
}
