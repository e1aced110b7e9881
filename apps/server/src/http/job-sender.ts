/** What routes and jobs use to queue background work (deps.jobs); jobs/start-jobs.ts implements it over pg-boss. */
export interface SendJobOptions {
  /** One job per key at a time (pg-boss singletonKey). */
  singletonKey?: string;
  startAfterSeconds?: number;
}

/** What routes use to queue work (deps.jobs). */
export interface JobSender {
  /** Queues a job; answers its id (null when a singleton job with that key is already queued). */
  send(queue: string, data: Record<string, unknown>, options?: SendJobOptions): Promise<string | null>;
  /** How many jobs sent with this singletonKey are still waiting, retrying or running. */
  countPending?(queue: string, singletonKey: string): Promise<number>;
}

/** Used when the server runs without background jobs (unit tests of other features): refuses to queue. */
export const noJobs: JobSender = {
  send: (queue) => Promise.reject(new Error(`Background jobs are not running, so the "${queue}" job cannot be queued.`)),
};
