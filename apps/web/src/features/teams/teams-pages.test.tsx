import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Team, TeamsOverview } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const account = buildAccount({ accountKey: 'birch-walmart', accountName: 'Birch Home Goods' });
const team: Team = {
  teamId: '3',
  name: 'Walmart desk',
  members: [{ userId: 'u-tia', name: 'Tia Teammate', email: 'tia@example.com', role: 'member' }],
  accounts: [{ accountKey: 'birch-walmart', accountName: 'Birch Home Goods', salesChannel: 'WALMART' }],
  canManageMembers: true,
};
const overview = (isFirmAdmin: boolean): TeamsOverview => ({
  partnerCode: 'PARTNER1',
  isFirmAdmin,
  teams: [team, { ...team, teamId: '4', name: 'Amazon desk', members: [], accounts: [] }],
  firmUsers: [{ userId: 'u-pat', name: 'Pat Partner', email: 'pat@example.com', partnerRole: 'admin' }, { userId: 'u-tia', name: 'Tia Teammate', email: 'tia@example.com', partnerRole: 'member' }],
  clients: [
    { accountKey: 'birch-walmart', accountName: 'Birch Home Goods', salesChannel: 'WALMART' },
    { accountKey: 'birch-bigcommerce', accountName: 'Cedar Crafts', salesChannel: 'BIGCOMMERCE' },
  ],
});
const base = {
  'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
  'GET /user-meta': { body: buildUserMeta(account) },
  'GET /res/whats-new.json': { body: [] },
  'GET /teams/invites': { body: { invites: [] } },
};

describe('Teams', () => {
  it('lists the teams sorted by name with members and clients, filters them, and lets a firm admin create one', async () => {
    signIn();
    const api = installFakeApi({ ...base, 'GET /teams': { body: overview(true) }, 'POST /teams': { body: { ...team, teamId: '9', name: 'Payroll', members: [], accounts: [] } } });
    renderApp('/app/teams');
    const table = await screen.findByRole('table', { name: 'Teams' });
    await within(table).findByRole('link', { name: 'Open team Walmart desk' });
    const names = within(table).getAllByRole('link').map((a) => a.textContent);
    expect(names).toEqual(['Amazon desk', 'Walmart desk']);
    expect(within(table).getByRole('row', { name: /Walmart desk/ }).textContent).toContain('Birch Home Goods');
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter teams' }), { target: { value: 'tia' } });
    expect(within(table).getAllByRole('link').map((a) => a.textContent)).toEqual(['Walmart desk']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Team name' }), { target: { value: 'Payroll' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST' && c.path === '/teams')?.body).toEqual({ name: 'Payroll' }));
  });

  it('shows a firm member no create form', async () => {
    signIn();
    installFakeApi({ ...base, 'GET /teams': { body: overview(false) } });
    renderApp('/app/teams');
    await screen.findByRole('link', { name: 'Open team Walmart desk' });
    expect(screen.queryByRole('button', { name: 'Create team' })).toBeNull();
  });
});

describe('Team Settings', () => {
  it("lets a firm admin choose the team's clients and saves exactly the ticked ones", async () => {
    signIn();
    const api = installFakeApi({ ...base, 'GET /teams': { body: overview(true) }, 'PUT /teams/accounts': { body: team } });
    renderApp('/app/team-settings?teamId=3');
    await screen.findByRole('heading', { name: 'Walmart desk' });
    expect(screen.getByRole('table', { name: 'Team members' }).textContent).toContain('Tia Teammate');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cedar Crafts (BigCommerce)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save client accounts' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === '/teams/accounts')?.body).toEqual({ teamId: '3', accountKeys: ['birch-walmart', 'birch-bigcommerce'] }));
  });

  it('shows a firm member the clients read-only', async () => {
    signIn();
    installFakeApi({ ...base, 'GET /teams': { body: overview(false) } });
    renderApp('/app/team-settings?teamId=3');
    await screen.findByRole('heading', { name: 'Walmart desk' });
    expect(screen.getByRole('list', { name: 'Client accounts of the team' }).textContent).toContain('Birch Home Goods');
    expect(screen.queryByRole('button', { name: 'Save client accounts' })).toBeNull();
  });
});
