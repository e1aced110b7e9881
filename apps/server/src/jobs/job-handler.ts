/**
 * The shape of one background job: its pg-boss queue, options, optional schedule, and the handler
 * that receives the job's data and the server's Deps. Features declare theirs next to their code;
 * job-registry.ts (the composition) lists them all.
 */
import type { Deps } from '../http/deps';

/** A job's log: each line also carries the job's queue, id and the request id that queued it (as JSON fields). */
export interface JobLog {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface JobHandler<T = Record<string, unknown>> {
  queue: string;
  /** Retries and expiry (pg-boss queue options). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  /**
   * The worker proves it is alive this often (pg-boss heartbeat, at least 10). A job whose process
   * died (killed, crashed) is failed and retried once its heartbeat is this old, instead of waiting
   * for its expiry.
   */
  heartbeatSeconds?: number;
  /** Workers per process for this queue (default 1). */
  concurrency?: number;
  /** A cron schedule (UTC), for periodic jobs. */
  cron?: string;
  /** Also run once when the workers start, with data { startedAt } (ISO time the workers started). */
  isRunAtStart?: boolean;
  handle(data: T, deps: Deps, log: JobLog): Promise<void>;
}
