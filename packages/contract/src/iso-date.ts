/**
 * The one date a request carries: 'yyyy-MM-dd', a real day of years 0001 to 9999 (core's
 * isCalendarDate). The message names the field and repeats what was sent.
 */
import { z } from 'zod';
import { isCalendarDate } from '@ledgerport/core/rules';
import { fieldNameOf } from './safe-text';

export const isoDateSchema = z.string().check(
  z.refine<string>(isCalendarDate, {
    error: (issue) => `The ${fieldNameOf(issue.path, 'date')} ${JSON.stringify(issue.input)} is not a date; use a real day like 2026-11-23.`,
  }),
);
