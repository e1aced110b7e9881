/**
 * Settlement actions (spec section 7): reprocess / refreshcogs / delete, redownload, send and bulk
 * actions. Sends go through the pg-boss queue; every action refuses another account's settlement.
 */
import type { FastifyInstance } from 'fastify';
import {
  BULK_SETTLEMENTS_MAX,
  bulkActionSettlement,
  type BulkAction,
  errorMessages,
  redownloadSettlement,
  sendSettlement,
  settlementAction,
  type SettlementActionResult,
} from '@ledgerport/contract';
import { assertBillingAllows } from '../billing/check-billing';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { storeSettlements } from '../imports/store-settlements';
import { refreshMappingState } from '../mappings/refresh-mapping-state';
import { isSendOrphaned, queueSend } from '../posting/send-settlement-job';
import { heldSendRefusal } from '../posting-settings/inconsistent-holds';
import { getSettlementForCaller, type SettlementRow } from '../stored-settlements/load-settlement';
import { reprocessAndRecord } from './reprocess-settlement';
import { auditSettlement } from './settlement-audit';
import { settlementBody } from './settlement-body';
import { updateAccountMappingsCompleted } from '../mappings/refresh-mapping-state';
import { cogsExportLink, queueCogsSends, refreshCogsInBulk, refreshCogsAction } from '../cogs/cogs-actions';
import { refreshAccountStatus } from '../partner/refresh-account-status';
import { accountingSendRefusal, getConnectionStates } from '../accounts/connection-states';

export function registerSettlementActionRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  addRoute(app, deps, settlementAction, async ({ query, caller }) => {
    const row = await getSettlementForCaller(db, caller, query.settlementKey);
    if (query.action === 'delete') return deleteSettlement(deps, caller, row);
    if (query.action === 'refreshcogs') return result('refreshcogs', row, await refreshCogsAction(deps, caller, row), await reread(deps, row));
    return reprocessAndRecord(deps, caller, row, { isConfirmed: query.confirm === 'true', previewToken: query.previewToken });
  });

  addRoute(app, deps, redownloadSettlement, async ({ query, caller }) => {
    const row = await getSettlementForCaller(db, caller, query.settlementKey);
    if (row.account_key !== query.account) throw new AppError('settlement.not-found', errorMessages.settlementNotFound, { settlementKey: query.settlementKey });
    if (row.source_kind !== 'api' || !row.report_id) {
      throw new AppError('settlement.not-redownloadable', 'This settlement was loaded from a file; upload the file again instead of redownloading it.');
    }
    if (row.posting_status !== 'NOT_POSTED') throw new AppError('settlement.posted', 'This settlement is posted; reprocess it to replace its documents instead of redownloading it.');
    const fetched = await deps.fetchChannelReport({ accountKey: row.account_key, salesChannel: row.sales_source, reportId: row.report_id });
    if (!fetched) throw new AppError('settlement.not-redownloadable', 'The connection to the sales channel is missing. Connect it under Connections, then redownload again.');
    const outcome = await db.transaction().execute(async (trx) => {
      const stored = await storeSettlements(trx, row.account_key, fetched, { kind: 'api', reportId: row.report_id, isReplace: true, loadReadable: true, at: deps.clock() });
      await auditSettlement(deps, caller, row, 'settlement.redownloaded', { reportId: row.report_id }, trx);
      return stored;
    });
    const same = outcome.settlements.find((s) => s.settlementKey === row.settlement_key);
    return result('redownload', row, same ? `Settlement ${row.settlement_id} was downloaded again (${same.lineCount} lines).` : `The report no longer holds settlement ${row.settlement_id}; nothing was changed.`, await reread(deps, row));
  });

  addRoute(app, deps, sendSettlement, async ({ body, caller }) => {
    const row = await getSettlementForCaller(db, caller, body.settlementKey);
    if (body.action === 'sendCogs') {
      const outcome = await queueCogsSends(deps, caller, [row]);
      return { ...outcome, message: outcome.queued.length > 0 ? 'Sending: the cost of goods sold journal is queued and will be posted in a moment.' : (outcome.skipped[0]?.reason ?? 'Nothing to send.') };
    }
    const outcome = await queueSends(deps, caller, [row]);
    return { ...outcome, message: outcome.queued.length > 0 ? 'Sending: the settlement is queued and will be posted in a moment.' : (outcome.skipped[0]?.reason ?? 'Nothing to send.') };
  });

  addRoute(app, deps, bulkActionSettlement, async ({ body, caller }) => {
    const keys = [...new Set(body.bulkSettlement)];
    if (keys.length > BULK_SETTLEMENTS_MAX) throw new AppError('request.invalid', `Choose at most ${BULK_SETTLEMENTS_MAX} settlements for one bulk action.`);
    const rows = await rowsForCaller(deps, caller, keys);
    const skipped: { settlementKey: string; reason: string }[] = [];
    const done: string[] = [];
    let queued: string[] = [];
    let downloadUrl: string | null = null;
    switch (body.bulkAction) {
      case 'send': {
        const outcome = await queueSends(deps, caller, rows);
        queued = outcome.queued;
        skipped.push(...outcome.skipped);
        break;
      }
      case 'delete':
        for (const row of rows) {
          try {
            await deleteSettlement(deps, caller, row);
            done.push(row.settlement_key);
          } catch (e) {
            if (!(e instanceof AppError)) throw e;
            skipped.push({ settlementKey: row.settlement_key, reason: e.message });
          }
        }
        break;
      case 'reprocess':
        await refreshMappingState(db, rows[0]!.account_key, deps.clock());
        for (const row of rows) await auditSettlement(deps, caller, row, 'settlement.reprocessed', { mappingStateRefreshed: true });
        done.push(...rows.map((r) => r.settlement_key));
        break;
      case 'export': {
        const params = new URLSearchParams({ accountKey: rows[0]!.account_key, start: '1970-01-01', end: '2999-12-31', report: 'summary', format: 'xlsx', settlementKeys: rows.map((r) => r.settlement_key).join(',') });
        downloadUrl = `/spanner/settlements/export?${params.toString()}`;
        done.push(...rows.map((r) => r.settlement_key));
        break;
      }
      case 'cogsSend': {
        const outcome = await queueCogsSends(deps, caller, rows);
        queued = outcome.queued;
        skipped.push(...outcome.skipped);
        break;
      }
      case 'cogsExport':
        downloadUrl = await cogsExportLink(deps, rows);
        done.push(...rows.map((r) => r.settlement_key));
        break;
      case 'cogsRefresh': {
        const outcome = await refreshCogsInBulk(deps, caller, rows);
        done.push(...outcome.done);
        skipped.push(...outcome.skipped);
        break;
      }
    }
    const message = bulkMessage(body.bulkAction, queued.length + done.length, rows.length, skipped.length);
    return { bulkAction: body.bulkAction, queued, done, skipped, message, downloadUrl };
  });
}

