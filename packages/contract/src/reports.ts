/**
 * Reports (issue 18). The Amazon Summary Report (/amazon/date-range-summary-report): an account's
 * closed settlements ending in a date range (in the account's time zone), by month, category,
 * transaction type and marketplace, per currency, from the totals stored with each settlement.
 */
import { z } from 'zod';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { isoDateSchema } from './iso-date';

/** The longest range one summary covers (ten years). */
export const SUMMARY_REPORT_DAYS_MAX = 3660;

const amount = z.string();

export const currencySummarySchema = z.object({
  currency: z.string(),
  total: amount,
  months: z.array(z.object({ month: z.string(), byCategory: z.record(z.string(), amount), net: amount, feeRatePercent: z.string().nullable() })),
  categories: z.array(z.object({ category: z.string(), total: amount })),
  types: z.array(z.object({ typeKey: z.string(), label: z.string(), category: z.string(), total: amount, lineCount: z.number().int(), byMonth: z.record(z.string(), amount) })),
  marketplaces: z.array(z.object({ marketplace: z.string(), total: amount })),
});
export type CurrencySummaryBody = z.infer<typeof currencySummarySchema>;

export const summaryReportSchema = z
  .object({
    accountKey: z.string(),
    start: z.string(),
    end: z.string(),
    timeZoneId: z.string(),
    /** Closed settlements counted (duplicates never are). */
    settlementCount: z.number().int(),
    /** Of those, how many do not reconcile to their deposit (their lines are still counted). */
    inconsistentCount: z.number().int(),
    /** Open settlements ending in the range, left out until they close. */
    openCount: z.number().int(),
    currencies: z.array(currencySummarySchema),
  })
  .meta({ id: 'SummaryReport' });
export type SummaryReportBody = z.infer<typeof summaryReportSchema>;

export const getAmazonSummaryReport = defineEndpoint({
  method: 'GET',
  url: '/amazon/summary-report',
  summary: "An Amazon account's closed settlements ending between start and end (its time zone), by month, category, type and marketplace, per currency.",
  tag: 'reports',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey: accountKeySchema, start: isoDateSchema, end: isoDateSchema }),
  response: summaryReportSchema,
});
