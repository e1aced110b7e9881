/**
 * The SP-API fetch of a month's Inventory Ledger summary (decision 0050), a pg-boss job carrying the
 * account: createReport, poll getReport, download the document through the account's Amazon
 * connection (its session refreshes and saves tokens and waits out throttling), then the upload's own
 * reader and store (`readInventoryLedger`, `replaceInventoryMonths`): the month's positions are
 * replaced, marked SP_API with Amazon's report id. The fetch row tells the settings tab how it went.
 * Amazon's report id is saved as soon as Amazon gives it, so a retried job (its process died while
 * polling) waits for that report instead of asking for another.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { amazonRegionOf, findAmazonMarketplace, marketplaceRegionProblem, previousMonth } from '@ledgerport/core/inventory';
import { fetchLedgerSummary } from '@ledgerport/integrations/channels';
import { recordAudit } from '../../audit/record-audit';
import type { Deps } from '../../http/deps';
import { jobsOf, type ChannelJobHandler } from '../channel-connections/channel-jobs';
import { findChannelConnection } from '../channel-connections/channel-connection-repository';
import { openSession } from '../channel-connections/channel-runtime';
import { replaceInventoryMonths } from './inventory-repository';
import {
  findInventoryFetch,
  insertInventoryFetch,
  readInventoryFetchSettings,
  updateInventoryFetch,
} from './inventory-fetch-repository';
import { readInventoryLedger } from './read-inventory-ledger';

export const FETCH_INVENTORY_QUEUE = 'fetch-inventory-report';
const PROBLEMS_SHOWN_MAX = 5;

export interface FetchInventoryJob {
  accountKey: string;
  fetchId: string;
}

export async function queueInventoryFetch(deps: Deps, fetch: FetchInventoryJob): Promise<void> {
  await jobsOf(deps).send(FETCH_INVENTORY_QUEUE, { ...fetch }, { singletonKey: `${fetch.accountKey}:${fetch.fetchId}` });
}

/** Runs one fetch to its end; the outcome is on the fetch row (DONE or FAILED), never thrown. */
export async function runInventoryFetch(job: FetchInventoryJob, deps: Deps): Promise<'DONE' | 'FAILED' | 'SKIPPED'> {
  const { db, clock } = deps;
  const row = await findInventoryFetch(db, job.accountKey, job.fetchId);
  if (!row || row.status === 'DONE' || row.status === 'FAILED') return 'SKIPPED';
  const fail = async (message: string) => {
    await updateInventoryFetch(db, job.accountKey, job.fetchId, { status: 'FAILED', message, finished_at: clock() });
    return 'FAILED' as const;
  };
  const connection = await findChannelConnection(db, job.accountKey, 'sales-channel');
  if (!connection?.credentials_sealed || connection.system !== 'AMAZON' || connection.status === 'DISCONNECTED')
    return fail('Amazon is not connected to this account. Connect it under Settings > Connections, or upload the report instead.');
  const settings = await readInventoryFetchSettings(db, job.accountKey);
  const marketplace = findAmazonMarketplace(settings.marketplaceId);
  const regionProblem = marketplace ? marketplaceRegionProblem(marketplace, amazonRegionOf(connection.region)) : null;
  if (regionProblem) return fail(regionProblem);
  try {
    const doc = await fetchLedgerSummary(
      openSession(deps, db, connection),
      { month: row.month, marketplaceIds: [settings.marketplaceId], aggregateByLocation: row.aggregate_by === 'COUNTRY' ? 'COUNTRY' : 'FC' },
      {
        ...(row.report_id ? { reportId: row.report_id } : {}),
        onCreated: (reportId) => updateInventoryFetch(db, job.accountKey, job.fetchId, { status: 'REQUESTED', report_id: reportId }),
      },
    );
    const fileName = `Amazon report ${doc.reportId}`;
    const ledger = readInventoryLedger(doc.bytes, fileName);
    if (ledger.problems.length > 0)
      return fail(`Amazon's report ${doc.reportId} could not be read: ${ledger.problems.slice(0, PROBLEMS_SHOWN_MAX).map((p) => p.message).join(' ')}`);
    const month = ledger.months.find((m) => m.month === row.month);
    if (!month) return fail(`Amazon's report ${doc.reportId} has no inventory rows for ${row.month}; nothing was stored.`);
    const at = clock();
    const message = `${month.rowCount} row${month.rowCount === 1 ? '' : 's'} of Amazon report ${doc.reportId} stored for ${row.month}.`;
    await db.transaction().execute(async (trx) => {
      await replaceInventoryMonths(trx, job.accountKey, [month], row.requested_by, at, { source: 'SP_API', reportId: doc.reportId });
      await updateInventoryFetch(trx, job.accountKey, job.fetchId, { status: 'DONE', report_id: doc.reportId, message, finished_at: at });
      await recordAudit(trx, {
        actorUserId: row.requested_by,
        accountKey: job.accountKey,
        action: 'inventory.report-fetched',
        entityType: 'inventory-report',
        entityId: doc.reportId,
        before: null,
        after: { month: row.month, reportId: doc.reportId, rows: month.rowCount },
        at,
      });
    });
    return 'DONE';
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

export const fetchInventoryReportJob: ChannelJobHandler<FetchInventoryJob> = {
  queue: FETCH_INVENTORY_QUEUE,
  // A retry only follows a process that died mid-fetch: it resumes the report Amazon already makes.
  retryLimit: 2,
  expireInSeconds: 45 * 60,
  concurrency: 1,
  handle: async (data, deps, log) => {
    const outcome = await runInventoryFetch(data, deps);
    log.info(`inventory fetch ${data.accountKey}/${data.fetchId}: ${outcome}`);
  },
};

/** Asks for the month of every account whose monthly fetch is on, unless one is pending or done. */
export async function scheduleMonthlyInventoryFetches(deps: Deps, db: Kysely<Database> = deps.db): Promise<number> {
  const month = previousMonth(deps.clock().toISOString().slice(0, 10));
  const due = await db
    .selectFrom('inventory_fetch_settings as s')
    .innerJoin('accounts as a', 'a.account_key', 's.account_key')
    .innerJoin('connections as c', (j) => j.onRef('c.account_key', '=', 's.account_key').on('c.role', '=', 'sales-channel'))
    .select(['s.account_key', 's.aggregate_by'])
    .where('s.is_monthly_fetch_enabled', '=', true)
    .where('a.sales_channel', '=', 'AMAZON')
    .where('c.system', '=', 'AMAZON')
    .where('c.status', 'in', ['CONNECTED', 'PROBLEM'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('inventory_fetches as f')
            .select('f.fetch_id')
            .whereRef('f.account_key', '=', 's.account_key')
            .where('f.month', '=', month)
            .where('f.status', 'in', ['QUEUED', 'REQUESTED', 'DONE']),
        ),
      ),
    )
    .execute();
  for (const r of due) {
    const row = await insertInventoryFetch(db, { accountKey: r.account_key, month, aggregateBy: r.aggregate_by, userId: null, at: deps.clock() });
    await queueInventoryFetch(deps, { accountKey: r.account_key, fetchId: row.fetch_id });
  }
  return due.length;
}

/** The 2nd of each month at 06:00 UTC: Amazon's ledger of the month before is complete by then. */
export const scheduleInventoryFetchesJob: ChannelJobHandler<Record<string, unknown>> = {
  queue: 'schedule-inventory-fetches',
  cron: '0 6 2 * *',
  retryLimit: 0,
  handle: async (_data, deps, log) => {
    const count = await scheduleMonthlyInventoryFetches(deps);
    log.info(`inventory fetches scheduled: ${count}`);
  },
};
