/**
 * Amazon SP-API played from Amazon's own models: Reports 2021-06-30, Finances v0 and Finances
 * 2024-06-19 (Swagger 2.0, converted). Every request is validated by the contracts; answers are built from the settlement
 * reports and event groups a test adds (generated data), and checked against the response schemas.
 * Overlay of rules Amazon documents in prose only: a getReports call with nextToken carries no other
 * parameter; every call carries x-amz-access-token (auth headers are not in the models); a
 * listTransactions next page repeats the first call's arguments, postedAfter is required without a
 * related identifier, only FINANCIAL_EVENT_GROUP_ID and ORDER_ID filter, postedBefore lies more than two
 * minutes in the past, and pages may be empty before the last (all from the model's descriptions).
 * Throttling answers 429 with Retry-After, or as Amazon does with only x-amzn-RateLimit-Limit.
 * An invalid or expired token gets Amazon's 403 Unauthorized.
 * createReport plays the Inventory Ledger summary (GET_LEDGER_SUMMARY_VIEW_DATA): the month named by
 * dataStartTime answers the document a test put in `ledgerDocuments` (else Amazon's CANCELLED: no
 * data), after `ledgerPolls` getReport calls IN_PROGRESS; `ledgerOutcomes` forces FATAL (with an error
 * document) or CANCELLED for a month. The report options are checked as Amazon documents them.
 */
import { gzipSync } from 'node:zlib';
import type { Context } from 'openapi-backend';
import { createContract, combineContracts, headerOf } from '../openapi-contract';
import { createFakeAuthorizationServer, type FakeAuthorizationServer } from '../fake-authorization-server';
import { SPECS_DIR } from '../specs-dir';
import { createThrottle, decodePageToken, encodePageToken, paramOf, queryOf, type FakeChannel } from './fake-channel';
import { serveTransactions } from './fake-amazon-transactions';

export interface FakeAmazonReport {
  reportId: string;
  /** GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2 unless made by createReport. */
  reportType?: string;
  /** getReport answers IN_PROGRESS this many more times before processingStatus. */
  pollsLeft?: number;
  /** A FATAL report's error document (Amazon's JSON). */
  errorDocument?: Uint8Array;
  /** The createReport body that made it. */
  specification?: Record<string, unknown>;
  createdTime: string;
  processingStatus: 'DONE' | 'IN_PROGRESS' | 'IN_QUEUE' | 'CANCELLED' | 'FATAL';
  /** The flat file's bytes. */
  document: Uint8Array;
  isGzip: boolean;
}

export interface FakeAmazon extends FakeChannel {
  reports: FakeAmazonReport[];
  /** Finances v0 groups and, per group id, its FinancialEvents pages. */
  groups: Record<string, unknown>[];
  groupEvents: Map<string, Record<string, unknown>[]>;
  /** Finances 2024-06-19 transactions (listTransactions), in posting order. */
  transactions: Record<string, unknown>[];
  /** The next `count` API calls answer 429 carrying only x-amzn-RateLimit-Limit (requests per second). */
  throttleNextByRate: (count: number, ratePerSecond: number) => void;
  addReport: (r: Partial<FakeAmazonReport> & { document: Uint8Array; createdTime: string }) => FakeAmazonReport;
  /** GET_LEDGER_SUMMARY_VIEW_DATA documents by month (YYYY-MM). */
  ledgerDocuments: Map<string, { document: Uint8Array; isGzip?: boolean }>;
  /** A month whose ledger report ends FATAL (error document given) or CANCELLED. */
  ledgerOutcomes: Map<string, { processingStatus: 'FATAL' | 'CANCELLED'; errorDocument?: Uint8Array }>;
  /** getReport calls a ledger report answers IN_PROGRESS before it is done. */
  ledgerPolls: { count: number };
}

export interface FakeAmazonOptions {
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  now?: () => number;
  /**
   * Login with Amazon is one for every region: the SP-API of another region shares the first one's
   * (its tokens work there too, and its token endpoint stays the first one's).
   */
  auth?: FakeAuthorizationServer;
}

