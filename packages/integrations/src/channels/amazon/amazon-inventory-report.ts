/**
 * The Amazon Inventory Ledger summary of one month (GET_LEDGER_SUMMARY_VIEW_DATA) through the Reports
 * API 2021-06-30: unlike settlement reports it is requested (createReport), then polled (getReport)
 * until Amazon is done, and its document downloaded like every report's (amazon-reports.ts). The
 * bytes go back untouched: the server reads them with core's parseInventoryLedger, the parser of an
 * uploaded file, so a fetched month and the same file uploaded store the same positions.
 * Report options as Amazon documents them for this report type: aggregateByLocation COUNTRY or FC,
 * aggregatedByTimePeriod DAILY, WEEKLY or MONTHLY (we ask MONTHLY: one row per SKU, place and
 * disposition, the month's starting and ending balances).
 */
import { ChannelApiError } from '../shared/channel-errors';
import { callChannelJson, type ChannelSession } from '../shared/channel-session';
import { AMAZON, amazonPolicy } from './amazon-policy';
import { downloadReportDocument, getReport, type AmazonReport } from './amazon-reports';

export const LEDGER_SUMMARY_REPORT_TYPE = 'GET_LEDGER_SUMMARY_VIEW_DATA';
export type LedgerAggregation = 'FC' | 'COUNTRY';

/** getReport allows 2 requests a second; a month's ledger takes Amazon seconds to minutes. */
const POLL_FIRST_MS = 5_000;
const POLL_MAX_MS = 60_000;
/** About half an hour of waiting in all before we give up on this attempt. */
export const POLLS_MAX = 40;
const ERROR_TEXT_MAX = 400;

export interface LedgerSummaryRequest {
  /** YYYY-MM, a month that has ended. */
  month: string;
  marketplaceIds: string[];
  aggregateByLocation: LedgerAggregation;
}

export interface LedgerSummaryDocument {
  reportId: string;
  bytes: Uint8Array;
}

/** The createReport body for a month: its first instant to its last second, in UTC. */
export function ledgerSummarySpecification(request: LedgerSummaryRequest) {
  const [year, month] = request.month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    reportType: LEDGER_SUMMARY_REPORT_TYPE,
    marketplaceIds: request.marketplaceIds,
    dataStartTime: `${request.month}-01T00:00:00Z`,
    dataEndTime: `${request.month}-${String(lastDay).padStart(2, '0')}T23:59:59Z`,
    reportOptions: { aggregateByLocation: request.aggregateByLocation, aggregatedByTimePeriod: 'MONTHLY' },
  };
}

export async function createLedgerSummaryReport(s: ChannelSession, request: LedgerSummaryRequest): Promise<string> {
  const created = await callChannelJson<{ reportId: string }>(s, amazonPolicy, `${s.endpoints.api}/reports/2021-06-30/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ledgerSummarySpecification(request)),
  });
  return created.reportId;
}

/** Polls getReport until the report leaves the queue; backs off from 5 s to a minute. */
export async function waitForReport(s: ChannelSession, reportId: string, onPoll?: (report: AmazonReport) => Promise<void>): Promise<AmazonReport> {
  let wait = POLL_FIRST_MS;
  for (let poll = 0; poll < POLLS_MAX; poll++) {
    const report = await getReport(s, reportId);
    if (report.processingStatus !== 'IN_QUEUE' && report.processingStatus !== 'IN_PROGRESS') return report;
    await onPoll?.(report);
    await s.sleep(wait);
    wait = Math.min(wait * 2, POLL_MAX_MS);
  }
  throw new ChannelApiError(AMAZON, 0, `Amazon was still preparing inventory report ${reportId} after half an hour; ask for the month again later.`);
}

/**
 * Requests (or, given `reportId`, resumes) the month's ledger summary and downloads it. CANCELLED
 * (Amazon cancels a report with no data) and FATAL (with Amazon's error document when it gives one)
 * become errors a bookkeeper can read.
 */
export async function fetchLedgerSummary(
  s: ChannelSession,
  request: LedgerSummaryRequest,
  options: { reportId?: string; onCreated?: (reportId: string) => Promise<void>; onPoll?: (report: AmazonReport) => Promise<void> } = {},
): Promise<LedgerSummaryDocument> {
  const reportId = options.reportId ?? (await createLedgerSummaryReport(s, request));
  if (!options.reportId) await options.onCreated?.(reportId);
  const report = await waitForReport(s, reportId, options.onPoll);
  if (report.processingStatus === 'CANCELLED')
    throw new ChannelApiError(AMAZON, 0, `Amazon cancelled inventory report ${reportId} for ${request.month}: it had no inventory data for that month.`);
  if (report.processingStatus === 'FATAL') {
    const detail = report.reportDocumentId ? await readErrorDocument(s, reportId, report.reportDocumentId) : '';
    throw new ChannelApiError(AMAZON, 0, `Amazon could not make inventory report ${reportId} for ${request.month}${detail ? `: ${detail}` : '.'}`);
  }
  if (!report.reportDocumentId) throw new ChannelApiError(AMAZON, 0, `Amazon report ${reportId} is done but names no document.`);
  return { reportId, bytes: await downloadReportDocument(s, reportId, report.reportDocumentId) };
}

/** A FATAL report's document holds Amazon's reason (JSON errors or text); shown shortened. */
async function readErrorDocument(s: ChannelSession, reportId: string, documentId: string): Promise<string> {
  const text = new TextDecoder().decode(await downloadReportDocument(s, reportId, documentId)).trim();
  try {
    const parsed = JSON.parse(text) as { errorDetails?: string; errors?: { message?: string; details?: string }[] };
    const said = parsed.errorDetails ?? parsed.errors?.map((e) => [e.message, e.details].filter(Boolean).join(' ')).join('; ');
    if (said) return said.slice(0, ERROR_TEXT_MAX);
  } catch {
    // Not JSON: Amazon's text as it is.
  }
  return text.slice(0, ERROR_TEXT_MAX);
}
