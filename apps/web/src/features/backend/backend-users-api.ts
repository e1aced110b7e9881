/** The backend's users and organizations (issue 19): admin-only reads and "Open as this user". */
import type { BackendOrganizationDetail, BackendOrganizationRow, BackendUserDetail, BackendUserRow } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export interface ListQuery {
  search: string;
  sort: string;
  desc: boolean;
  limit: number;
  offset: number;
}

const listParams = (q: ListQuery) => ({ ...(q.search.trim() ? { search: q.search.trim() } : {}), sort: q.sort, desc: String(q.desc), limit: String(q.limit), offset: String(q.offset) });

export const fetchBackendUsers = (q: ListQuery) => api.get<{ users: BackendUserRow[]; total: number }>('/backend/users', listParams(q));
export const fetchBackendUser = (userId: string) => api.get<BackendUserDetail>(`/backend/user/${encodeURIComponent(userId)}`);
export const impersonate = (userId: string, accountKey: string) =>
  api.post<{ userId: string; accountKey: string; path: string }>(`/backend/user/${encodeURIComponent(userId)}/impersonate`, { accountKey });
export const fetchBackendOrganizations = (q: ListQuery) => api.get<{ organizations: BackendOrganizationRow[]; total: number }>('/backend/organizations', listParams(q));
export const fetchBackendOrganization = (organizationId: string) => api.get<BackendOrganizationDetail>(`/backend/organization/${encodeURIComponent(organizationId)}`);

export const backendUserPath = (userId: string) => `/backend/user/${encodeURIComponent(userId)}`;
export const backendOrganizationPath = (organizationId: string) => `/backend/organization/${encodeURIComponent(organizationId)}`;
export const accountAreaPath = (accountKey: string, child = 'settlements') => `/account/${encodeURIComponent(accountKey)}/${child}`;

export const STAFF_ROLE_LABELS: Record<string, string> = { rootAdmin: 'Root admin', supportLead: 'Support lead', supportAdmin: 'Support admin', developer: 'Developer' };
