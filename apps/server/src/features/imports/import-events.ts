/**
 * Events the imports feature raises (decision 0051); the composition (wire-events.ts) subscribes the
 * features that react, so storing settlements knows nothing of what happens because of it.
 */
import type { Kysely } from 'kysely';
import type { Channel } from '@ledgerport/core/settlements';
import type { Database } from '@ledgerport/db';
import { defineEvent } from '../../events/event-hub';
import type { Deps } from '../../http/deps';
import type { JobLog } from '../../jobs/job-handler';
import type { NewSettlement } from '../notifications/notify-events';

export interface SettlementsStored {
  /** The storing transaction: handlers write in it (their rows commit with the settlements). */
  trx: Kysely<Database>;
  accountKey: string;
  at: Date;
  /** Settlements created or completed (their lines stored), in the order they were stored; a key may repeat. */
  stored: { settlementKey: string; channel: Channel; currency: string }[];
  /** The new settlements (not completed, not duplicates). */
  created: NewSettlement[];
}

/**
 * Raised by settleStoredSettlements inside its transaction, after the settlements, their totals, the
 * account's mapping state and its inconsistent holds are written. Subscribers: the Shopify order
 * totals, the COGS catalog's seen products, new-settlement notifications, the account status.
 */
export const settlementsStored = defineEvent<SettlementsStored>('settlementsStored');

export interface SettlementFileImported {
  deps: Pick<Deps, 'db' | 'jobs'>;
  accountKey: string;
  log: JobLog;
}

/** Raised by the import-settlement-file job after the file's outcome is committed. Subscriber: auto-send. */
export const settlementFileImported = defineEvent<SettlementFileImported>('settlementFileImported');
