/** Events the posting feature raises (decision 0051); the composition (wire-events.ts) subscribes the reactions. */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { defineEvent } from '../../events/event-hub';

interface SendFinishedBase {
  /** The transaction that records the send's outcome on the settlement: handlers write in it. */
  trx: Kysely<Database>;
  accountKey: string;
  settlementKey: string;
  settlementId: string;
  at: Date;
}

export type SendFinished =
  | (SendFinishedBase & { outcome: 'posted'; isAutomatic: boolean })
  /** wasFailed: the settlement was already FAILED before (a retry of the same send). */
  | (SendFinishedBase & { outcome: 'failed'; error: string; wasFailed: boolean });

/** Raised when a send of a settlement ends, posted or failed. Subscribers: notifications, the account status. */
export const sendFinished = defineEvent<SendFinished>('sendFinished');