/** What a bulk action did, as a bookkeeper reads it: '3 of 3 settlements queued for sending.', '2 of 3 settlements deleted, 1 skipped.' */
function bulkMessage(action: BulkAction, acted: number, asked: number, skipped: number): string {
  const outcome: Record<BulkAction, string> = {
    send: 'queued for sending',
    export: 'exported',
    delete: 'deleted',
    reprocess: 'reprocessed',
    cogsSend: 'queued for sending their cost of goods sold',
    cogsExport: 'exported with their cost of goods sold',
    cogsRefresh: 'with their cost of goods sold refreshed',
  };
  return `${acted} of ${asked} settlement${asked === 1 ? '' : 's'} ${outcome[action]}${skipped > 0 ? `, ${skipped} skipped` : ''}.`;
}

/** Every key must be a settlement of one account the caller may open; otherwise nothing happens (not found). */
async function rowsForCaller(deps: Deps, caller: Caller, keys: string[]): Promise<SettlementRow[]> {
  const rows: SettlementRow[] = [];
  for (const key of keys) rows.push(await getSettlementForCaller(deps.db, caller, key));
  if (new Set(rows.map((r) => r.account_key)).size > 1) throw new AppError('request.invalid', 'A bulk action works on the settlements of one account at a time.');
  return rows;
}

