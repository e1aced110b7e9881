/** What every date-range report (Summary, Account Overview, Finance, Gift Card) is asked and answers about its range. */
import { z } from 'zod';
import { accountKeySchema } from './ids';
import { isoDateSchema } from './iso-date';

/** The query of a date-range report: the account and the first and last day (in the account's time zone). */
export const reportRangeQuery = { accountKey: accountKeySchema, start: isoDateSchema, end: isoDateSchema };

/** The range a report answers for, and the time zone its days are in. */
export const reportRangeFields = { accountKey: z.string(), start: z.string(), end: z.string(), timeZoneId: z.string() };

/** The settlements a closed-settlement report counted. */
export const reportSettlementCountFields = {
  /** Closed settlements counted (duplicates never are). */
  settlementCount: z.number().int(),
  /** Of those, how many do not reconcile to their deposit (their lines are still counted). */
  inconsistentCount: z.number().int(),
  /** Open settlements ending in the range, left out until they close. */
  openCount: z.number().int(),
};
