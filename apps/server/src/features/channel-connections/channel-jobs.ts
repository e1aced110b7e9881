/**
 * The job queue as this feature uses it: deps.jobs (pg-boss, jobs/job-handler.ts) when the server runs
 * jobs. Declared structurally here so this feature builds on its own; the job list registers the
 * handlers below by shape.
 */
import type { Deps } from '../../http/deps';

export interface ChannelJobSender {
  send(queue: string, data: Record<string, unknown>, options?: { singletonKey?: string; startAfterSeconds?: number }): Promise<string | null>;
}

export interface ChannelJobLog {
  info(message: string): void;
  error(message: string): void;
}

export interface ChannelJobHandler<T> {
  queue: string;
  retryLimit?: number;
  expireInSeconds?: number;
  concurrency?: number;
  cron?: string;
  handle(data: T, deps: Deps, log: ChannelJobLog): Promise<void>;
}

export function jobsOf(deps: Deps): ChannelJobSender {
  const jobs = (deps as unknown as { jobs?: ChannelJobSender }).jobs;
  if (!jobs) throw new Error('Background jobs are not running on this server, so channel fetches cannot be queued.');
  return jobs;
}
