/**
 * Settlement reports through the Reports API 2021-06-30. Amazon generates settlement reports by
 * itself (they cannot be requested); we list them with getReports, fetch each document's pre-signed
 * URL with getReportDocument, download it (gzip when compressionAlgorithm says so) and read it with
 * core's V2 parser: the same code path as an uploaded file, hence the same settlement and duplicate key.
 * Reports are kept 90 days by Amazon, so getReports cannot look further back than that.
 */
import { gunzipSync } from 'node:zlib';
import { parseReport } from '@ledgerport/core/channels';
import type { ParseResult } from '@ledgerport/core/settlements';
import type { DateRange } from '../channel-connector';
import { mergeResults } from '../channel-connector';
import { ChannelApiError } from '../shared/channel-errors';
import { callChannelJson, type ChannelSession } from '../shared/channel-session';
import { AMAZON, amazonPolicy } from './amazon-policy';

export const SETTLEMENT_REPORT_TYPE = 'GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2';
const PAGE_SIZE = 100;
export const REPORT_RETENTION_MS = 90 * 24 * 3600 * 1000;

export interface AmazonReport {
  reportId: string;
  reportType: string;
  processingStatus: 'CANCELLED' | 'DONE' | 'FATAL' | 'IN_PROGRESS' | 'IN_QUEUE';
  createdTime: string;
  reportDocumentId?: string;
  dataStartTime?: string;
  dataEndTime?: string;
}

interface ReportsPage {
  reports: AmazonReport[];
  nextToken?: string;
}

export async function listSettlementReports(s: ChannelSession, range: DateRange): Promise<AmazonReport[]> {
  const api = s.endpoints.api!;
  const first = new URLSearchParams({
    reportTypes: SETTLEMENT_REPORT_TYPE,
    pageSize: String(PAGE_SIZE),
    createdSince: new Date(Math.max(range.from, s.now() - REPORT_RETENTION_MS + 60_000)).toISOString(),
    createdUntil: new Date(Math.min(range.to, s.now())).toISOString(),
  });
  const reports: AmazonReport[] = [];
  let query = first;
  for (;;) {
    const page = await callChannelJson<ReportsPage>(s, amazonPolicy, `${api}/reports/2021-06-30/reports?${query.toString()}`);
    reports.push(...page.reports);
    if (!page.nextToken) return reports;
    // Amazon: the next page is asked for with nextToken as the only parameter.
    query = new URLSearchParams({ nextToken: page.nextToken });
  }
}

export async function getReport(s: ChannelSession, reportId: string): Promise<AmazonReport> {
  return callChannelJson<AmazonReport>(s, amazonPolicy, `${s.endpoints.api}/reports/2021-06-30/reports/${encodeURIComponent(reportId)}`);
}

export async function downloadReport(s: ChannelSession, report: AmazonReport): Promise<ParseResult> {
  if (!report.reportDocumentId) throw new ChannelApiError(AMAZON, 0, `Amazon report ${report.reportId} is done but names no document.`);
  const bytes = await downloadReportDocument(s, report.reportId, report.reportDocumentId);
  return parseReport(bytes, { fileName: `${report.reportId}.txt`, channel: 'AMAZON' });
}

/** A report document's bytes: getReportDocument, then its pre-signed URL, gunzipped when Amazon says GZIP. */
export async function downloadReportDocument(s: ChannelSession, reportId: string, reportDocumentId: string): Promise<Uint8Array> {
  const doc = await callChannelJson<{ reportDocumentId: string; url: string; compressionAlgorithm?: 'GZIP' }>(
    s,
    amazonPolicy,
    `${s.endpoints.api}/reports/2021-06-30/documents/${encodeURIComponent(reportDocumentId)}`,
  );
  // The pre-signed URL must be fetched without our token (it is S3's, and expires after 5 minutes).
  const response = await s.fetch(doc.url);
  if (!response.ok) throw new ChannelApiError(AMAZON, response.status, `Amazon report ${reportId} could not be downloaded (HTTP ${response.status}).`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return doc.compressionAlgorithm === 'GZIP' ? new Uint8Array(gunzipSync(bytes)) : bytes;
}

export interface ReportsOutcome {
  result: ParseResult;
  /** Reports Amazon is still generating: the next fetch must look again from their creation time. */
  notReady: AmazonReport[];
}

export async function fetchSettlementReports(s: ChannelSession, range: DateRange): Promise<ReportsOutcome> {
  const reports = await listSettlementReports(s, range);
  const results: ParseResult[] = [];
  const notReady: AmazonReport[] = [];
  for (const report of reports) {
    if (report.processingStatus === 'DONE') results.push(await downloadReport(s, report));
    else if (report.processingStatus === 'IN_QUEUE' || report.processingStatus === 'IN_PROGRESS') notReady.push(report);
    // CANCELLED/FATAL settlement reports carry no data (Amazon cancels empty ones): nothing to read.
  }
  return { result: mergeResults(results), notReady };
}
