import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountUsers } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUser, buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const account = buildAccount({ accountKey: 'acc-1', accountName: 'Acme Amazon' });
const users = (canManage: boolean): AccountUsers => ({
  accountKey: 'acc-1',
  canManage,
  users: [
    { userId: 'u-owner', name: 'Olga Owner', email: 'olga@example.com', role: 'owner', access: ['member'], organizationRole: null },
    { userId: 'u-org', name: 'Otto Org', email: 'otto@example.com', role: null, access: ['organization'], organizationRole: 'admin' },
  ],
  invites: [{ inviteId: '7', email: 'new@example.com', role: 'view-only', invitedByName: 'Olga Owner', invitedAt: '2026-11-22T10:00:00.000Z', expiresAt: '2026-11-29T10:00:00.000Z', isExpired: false }],
});
const base = {
  'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
  'GET /user-meta': { body: buildUserMeta(account) },
  'GET /res/whats-new.json': { body: [] },
};

describe('Settings > Users', () => {
  it('shows an owner the people, how they reach the account and the pending invites, with labelled controls; revoking asks first', async () => {
    signIn();
    const api = installFakeApi({ ...base, 'GET /account-settings/users': { body: users(true) }, 'POST /account-settings/users/invites/revoke': { body: { message: 'The invite to new@example.com was withdrawn.' } } });
    renderApp('/app/account-settings/users');
    const table = await screen.findByRole('table', { name: 'Users of this account' });
    expect(within(table).getByText('Set by the organization')).toBeTruthy();
    expect(within(table).getByText('Organization (admin)')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Role of Olga Owner' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Olga Owner' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invite to new@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Withdraw the invite to new@example.com?');
    expect(api.calls.some((c) => c.path.endsWith('/revoke'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === '/account-settings/users/invites/revoke')?.body).toEqual({ inviteId: '7' }));
  });

  it('shows everyone else the list read-only', async () => {
    signIn();
    installFakeApi({ ...base, 'GET /account-settings/users': { body: users(false) } });
    renderApp('/app/account-settings/users');
    await screen.findByRole('table', { name: 'Users of this account' });
    expect(screen.getByText('The people who can open this account. Only an owner can invite or change users.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role of Olga Owner' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
  });

  it('offers the signed-in person their pending invites with Accept and Decline', async () => {
    signIn();
    const pendingInvites = [{ inviteId: '9', accountKey: 'acc-2', accountName: 'Birch Books', role: 'member' as const, invitedByName: 'Pat Partner', invitedAt: '2026-11-22T10:00:00.000Z' }];
    const api = installFakeApi({
      ...base,
      'GET /user-meta': { body: buildUserMeta(account, buildUser({ pendingInvites })) },
      'GET /account-settings/users': { body: users(false) },
      'POST /user/invites/accept': { body: { accountKey: 'acc-2', accountName: 'Birch Books', role: 'member', message: 'You are now a member of Birch Books.' } },
    });
    renderApp('/app/account-settings/users');
    const invite = await screen.findByRole('region', { name: 'Invite to Birch Books' });
    expect(invite.textContent).toContain('Pat Partner invites you to open Birch Books as Member.');
    expect(within(invite).getByRole('button', { name: 'Decline the invite to Birch Books' })).toBeTruthy();
    fireEvent.click(within(invite).getByRole('button', { name: 'Accept the invite to Birch Books' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === '/user/invites/accept')?.body).toEqual({ inviteId: '9' }));
  });
});
