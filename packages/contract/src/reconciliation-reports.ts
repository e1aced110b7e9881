/**
 * Reconciliation reports (spec section 2, /reconciliation-reports and report/{reconciliationReportId};
 * issue 18): settlements against the deposits of an uploaded bank statement (CSV, OFX or CAMT.053),
 * or an order list against the settlements that paid each order. Saved, re-opened a page of rows at a
 * time per outcome, exported as CSV, deleted. Every call is account-scoped: another account's report
 * answers not found.
 */
import { z } from 'zod';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { isoDateSchema } from './iso-date';
import { decimalAmountSchema } from './money';
import { safeTextSchema } from './safe-text';
import { paginationSchema } from './settlements';

export const RECONCILIATION_KINDS = ['deposits', 'orders'] as const;
export const RECONCILIATION_ROW_KINDS = ['matched', 'unmatched-settlement', 'unmatched-deposit', 'paid-order', 'unpaid-order'] as const;
export type ReconciliationRowKindBody = (typeof RECONCILIATION_ROW_KINDS)[number];
/** core's MATCH_WINDOW_DAYS_MAX (not imported: the web would then load the statement parsers). */
const MATCH_WINDOW_DAYS_MAX = 60;
/** A bank statement or order list is small; a file over this is not one. */
export const RECONCILIATION_FILE_BYTES_MAX = 20 * 1024 * 1024;

export const reconciliationReportIdSchema = safeTextSchema.trim().min(1, 'The reconciliationReportId is missing.').max(100, 'The reconciliationReportId is too long.');

const dayCount = (name: string) =>
  z.coerce.number().int(`${name} must be a whole number of days.`).min(-MATCH_WINDOW_DAYS_MAX, `${name} is at least -${MATCH_WINDOW_DAYS_MAX}.`).max(MATCH_WINDOW_DAYS_MAX, `${name} is at most ${MATCH_WINDOW_DAYS_MAX}.`);

export const reconciliationCurrencyTotalSchema = z.object({
  currency: z.string(),
  settlementTotal: decimalAmountSchema,
  depositTotal: decimalAmountSchema,
  matchedTotal: decimalAmountSchema,
});

export const reconciliationReportSchema = z
  .object({
    reconciliationReportId: z.string(),
    accountKey: z.string(),
    kind: z.enum(RECONCILIATION_KINDS),
    fileName: z.string(),
    /** csv, ofx, camt053 (a bank statement) or orders-csv. */
    format: z.string(),
    /** The settlements compared: those that ended within [start, end]; null for an order list. */
    start: z.string().nullable(),
    end: z.string().nullable(),
    daysAfterMin: z.number().int(),
    daysAfterMax: z.number().int(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    /** How many rows of each outcome. */
    counts: z.object({
      settlements: z.number().int(),
      deposits: z.number().int(),
      matched: z.number().int(),
      unmatchedSettlements: z.number().int(),
      unmatchedDeposits: z.number().int(),
      /** Debits and zero amounts of the statement, and bank lines outside the dates: not compared. */
      ignored: z.number().int(),
      orders: z.number().int(),
      paidOrders: z.number().int(),
      unpaidOrders: z.number().int(),
    }),
    totals: z.array(reconciliationCurrencyTotalSchema),
  })
  .meta({ id: 'ReconciliationReport' });
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export const reconciliationRowSchema = z
  .object({
    rowNo: z.number().int(),
    kind: z.enum(RECONCILIATION_ROW_KINDS),
    settlementKey: z.string().nullable(),
    settlementId: z.string().nullable(),
    settlementCurrency: z.string().nullable(),
    settlementAmount: decimalAmountSchema.nullable(),
    settlementEndDate: z.string().nullable(),
    /** The line of the uploaded file (bank transaction or order). */
    depositRow: z.number().int().nullable(),
    depositDate: z.string().nullable(),
    depositAmount: decimalAmountSchema.nullable(),
    depositCurrency: z.string().nullable(),
    depositDescription: z.string().nullable(),
    depositReference: z.string().nullable(),
    orderId: z.string().nullable(),
    dateDifferenceDays: z.number().int().nullable(),
    amountDifference: decimalAmountSchema.nullable(),
    reason: z.string(),
  })
  .meta({ id: 'ReconciliationRow' });
export type ReconciliationRowBody = z.infer<typeof reconciliationRowSchema>;

/**
 * Multipart form, one part named file: the bank statement (kind=deposits) or the order list
 * (kind=orders). A file that cannot be read is refused with 400 naming its rows and columns, and
 * nothing is saved.
 */
export const createReconciliationReport = defineEndpoint({
  method: 'POST',
  url: '/reconciliation-reports',
  summary:
    'Reconcile an uploaded file (multipart, part named file): kind=deposits matches the settlements that ended within [start, end] against the credits of a bank statement (CSV, OFX, CAMT.053) of the same amount booked daysAfterMin to daysAfterMax days later; kind=orders says which orders of a list were paid in which settlement.',
  tag: 'reconciliation',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({
    accountKey: accountKeySchema,
    kind: z.enum(RECONCILIATION_KINDS).default('deposits'),
    start: isoDateSchema.optional(),
    end: isoDateSchema.optional(),
    daysAfterMin: dayCount('daysAfterMin').default(0),
    daysAfterMax: dayCount('daysAfterMax').default(5),
    /** The statement's currency when the file does not say (a bank CSV without a currency column). */
    currency: z.string().regex(/^[A-Z]{3}$/, 'currency is a 3-letter code.').optional(),
  }),
  response: reconciliationReportSchema,
});

export const listReconciliationReports = defineEndpoint({
  method: 'GET',
  url: '/reconciliation-reports',
  summary: "An account's saved reconciliation reports, newest first.",
  tag: 'reconciliation',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey: accountKeySchema, limit: z.coerce.number().int().min(1, 'limit must be at least 1.').max(500, 'limit is at most 500.').default(200) }),
  response: z.object({ reports: z.array(reconciliationReportSchema) }).meta({ id: 'ReconciliationReportList' }),
});

export const getReconciliationReport = defineEndpoint({
  method: 'GET',
  url: '/reconciliation-report',
  summary: 'One saved reconciliation report and one page of its rows, of one outcome (rowKind) or all, in file order.',
  tag: 'reconciliation',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({
    reconciliationReportId: reconciliationReportIdSchema,
    rowKind: z.enum(RECONCILIATION_ROW_KINDS).optional(),
    page: z.coerce.number().int('page must be a whole number.').min(0, 'page starts at 0.').max(100_000).default(0),
    size: z.coerce.number().int('size must be a whole number.').min(1, 'size must be at least 1.').max(100, 'size must be at most 100.').default(25),
  }),
  response: z.object({ report: reconciliationReportSchema, rows: z.array(reconciliationRowSchema), pagination: paginationSchema }).meta({ id: 'ReconciliationReportDetail' }),
});

export const deleteReconciliationReport = defineEndpoint({
  method: 'DELETE',
  url: '/reconciliation-report',
  summary: 'Delete a saved reconciliation report and its rows.',
  tag: 'reconciliation',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ reconciliationReportId: reconciliationReportIdSchema }),
  status: 204,
});

export const exportReconciliationReport = defineEndpoint({
  method: 'GET',
  url: '/reconciliation-report/export',
  summary: 'Download every row of a reconciliation report as CSV (text that would start a spreadsheet formula is escaped).',
  tag: 'reconciliation',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ reconciliationReportId: reconciliationReportIdSchema }),
});
