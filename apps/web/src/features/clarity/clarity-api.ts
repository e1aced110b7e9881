/** The Clarity calls (issue 19): the organization's context, dashboard, analyses and documents. */
import type {
  ClarityContext,
  ClarityDefinition,
  ClarityDocument,
  ClarityResult,
  SavedAnalysis,
} from '@ledgerport/contract';
import { api, apiRequest } from '../../lib/api-client';

export type DocumentScope = 'organization' | 'firm';
export interface ClarityDashboard {
  byMonth: ClarityResult;
  byAccount: ClarityResult;
  byChannel: ClarityResult;
}

export const fetchClarityContext = (organizationId: string) =>
  api.get<ClarityContext>('/clarity/context', { organizationId });
export const fetchClarityDashboard = (organizationId: string, start: string, end: string) =>
  api.get<ClarityDashboard>('/clarity/dashboard', { organizationId, start, end });
export const runAnalysis = (organizationId: string, definition: ClarityDefinition) =>
  api.post<ClarityResult>('/clarity/analysis/run', { organizationId, definition });
export const fetchAnalyses = (organizationId: string) =>
  api.get<{ analyses: SavedAnalysis[] }>('/clarity/analyses', { organizationId });
export const saveAnalysis = (organizationId: string, name: string, definition: ClarityDefinition) =>
  api.post<SavedAnalysis>('/clarity/analyses', { organizationId, name, definition });
export const deleteAnalysis = (organizationId: string, analysisId: string) =>
  apiRequest<void>('DELETE', `/clarity/analyses/${encodeURIComponent(analysisId)}`, {
    query: { organizationId },
  });
export const fetchDocuments = (organizationId: string, scope: DocumentScope) =>
  api.get<{ documents: ClarityDocument[] }>('/clarity/documents', { organizationId, scope });
export const uploadDocument = (organizationId: string, scope: DocumentScope, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.postForm<ClarityDocument>('/clarity/documents', form, { organizationId, scope });
};
export const deleteDocument = (organizationId: string, scope: DocumentScope, documentId: string) =>
  apiRequest<void>('DELETE', `/clarity/documents/${encodeURIComponent(documentId)}`, {
    query: { organizationId, scope },
  });

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The first day of the month `months - 1` months ago, and today: a period of `months` calendar months. */
export function lastMonths(months: number, today = new Date()): { start: string; end: string } {
  return {
    start: isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (months - 1), 1))),
    end: isoDay(today),
  };
}