const UNAUTHORIZED = { errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.', details: 'The access token you provided has expired.' }] };
const SETTLEMENT_REPORT_TYPE = 'GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2';
const LEDGER_REPORT_TYPE = 'GET_LEDGER_SUMMARY_VIEW_DATA';
/** Amazon's documented reportOptions of the ledger summary. */
const LEDGER_OPTIONS: Record<string, string[]> = { aggregateByLocation: ['COUNTRY', 'FC'], aggregatedByTimePeriod: ['DAILY', 'WEEKLY', 'MONTHLY'] };
const THROTTLED = { errors: [{ code: 'QuotaExceeded', message: 'You exceeded your quota for the requested resource.' }] };

export async function createFakeAmazon(o: FakeAmazonOptions): Promise<FakeAmazon> {
  const check = (c: Context): string[] => {
    const problems: string[] = [];
    if (!headerOf(c, 'x-amz-access-token')) problems.push('no x-amz-access-token header');
    const q = queryOf(c);
    if (c.operation.operationId === 'getReports' && q.nextToken && Object.keys(q).length > 1) problems.push('nextToken must be the only parameter');
    return problems;
  };
  const reportsApi = await createContract({ name: 'amazon-reports', spec: `${SPECS_DIR}amazon/amzn__reports_2021-06-30.json`, baseUrl: o.apiUrl, check });
  const financesApi = await createContract({ name: 'amazon-finances', spec: `${SPECS_DIR}amazon/amzn__financesV0.json`, baseUrl: o.apiUrl, check });
  const transactionsApi = await createContract({ name: 'amazon-finances-2024', spec: `${SPECS_DIR}amazon/amzn__finances_2024-06-19.json`, baseUrl: o.apiUrl, check });
  const auth = o.auth ?? createFakeAuthorizationServer({ name: 'Amazon LWA', clientId: o.clientId, clientSecret: o.clientSecret, clientAuth: 'body', accessTokenTtlSeconds: 3600, now: o.now });
  const throttle = createThrottle(THROTTLED);
  const reports: FakeAmazonReport[] = [];
  const groups: Record<string, unknown>[] = [];
  const groupEvents = new Map<string, Record<string, unknown>[]>();
  const transactions: Record<string, unknown>[] = [];
  let rateThrottled = { count: 0, rate: 1 };
  let nextReportId = 50_000_000_000;
  const ledgerDocuments = new Map<string, { document: Uint8Array; isGzip?: boolean }>();
  const ledgerOutcomes = new Map<string, { processingStatus: 'FATAL' | 'CANCELLED'; errorDocument?: Uint8Array }>();
  const ledgerPolls = { count: 1 };
  const view = (r: FakeAmazonReport) => {
    const isPending = (r.pollsLeft ?? 0) > 0;
    const status = isPending ? 'IN_PROGRESS' : r.processingStatus;
    const hasDocument = status === 'DONE' || (status === 'FATAL' && r.errorDocument !== undefined);
    const spec = r.specification ?? {};
    return {
      reportId: r.reportId,
      reportType: r.reportType ?? SETTLEMENT_REPORT_TYPE,
      createdTime: r.createdTime,
      processingStatus: status,
      ...(Array.isArray(spec.marketplaceIds) ? { marketplaceIds: spec.marketplaceIds as string[] } : {}),
      ...(typeof spec.dataStartTime === 'string' ? { dataStartTime: spec.dataStartTime } : {}),
      ...(typeof spec.dataEndTime === 'string' ? { dataEndTime: spec.dataEndTime } : {}),
      ...(hasDocument ? { reportDocumentId: `amzn1.spdoc.1.4.na.${r.reportId}`, processingStartTime: r.createdTime, processingEndTime: r.createdTime } : {}),
    };
  };

  reportsApi.respondWith('createReport', (c) => {
    const spec = (c.request.requestBody ?? {}) as { reportType?: string; dataStartTime?: string; dataEndTime?: string; reportOptions?: Record<string, string> };
    if (spec.reportType !== LEDGER_REPORT_TYPE) return { status: 400, body: { errors: [{ code: 'InvalidInput', message: `This fake makes only ${LEDGER_REPORT_TYPE} reports.` }] } };
    for (const [name, value] of Object.entries(spec.reportOptions ?? {}))
      if (!LEDGER_OPTIONS[name]?.includes(value)) reportsApi.violations.push(`amazon-reports: createReport: reportOptions ${name}=${value} is not documented for ${LEDGER_REPORT_TYPE}`);
    const nowMs = (o.now ?? Date.now)();
    for (const at of [spec.dataStartTime, spec.dataEndTime])
      if (at && Date.parse(at) > nowMs) reportsApi.violations.push('amazon-reports: createReport: dataStartTime/dataEndTime must not be in the future');
    const month = (spec.dataStartTime ?? '').slice(0, 7);
    const forced = ledgerOutcomes.get(month);
    const ledger = ledgerDocuments.get(month);
    const report: FakeAmazonReport = {
      reportId: String(nextReportId++),
      reportType: LEDGER_REPORT_TYPE,
      createdTime: new Date(nowMs).toISOString(),
      processingStatus: forced?.processingStatus ?? (ledger ? 'DONE' : 'CANCELLED'),
      document: ledger?.document ?? new Uint8Array(),
      isGzip: ledger?.isGzip ?? false,
      pollsLeft: ledgerPolls.count,
      specification: spec,
      ...(forced?.errorDocument ? { errorDocument: forced.errorDocument } : {}),
    };
    reports.push(report);
    return { status: 202, body: { reportId: report.reportId } };
  });

  reportsApi.respondWith('getReports', (c) => {
    const q = queryOf(c);
    const offset = decodePageToken(q.nextToken);
    const pageSize = Number(q.pageSize ?? '10');
    // The filter travels inside our page token, like Amazon's.
    const since = q.createdSince ? Date.parse(q.createdSince) : 0;
    const until = q.createdUntil ? Date.parse(q.createdUntil) : Number.MAX_SAFE_INTEGER;
    const types = q.nextToken ? lastFilter.types : q.reportTypes ? q.reportTypes.split(',') : null;
    const filter = q.nextToken ? lastFilter : { since, until, pageSize, types };
    lastFilter = filter;
    const matching = reports.filter((r) => Date.parse(r.createdTime) >= filter.since && Date.parse(r.createdTime) <= filter.until && (!filter.types || filter.types.includes(r.reportType ?? SETTLEMENT_REPORT_TYPE)));
    const page = matching.slice(offset, offset + filter.pageSize);
    const isMore = offset + filter.pageSize < matching.length;
    return { status: 200, body: { reports: page.map(view), ...(isMore ? { nextToken: encodePageToken(offset + filter.pageSize) } : {}) } };
  });
  let lastFilter: { since: number; until: number; pageSize: number; types: string[] | null } = { since: 0, until: Number.MAX_SAFE_INTEGER, pageSize: 10, types: null };
  reportsApi.respondWith('getReport', (c) => {
    const r = reports.find((x) => x.reportId === paramOf(c, 'reportId'));
    if (!r) return { status: 404, body: { errors: [{ code: 'NotFound', message: 'Report not found' }] } };
    const body = view(r);
    if (r.pollsLeft) r.pollsLeft--;
    return { status: 200, body };
  });
  reportsApi.respondWith('getReportDocument', (c) => {
    const id = paramOf(c, 'reportDocumentId').split('.').pop();
    const r = reports.find((x) => x.reportId === id);
    if (!r) return { status: 404, body: { errors: [{ code: 'NotFound', message: 'Document not found' }] } };
    return { status: 200, body: { reportDocumentId: paramOf(c, 'reportDocumentId'), url: `${o.apiUrl}/__documents/${r.reportId}`, ...(r.isGzip ? { compressionAlgorithm: 'GZIP' } : {}) } };
  });
  financesApi.respondWith('listFinancialEventGroups', (c) => {
    const q = queryOf(c);
    const offset = decodePageToken(q.NextToken);
    const size = Number(q.MaxResultsPerPage ?? '10');
    const after = q.FinancialEventGroupStartedAfter ? Date.parse(q.FinancialEventGroupStartedAfter) : 0;
    const before = q.FinancialEventGroupStartedBefore ? Date.parse(q.FinancialEventGroupStartedBefore) : (o.now ?? Date.now)() - 120_000;
    // Model descriptions: StartedBefore after StartedAfter and more than two minutes before the request; over 180 days apart, nothing.
    if (before > (o.now ?? Date.now)() - 120_000 || before <= after) financesApi.violations.push('amazon-finances: listFinancialEventGroups: FinancialEventGroupStartedBefore out of bounds');
    const isTooLong = q.FinancialEventGroupStartedAfter !== undefined && before - after > 180 * 24 * 3600 * 1000;
    const matching = isTooLong ? [] : groups.filter((g) => Date.parse(String(g.FinancialEventGroupStart)) >= after && Date.parse(String(g.FinancialEventGroupStart)) < before);
    const page = matching.slice(offset, offset + size);
    return { status: 200, body: { payload: { FinancialEventGroupList: page, ...(offset + size < matching.length ? { NextToken: encodePageToken(offset + size) } : {}) } } };
  });
  financesApi.respondWith('listFinancialEventsByGroupId', (c) => {
    const q = queryOf(c);
    const pages = groupEvents.get(paramOf(c, 'eventGroupId')) ?? [{}];
    const index = decodePageToken(q.NextToken);
    return { status: 200, body: { payload: { FinancialEvents: pages[index] ?? {}, ...(index + 1 < pages.length ? { NextToken: encodePageToken(index + 1) } : {}) } } };
  });
  serveTransactions(transactionsApi, transactions, o.now ?? Date.now);
  const contractFetch = combineContracts([reportsApi, financesApi, transactionsApi]);

  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    if (req.url.startsWith(o.tokenUrl)) return auth.handleToken(req);
    if (url.pathname.startsWith('/__documents/')) {
      // The pre-signed S3 URL: no SP-API token, and none must be sent.
      if (req.headers.get('x-amz-access-token')) reportsApi.violations.push('amazon: access token sent to the pre-signed document URL');
      const r = reports.find((x) => x.reportId === url.pathname.split('/').pop());
      if (!r) return new Response('NoSuchKey', { status: 404 });
      const body = r.processingStatus === 'FATAL' ? (r.errorDocument ?? new Uint8Array()) : r.document;
      return new Response(r.isGzip ? gzipSync(body) : body, { status: 200, headers: { 'content-type': 'text/plain' } });
    }
    const throttled = throttle.take();
    if (throttled) return throttled;
    if (rateThrottled.count > 0) {
      rateThrottled.count--;
      return new Response(JSON.stringify(THROTTLED), { status: 429, headers: { 'content-type': 'application/json', 'x-amzn-RateLimit-Limit': String(rateThrottled.rate) } });
    }
    if (!auth.isValidAccessToken(req.headers.get('x-amz-access-token') ?? '')) return new Response(JSON.stringify(UNAUTHORIZED), { status: 403, headers: { 'content-type': 'application/json' } });
    return contractFetch(req);
  };

  return {
    fetch,
    auth,
    contracts: [reportsApi, financesApi, transactionsApi],
    reports,
    ledgerDocuments,
    ledgerOutcomes,
    ledgerPolls,
    groups,
    groupEvents,
    transactions,
    violations: () => [...reportsApi.violations, ...financesApi.violations, ...transactionsApi.violations, ...auth.violations],
    throttleNext: throttle.set,
    throttleNextByRate: (count, rate) => {
      rateThrottled = { count, rate };
    },
    apiCalls: () => [...reportsApi.calls, ...financesApi.calls, ...transactionsApi.calls],
    addReport: (r) => {
      const report: FakeAmazonReport = { reportId: r.reportId ?? String(nextReportId++), processingStatus: r.processingStatus ?? 'DONE', isGzip: r.isGzip ?? false, createdTime: r.createdTime, document: r.document };
      reports.push(report);
      return report;
    },
  };
}
