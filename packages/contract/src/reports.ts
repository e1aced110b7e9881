/**
 * Reports (issue 18). The Amazon Summary Report (/amazon/date-range-summary-report): an account's
 * closed settlements ending in a date range (in the account's time zone), by month, category,
 * transaction type and marketplace, per currency, from the report rollup (decision 0029). The Account
 * Overview (/overview-settlements, Home charts) and Export Data (/app/reports/export-data) read it too.
 */
import { z } from 'zod';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { isoDateSchema } from './iso-date';
import { safeTextSchema } from './safe-text';
import { figureSourcesSchema } from './shopify-reports';
import { reportRangeFields, reportRangeQuery, reportSettlementCountFields } from './report-range';

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
    ...reportRangeFields,
    ...reportSettlementCountFields,
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
  planFeature: 'PREMIUM_REPORTS',
  querystring: z.strictObject(reportRangeQuery),
  response: summaryReportSchema,
});

const figures = { sales: amount, fees: amount, net: amount };

/** The Account Overview (/overview-settlements) and the Home page charts. */
export const accountOverviewReportSchema = z
  .object({
    ...reportRangeFields,
    /** Settlements ending in the range by state; duplicates are counted apart. */
    counts: z.object({
      closed: z.number().int(),
      open: z.number().int(),
      inconsistent: z.number().int(),
      posted: z.number().int(),
      partiallyPosted: z.number().int(),
      notPosted: z.number().int(),
      duplicates: z.number().int(),
    }),
    /** Closed settlements' sales, fees (negative) and net, per currency. */
    currencies: z.array(
      z.object({
        currency: z.string(),
        ...figures,
        months: z.array(z.object({ month: z.string(), ...figures, feeRatePercent: z.string().nullable(), byChannel: z.record(z.string(), z.object(figures)) })),
        channels: z.array(z.object({ channel: z.string(), ...figures })),
      }),
    ),
  })
  .meta({ id: 'AccountOverviewReport' });
export type AccountOverviewBody = z.infer<typeof accountOverviewReportSchema>;

export const getAccountOverview = defineEndpoint({
  method: 'GET',
  url: '/reports/account-overview',
  summary: "An account's closed settlements ending between start and end (its time zone): sales, fees and net by month and channel per currency, and its settlements counted by state.",
  tag: 'reports',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject(reportRangeQuery),
  response: accountOverviewReportSchema,
});

/** What Export Data writes: the summary by type and month, the settlements list, or every raw line. */
export const EXPORT_DATA_REPORTS = ['summary', 'settlements', 'lines'] as const;
/** The longest range of a raw lines export; the summary and the settlements list may cover SUMMARY_REPORT_DAYS_MAX. */
export const EXPORT_DATA_DAYS_MAX = 92;

export const exportData = defineEndpoint({
  method: 'GET',
  url: '/reports/export-data',
  summary:
    "Download (streamed) an account's report=summary (by type and month), settlements (one row each) or lines (every raw line, 92 days at most) of the settlements ending between start and end (its time zone), as format=csv or xlsx. The x-export-rows header says how many data rows follow.",
  tag: 'reports',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({
    accountKey: accountKeySchema,
    report: z.enum(EXPORT_DATA_REPORTS),
    start: isoDateSchema,
    end: isoDateSchema,
    format: z.enum(['csv', 'xlsx']).default('csv'),
  }),
});

/**
 * The drill-down of a report figure by transaction type (the Summary Report's types, issue 18): the
 * closed settlements ending in the range that hold lines of the type, each with the type's amount, a
 * page at a time, largest first; each opens its source rows through /settlement/lines. Same body as a
 * Shopify figure's sources, so one drawer shows both.
 */
export const getReportTypeSources = defineEndpoint({
  method: 'GET',
  url: '/reports/type-sources',
  summary: "Drill-down: the closed settlements ending in the range that hold a transaction type, with the type's amount in each, a page at a time.",
  tag: 'reports',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({
    ...reportRangeQuery,
    currency: safeTextSchema.trim().regex(/^[A-Z]{3}$/, 'currency must be a three-letter code like USD.'),
    typeKey: safeTextSchema.min(1, 'typeKey is missing.').max(300, 'typeKey is too long.'),
    month: z.string().regex(/^\d{4}-\d{2}$/, 'month must look like 2026-11.').optional(),
    page: z.coerce.number().int('page must be a whole number.').min(0).default(0),
    size: z.coerce.number().int('size must be a whole number.').min(1).max(100, 'size must be at most 100.').default(25),
  }),
  response: figureSourcesSchema,
});
