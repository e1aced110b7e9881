/** Events of settlement holds (decision 0051); the composition (wire-events.ts) subscribes the reactions. */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { defineEvent } from '../../events/event-hub';

export interface HoldsChanged {
  /** The caller's handle or transaction. */
  db: Kysely<Database>;
  accountKey: string;
  at: Date;
}

/** Raised when settlements of an account were held or released. Subscriber: the account status. */
export const holdsChanged = defineEvent<HoldsChanged>('holdsChanged');
