/** The reconciliation report calls (contract: reconciliation-reports.ts). */
import type { ReconciliationReport, ReconciliationRowKindBody, ResponseOf, getReconciliationReport, listReconciliationReports } from '@ledgerport/contract';
import { normalizeError } from '@ledgerport/core/rules';
import { api, apiRequest, ApiError, getFreshAccessToken } from '../../lib/api-client';
import { downloadFile } from '../../ui/download-file';

export type ReconciliationReportList = ResponseOf<typeof listReconciliationReports>;
export type ReconciliationReportDetail = ResponseOf<typeof getReconciliationReport>;

export const reportPath = (id: string) => `/reconciliation-reports/report/${encodeURIComponent(id)}`;

export function fetchReconciliationReports(accountKey: string): Promise<ReconciliationReportList> {
  return api.get<ReconciliationReportList>('/reconciliation-reports', { accountKey });
}

export function fetchReconciliationReport(id: string, rowKind: ReconciliationRowKindBody, page: number, size: number): Promise<ReconciliationReportDetail> {
  return api.get<ReconciliationReportDetail>('/reconciliation-report', { reconciliationReportId: id, rowKind, page, size });
}

export function deleteReconciliationReport(id: string): Promise<void> {
  return apiRequest<void>('DELETE', '/reconciliation-report', { query: { reconciliationReportId: id } });
}

export function exportReconciliationReport(id: string) {
  return downloadFile('/reconciliation-report/export', { reconciliationReportId: id }, 'reconciliation.csv');
}

export interface NewReconciliation {
  accountKey: string;
  kind: 'deposits' | 'orders';
  start?: string | undefined;
  end?: string | undefined;
  daysAfterMin: number;
  daysAfterMax: number;
  currency?: string | null | undefined;
}

/**
 * Uploads the file and runs the reconciliation in one multipart request, through XMLHttpRequest
 * because fetch cannot report upload progress; the percent reaches 100 when the file is sent, and
 * the server's matching follows.
 */
export function createReconciliationReport(request: NewReconciliation, file: File, onProgress: (percent: number) => void): Promise<ReconciliationReport> {
  return getFreshAccessToken().then(
    (token) =>
      new Promise<ReconciliationReport>((resolve, reject) => {
        const form = new FormData();
        form.append('file', file, file.name);
        const qs = new URLSearchParams({ accountKey: request.accountKey, kind: request.kind, daysAfterMin: String(request.daysAfterMin), daysAfterMax: String(request.daysAfterMax) });
        if (request.start) qs.set('start', request.start);
        if (request.end) qs.set('end', request.end);
        if (request.currency) qs.set('currency', request.currency);
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `/reconciliation-reports?${qs.toString()}`);
        xhr.setRequestHeader('authorization', `Bearer ${token}`);
        xhr.setRequestHeader('accept', 'application/json');
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) onProgress(Math.floor((e.loaded * 100) / e.total));
        };
        xhr.onerror = () => reject(new ApiError(normalizeError({ kind: 'network' })));
        xhr.onload = () => {
          if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as ReconciliationReport);
          else reject(new ApiError(normalizeError({ kind: 'response', status: xhr.status, contentType: xhr.getResponseHeader('content-type') ?? '', bodyText: xhr.responseText })));
        };
        xhr.send(form);
      }),
  );
}
