/**
 * The request id of the work being done: set for each HTTP request and for each job, so a job queued
 * while serving a request carries that request's id (jobs/start-jobs.ts puts it in the job's data), and
 * the job's own log lines and the jobs it queues in turn carry it too.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';

const storage = new AsyncLocalStorage<{ requestId: string }>();

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** The request id of the request or job running now, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** A proxy's X-Request-Id is kept when it is a plain token; anything else gets a new id. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : crypto.randomUUID();
}
