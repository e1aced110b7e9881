import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FirmInvite, Team, TeamsOverview } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const account = buildAccount({ accountKey: 'birch-walmart', accountName: 'Birch Home Goods' });
const team: Team = { teamId: '3', name: 'Walmart desk', members: [], accounts: [], canManageMembers: true };
const overview = (isFirmAdmin: boolean): TeamsOverview => ({ partnerCode: 'PARTNER1', isFirmAdmin, teams: [team, { ...team, teamId: '4', name: 'Amazon desk' }], firmUsers: [], clients: [] });
const invite = (over: Partial<FirmInvite>): FirmInvite => ({
  inviteId: '7',
  email: 'nora@example.com',
  partnerRole: 'member',
  teamId: '3',
  teamName: 'Walmart desk',
  teamRole: 'member',
  invitedByName: 'Pat Partner',
  invitedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  isExpired: false,
  ...over,
});
const invites = [invite({}), invite({ inviteId: '8', email: 'amy@example.com', teamId: '4', teamName: 'Amazon desk', invitedAt: '2026-11-21T10:00:00.000Z' }), invite({ inviteId: '9', email: 'zed@example.com', teamId: null, teamName: null, teamRole: null, partnerRole: 'admin', isExpired: true })];
const base = {
  'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
  'GET /user-meta': { body: buildUserMeta(account) },
  'GET /res/whats-new.json': { body: [] },
  'GET /teams/invites': { body: { invites } },
};

describe('firm invites', () => {
  it("Team Settings invites into this team and lists only this team's waiting invites, with Resend and Revoke", async () => {
    signIn();
    const api = installFakeApi({ ...base, 'GET /teams': { body: overview(true) }, 'POST /teams/invites': { body: invite({ inviteId: '10', email: 'new@example.com' }) }, 'POST /teams/invites/revoke': { body: { message: 'The invite to nora@example.com was withdrawn.' } } });
    renderApp('/app/team-settings?teamId=3');
    const table = await screen.findByRole('table', { name: 'Waiting invites' });
    await within(table).findByText('nora@example.com');
    expect(table.textContent).not.toContain('amy@example.com');
    const form = screen.getByRole('form', { name: 'Invite to team' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email' }), { target: { value: 'new@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST' && c.path === '/teams/invites')?.body).toEqual({ email: 'new@example.com', partnerRole: 'member', teamId: '3', teamRole: 'member' }));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invite to nora@example.com' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === '/teams/invites/revoke')?.body).toEqual({ inviteId: '7' }));
  });

  it('Teams shows a firm admin every waiting invite, newest first, and filters them', async () => {
    signIn();
    installFakeApi({ ...base, 'GET /teams': { body: overview(true) } });
    renderApp('/app/teams');
    const table = await screen.findByRole('table', { name: 'Waiting invites' });
    await within(table).findByText('nora@example.com');
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent ?? '');
    expect(rows.map((r) => /\S+@example\.com/.exec(r)?.[0])).toEqual(['amy@example.com', 'nora@example.com', 'zed@example.com']);
    expect(rows[2]).toContain('Expired');
    expect(rows[2]).toContain('No team');
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter invites' }), { target: { value: 'amazon' } });
    expect(within(table).getAllByRole('row').slice(1).map((r) => /\S+@example\.com/.exec(r.textContent ?? '')?.[0])).toEqual(['amy@example.com']);
  });

  it('shows a firm member who leads no team no invite form on Teams', async () => {
    signIn();
    installFakeApi({ ...base, 'GET /teams': { body: overview(false) } });
    renderApp('/app/teams');
    await screen.findByRole('link', { name: 'Open team Walmart desk' });
    expect(screen.queryByRole('form', { name: 'Invite to firm' })).toBeNull();
  });
});
