/** Events the mappings feature raises (decision 0051); the composition (wire-events.ts) subscribes the reactions. */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { defineEvent } from '../../events/event-hub';
import type { Deps } from '../../http/deps';

export interface MappingsSaved {
  deps: Pick<Deps, 'db' | 'jobs'>;
  accountKey: string;
}

/** Raised after a new version of an account's mappings is committed and its mapping state refreshed. Subscriber: auto-send. */
export const mappingsSaved = defineEvent<MappingsSaved>('mappingsSaved');

export interface MappingStateRefreshed {
  /** The caller's handle or transaction. */
  db: Kysely<Database>;
  accountKey: string;
  at: Date;
}

/** Raised by refreshMappingState once the settlements' mapping flags and mappingsCompleted are written. Subscriber: the account status. */
export const mappingStateRefreshed = defineEvent<MappingStateRefreshed>('mappingStateRefreshed');
