/**
 * The internal account area's remaining pages (issue 19; decision 0047): the channel reports an account
 * received and each report's stored transactions, the Amazon data state, and the audited support
 * utilities. Admin-only (to anyone else the paths do not exist, decision 0032); the account is the
 * path's accountKey, an unknown one is a 404.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { accountKeySchema } from './ids';
import { decimalAmountSchema } from './money';
import { safeTextSchema } from './safe-text';

const params = z.strictObject({ accountKey: accountKeySchema });
const reportId = safeTextSchema.trim().min(1, 'The reportId is missing.').max(500, 'The reportId is too long.');

/** Stored reports: STORED, OPEN (still running), INCONSISTENT, DUPLICATE; uploads that stored nothing keep their file status. */
export const accountReportStatusSchema = z.enum(['STORED', 'OPEN', 'INCONSISTENT', 'DUPLICATE', 'QUEUED', 'PARSING', 'STORING', 'PROBLEMS', 'FAILED']);
export type AccountReportStatus = z.infer<typeof accountReportStatusSchema>;

export const accountReportRowSchema = z
  .object({
    /** The channel's report or settlement id (fetched), or the uploaded file's name. */
    reportId: z.string(),
    source: z.enum(['upload', 'api']),
    channel: z.string().nullable(),
    format: z.string().nullable(),
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
    receivedAt: z.string(),
    rowCount: z.number().int(),
    status: accountReportStatusSchema,
    settlementCount: z.number().int(),
    /** The settlement it produced (the first original one when it produced several). */
    settlementKey: z.string().nullable(),
    settlementId: z.string().nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: 'AccountReportRow' });
export type AccountReportRow = z.infer<typeof accountReportRowSchema>;

export const listAccountReports = defineEndpoint({
  method: 'GET',
  url: '/backend/account/:accountKey/reports',
  summary: "The channel reports and files an account received (uploads and fetched reports), a page at a time, filtered and sorted (admin only).",
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params,
  querystring: z.strictObject({
    search: safeTextSchema.trim().max(200, 'The search is too long (200 characters at most).').optional(),
    source: z.enum(['upload', 'api']).optional(),
    status: accountReportStatusSchema.optional(),
    sort: z.enum(['receivedAt', 'reportId', 'periodEnd', 'rowCount', 'status']).default('receivedAt'),
    desc: z.enum(['true', 'false']).optional(),
    limit: z.coerce.number().int('limit must be a whole number.').min(1, 'limit must be at least 1.').max(200, 'limit must be at most 200.').default(50),
    offset: z.coerce.number().int('offset must be a whole number.').min(0, 'offset must be 0 or more.').max(1_000_000, 'offset must be at most 1000000.').default(0),
  }),
  response: z.object({ reports: z.array(accountReportRowSchema), total: z.number().int() }),
});

/** A settlement as the backend lists it: its ids, currency and dates, the deposit the channel reported and what its lines add up to. */
export const backendSettlementFields = {
  settlementKey: z.string(),
  settlementId: z.string(),
  currency: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  total: decimalAmountSchema.nullable(),
  linesTotal: decimalAmountSchema,
};

export const accountReportSettlementSchema = z.object({
  ...backendSettlementFields,
  lineCount: z.number().int(),
  status: z.enum(['closed', 'open']),
  postingStatus: z.string(),
  isInconsistent: z.boolean(),
  duplicateOf: z.string().nullable(),
});

export const accountReportDetailSchema = z
  .object({
    reportId: z.string(),
    source: z.enum(['upload', 'api']),
    settlements: z.array(accountReportSettlementSchema),
    /** Sums of the stored lines per type and currency, exact (from the settlements' stored type totals). */
    totalsByType: z.array(z.object({ typeKey: z.string(), currency: z.string(), amount: decimalAmountSchema, lineCount: z.number().int() })),
    /** The uploads of this name that stored nothing or are still being read, with their message. */
    files: z.array(z.object({ importId: z.string(), fileIndex: z.number().int(), status: z.string(), message: z.string().nullable(), receivedAt: z.string() })),
    lines: z.array(
      z.object({
        settlementKey: z.string(),
        lineNo: z.number().int(),
        postedAt: z.string().nullable(),
        typeKey: z.string(),
        amount: decimalAmountSchema,
        currency: z.string(),
        orderId: z.string().nullable(),
        sku: z.string().nullable(),
        quantity: z.number().int().nullable(),
        marketplace: z.string().nullable(),
        description: z.string().nullable(),
      }),
    ),
    lineTotal: z.number().int(),
  })
  .meta({ id: 'AccountReportDetail' });
