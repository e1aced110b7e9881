/** The internal account area's own calls (decision 0047): received reports, one report, the Amazon data state, utilities. */
import type { AccountReportDetail, AccountReportRow, AccountUtility, AmazonDataState, StuckWork } from '@ledgerport/contract';
import { api } from '../../../lib/api-client';

export interface ReportListQuery {
  search: string;
  source: '' | 'upload' | 'api';
  status: string;
  sort: string;
  desc: boolean;
  limit: number;
  offset: number;
}

const base = (accountKey: string) => `/backend/account/${encodeURIComponent(accountKey)}`;

export const fetchAccountReports = (accountKey: string, q: ReportListQuery) =>
  api.get<{ reports: AccountReportRow[]; total: number }>(`${base(accountKey)}/reports`, {
    ...(q.search.trim() ? { search: q.search.trim() } : {}),
    ...(q.source ? { source: q.source } : {}),
    ...(q.status ? { status: q.status } : {}),
    sort: q.sort,
    desc: String(q.desc),
    limit: String(q.limit),
    offset: String(q.offset),
  });
export const fetchAccountReport = (accountKey: string, reportId: string, page: { limit: number; offset: number }) =>
  api.get<AccountReportDetail>(`${base(accountKey)}/report/${encodeURIComponent(reportId)}`, { limit: String(page.limit), offset: String(page.offset) });
export const fetchAmazonDataState = (accountKey: string) => api.get<AmazonDataState>(`${base(accountKey)}/amazon/data-state`);
export const fetchStuckWork = (accountKey: string) => api.get<StuckWork>(`${base(accountKey)}/utilities`);
export const runUtility = (accountKey: string, utility: AccountUtility, settlementKey?: string) =>
  api.post<{ utility: AccountUtility; message: string; count: number }>(`${base(accountKey)}/utilities`, { utility, ...(settlementKey ? { settlementKey } : {}) });

export const reportPath = (accountKey: string, reportId: string) => `/account/${encodeURIComponent(accountKey)}/transactions/${encodeURIComponent(reportId)}`;

export const REPORT_STATUS_LABELS: Record<AccountReportRow['status'], string> = {
  STORED: 'Stored',
  OPEN: 'Open (still running)',
  INCONSISTENT: 'Inconsistent',
  DUPLICATE: 'Duplicate',
  QUEUED: 'Waiting to be read',
  PARSING: 'Being read',
  STORING: 'Being stored',
  PROBLEMS: 'Not loaded: problems',
  FAILED: 'Failed',
};
export const REPORT_STATUS_COLORS: Record<AccountReportRow['status'], string> = {
  STORED: 'green',
  OPEN: 'blue',
  INCONSISTENT: 'orange',
  DUPLICATE: 'gray',
  QUEUED: 'gray',
  PARSING: 'blue',
  STORING: 'blue',
  PROBLEMS: 'red',
  FAILED: 'red',
};