async function queueSends(deps: Deps, caller: Caller, rows: SettlementRow[]): Promise<{ queued: string[]; skipped: { settlementKey: string; reason: string }[] }> {
  const queued: string[] = [];
  const skipped: { settlementKey: string; reason: string }[] = [];
  await assertSendsAllowed(deps, rows);
  await assertAccountingUsable(deps, rows);
  for (const row of rows) {
    if (row.posting_status === 'POSTED') skipped.push({ settlementKey: row.settlement_key, reason: `Settlement ${row.settlement_id} is already posted.` });
    else if (row.duplicate_of) skipped.push({ settlementKey: row.settlement_key, reason: `Settlement ${row.settlement_id} is a duplicate; send the original.` });
    else if (row.on_hold) skipped.push({ settlementKey: row.settlement_key, reason: heldSendRefusal(row) });
    else if ((row.send_state === 'QUEUED' || row.send_state === 'SENDING') && !(await isSendOrphaned(deps, row.settlement_key))) {
      skipped.push({ settlementKey: row.settlement_key, reason: `Settlement ${row.settlement_id} is already being sent.` });
    } else {
      await queueSend(deps.db, deps.jobs, row);
      await auditSettlement(deps, caller, row, 'settlement.send-queued', { sendState: 'QUEUED' });
      queued.push(row.settlement_key);
    }
  }
  return { queued, skipped };
}

/**
 * A send goes nowhere without a usable connection: refused (409) before anything is queued, from the
 * same connection state Home and Settings > Connections show (decision 0056).
 */
async function assertAccountingUsable(deps: Deps, rows: SettlementRow[]): Promise<void> {
  const sendable = rows.filter((r) => r.posting_status !== 'POSTED' && !r.duplicate_of && !r.on_hold);
  if (sendable.length === 0) return;
  const { accounting } = await getConnectionStates(deps.db, sendable[0]!.account_key, deps.clock());
  const refusal = accountingSendRefusal(accounting);
  if (refusal) throw new AppError('posting.connection-missing', refusal);
}

/** Core's billing rule for the sends asked (a trial, the plan's monthly limit, a payment failing past its grace): all or none. */
async function assertSendsAllowed(deps: Deps, rows: SettlementRow[]): Promise<void> {
  const sendable = rows.filter((r) => r.posting_status !== 'POSTED' && !r.duplicate_of && !r.on_hold);
  if (sendable.length === 0 || !deps.config.billing) return;
  const accountKey = sendable[0]!.account_key;
  const account = await deps.db.selectFrom('accounts').select('accounting_system').where('account_key', '=', accountKey).executeTakeFirstOrThrow();
  await assertBillingAllows(deps, accountKey, { kind: 'send', accountingSystem: account.accounting_system, count: sendable.length, isAutomatic: false });
}

async function deleteSettlement(deps: Deps, caller: Caller, row: SettlementRow): Promise<SettlementActionResult> {
  const posted = await deps.db.selectFrom('settlement_documents').select('document_id').where('settlement_key', '=', row.settlement_key).where('status', 'in', ['POSTED', 'SENDING']).executeTakeFirst();
  const cogsPosted = await deps.db.selectFrom('settlement_cogs_documents').select('document_id').where('settlement_key', '=', row.settlement_key).where('status', 'in', ['POSTED', 'SENDING']).executeTakeFirst();
  if (posted || cogsPosted) throw new AppError('settlement.posted', `Settlement ${row.settlement_id} has posted documents and cannot be deleted; its postings stay in the books.`);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('settlement_documents').where('settlement_key', '=', row.settlement_key).execute();
    await trx.deleteFrom('settlements').where('settlement_key', '=', row.settlement_key).execute();
    await updateAccountMappingsCompleted(trx, row.account_key);
    await refreshAccountStatus(trx, row.account_key, deps.clock());
    await auditSettlement(deps, caller, row, 'settlement.deleted', null, trx);
  });
  return result('delete', row, `Settlement ${row.settlement_id} was deleted.`, null);
}

async function reread(deps: Deps, row: SettlementRow): Promise<SettlementRow> {
  return deps.db.selectFrom('settlements').selectAll().where('settlement_key', '=', row.settlement_key).executeTakeFirstOrThrow();
}

export function result(action: SettlementActionResult['action'], row: SettlementRow, message: string, after: SettlementRow | null): SettlementActionResult {
  return { action, settlementKey: row.settlement_key, message, settlement: after ? settlementBody(after) : null, preview: null };
}
