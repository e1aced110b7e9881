/** The Teams pages' calls (issue 19, decision 0038). */
import type { FirmInvite, Team, TeamsOverview } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export const TEAMS_QUERY_KEY = ['teams'] as const;
export const fetchTeams = () => api.get<TeamsOverview>('/teams');
export const createTeam = (name: string) => api.post<Team>('/teams', { name });
export const renameTeam = (teamId: string, name: string) => api.put<Team>('/teams/rename', { teamId, name });
export const deleteTeam = (teamId: string) => api.post<void>('/teams/delete', { teamId });
export const setTeamMember = (teamId: string, userId: string, role: Team['members'][number]['role']) => api.post<Team>('/teams/members', { teamId, userId, role });
export const removeTeamMember = (teamId: string, userId: string) => api.post<Team>('/teams/members/remove', { teamId, userId });
export const setTeamAccounts = (teamId: string, accountKeys: string[]) => api.put<Team>('/teams/accounts', { teamId, accountKeys });

export const teamSettingsPath = (teamId: string) => `/team-settings?teamId=${encodeURIComponent(teamId)}`;
export const TEAM_ROLE_OPTIONS = [
  { value: 'member', label: 'Member' },
  { value: 'lead', label: 'Lead' },
] as const;
export const teamRoleLabel = (role: string) => TEAM_ROLE_OPTIONS.find((o) => o.value === role)?.label ?? role;

/** Firm invites (decision 0048): waiting invites, invite, resend, revoke. */
export const FIRM_INVITES_QUERY_KEY = ['teams', 'invites'] as const;
export const fetchFirmInvites = () => api.get<{ invites: FirmInvite[] }>('/teams/invites');
export const inviteToFirm = (body: { email: string; partnerRole: FirmInvite['partnerRole']; teamId: string | null; teamRole?: Team['members'][number]['role'] }) => api.post<FirmInvite>('/teams/invites', body);
export const resendFirmInvite = (inviteId: string) => api.post<FirmInvite>('/teams/invites/resend', { inviteId });
export const revokeFirmInvite = (inviteId: string) => api.post<{ message: string }>('/teams/invites/revoke', { inviteId });
export const PARTNER_ROLE_OPTIONS = [
  { value: 'member', label: 'Firm member' },
  { value: 'admin', label: 'Firm admin' },
] as const;
