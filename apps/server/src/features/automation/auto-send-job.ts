/**
 * The automation queue: { accountKey } runs one account's pass (after a fetch, an upload or a mapping
 * change, or when a delay ends); the 10-minute schedule (data without accountKey) sweeps every account
 * with automation on. A pass that leaves settlements waiting for their delay queues the next pass for
 * the moment the earliest becomes due, so a 1-hour delay sends after about an hour, not at a sweep.
 */
import type { JobHandler } from '../../jobs/job-handler';
import type { Deps } from '../../http/deps';
import type { JobLog } from '../../jobs/job-handler';
import { AUTO_SEND_QUEUE, runAutoSend } from './auto-send';
import { listAutomatedAccounts } from './automation-repository';

export const autoSendJob: JobHandler<{ accountKey?: string }> = {
  queue: AUTO_SEND_QUEUE,
  retryLimit: 2,
  cron: '*/10 * * * *',
  async handle(data, deps, log) {
    const accounts = typeof data?.accountKey === 'string' ? [data.accountKey] : await listAutomatedAccounts(deps.db);
    for (const accountKey of accounts) await passOver(deps, accountKey, log);
  },
};

async function passOver(deps: Deps, accountKey: string, log: JobLog): Promise<void> {
  const run = await runAutoSend(deps, accountKey);
  if (run.queued.length > 0) log.info(`automation: queued ${run.queued.length} send(s) for ${accountKey}`);
  if (run.nextDueAt) {
    const seconds = Math.max(1, Math.ceil((run.nextDueAt.getTime() - deps.clock().getTime()) / 1000));
    // Keyed by the minute it is due: a later pass asking for the same moment does not queue it twice.
    await deps.jobs.send(AUTO_SEND_QUEUE, { accountKey }, { singletonKey: `auto-send:${accountKey}:${Math.floor(run.nextDueAt.getTime() / 60_000)}`, startAfterSeconds: seconds });
  }
}