export type AccountReportDetail = z.infer<typeof accountReportDetailSchema>;

export const getAccountReport = defineEndpoint({
  method: 'GET',
  url: '/backend/account/:accountKey/report/:reportId',
  summary: "One received report: the settlements it produced, its totals by type and a page of its stored transactions (admin only).",
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params: z.strictObject({ accountKey: accountKeySchema, reportId }),
  querystring: z.strictObject({
    limit: z.coerce.number().int().min(1).max(500, 'limit must be at most 500.').default(100),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  }),
  response: accountReportDetailSchema,
});

export const amazonDataStateSchema = z
  .object({
    connection: z
      .object({
        status: z.string(),
        sellerId: z.string().nullable(),
        lastFetchedAt: z.string().nullable(),
        lastError: z.string().nullable(),
        lastErrorAt: z.string().nullable(),
        /** Where the next scheduled fetch starts (the last fetch's window ends now; it overlaps by two days). */
        nextFetchFrom: z.string().nullable(),
      })
      .nullable(),
    /** Per kind of Amazon data: settlement reports, Finances API open event groups, deferred transactions. */
    kinds: z.array(
      z.object({
        kind: z.enum(['settlement-report', 'open-event-group', 'deferred-transactions', 'upload']),
        count: z.number().int(),
        lastReceivedAt: z.string().nullable(),
        firstStart: z.string().nullable(),
        lastEnd: z.string().nullable(),
      }),
    ),
    /** The Finances API event groups still open, stored under a provisional id until their report comes. */
    openGroups: z.array(z.object({ groupId: z.string(), settlementKey: z.string(), startDate: z.string().nullable(), endDate: z.string().nullable(), lineCount: z.number().int(), fetchedAt: z.string() })),
    historyRequests: z.array(z.object({ requestId: z.string(), fromDate: z.string(), toDate: z.string(), status: z.string(), requestedAt: z.string(), finishedAt: z.string().nullable(), message: z.string().nullable() })),
    /** Holes between consecutive closed settlements (per currency and marketplace). */
    gaps: z.array(z.object({ currency: z.string(), marketplace: z.string().nullable(), afterSettlementId: z.string(), beforeSettlementId: z.string(), fromAt: z.string(), toAt: z.string(), days: z.number() })),
  })
  .meta({ id: 'AmazonDataState' });
export type AmazonDataState = z.infer<typeof amazonDataStateSchema>;

export const getAmazonDataState = defineEndpoint({
  method: 'GET',
  url: '/backend/account/:accountKey/amazon/data-state',
  summary: 'What Amazon data was fetched for an Amazon account: connection, kinds of data, open event groups, history requests and gaps (admin only).',
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params,
  response: amazonDataStateSchema,
});

export const accountUtilitySchema = z.enum(['requeue-stuck-imports', 'resume-stuck-send', 'refresh-mapping-state']);
export type AccountUtility = z.infer<typeof accountUtilitySchema>;

export const runAccountUtility = defineEndpoint({
  method: 'POST',
  url: '/backend/account/:accountKey/utilities',
  summary:
    "Run a support utility on an account (admin only, audited with the staff member's name): queue again its stuck uploads, resume a send left QUEUED or SENDING with no job (the stored idempotency key keeps it from posting twice), or refresh its mapping state and status.",
  tag: 'backend',
  access: 'admin',
  effect: 'write',
  params,
  body: z.strictObject({ utility: accountUtilitySchema, settlementKey: safeTextSchema.trim().min(1).max(300).optional() }),
  response: z.object({ utility: accountUtilitySchema, message: z.string(), count: z.number().int() }),
});

export const stuckWorkSchema = z.object({
  imports: z.array(z.object({ importId: z.string(), fileIndex: z.number().int(), fileName: z.string(), status: z.string(), attempts: z.number().int(), updatedAt: z.string(), hasJob: z.boolean() })),
  sends: z.array(z.object({ settlementKey: z.string(), settlementId: z.string(), sendState: z.string(), updatedAt: z.string(), hasJob: z.boolean() })),
});
export type StuckWork = z.infer<typeof stuckWorkSchema>;

export const listAccountStuckWork = defineEndpoint({
  method: 'GET',
  url: '/backend/account/:accountKey/utilities',
  summary: "An account's unfinished uploads and sends, and whether a job is still queued or running for each (admin only).",
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params,
  response: stuckWorkSchema,
});
