import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const preview = (over: object) => ({
  status: 'valid',
  message: 'You are invited.',
  partnerCode: 'PARTNER1',
  teamName: 'Walmart desk',
  email: 'nora@example.com',
  partnerRole: 'member',
  teamRole: 'lead',
  invitedByName: 'Pat Partner',
  hasLogin: false,
  ...over,
});

describe('firm invite link page', () => {
  it('offers a newcomer to create a login with the invited address', async () => {
    installFakeApi({ 'GET /firm-invites/preview': { body: preview({}) } });
    renderApp('/app/oauth/user-management?mode=acceptFirmInvite&token=abc');
    expect(await screen.findByText('Pat Partner invites nora@example.com to join the accounting firm PARTNER1 as a firm member, in the team Walmart desk as its lead.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your login' }).getAttribute('href')).toBe('/app/signup?email=nora%40example.com');
  });

  it('lets a person with a login accept, or sign in and come back', async () => {
    signIn();
    const fake = installFakeApi({ 'GET /firm-invites/preview': { body: preview({ hasLogin: true }) }, 'POST /user/firm-invites/accept': { body: { partnerCode: 'PARTNER1', teamName: 'Walmart desk', message: 'You joined the accounting firm PARTNER1.' } } });
    renderApp('/app/oauth/user-management?mode=acceptFirmInvite&token=abc');
    const signInLink = await screen.findByRole('link', { name: 'Sign in' });
    expect(decodeURIComponent(signInLink.getAttribute('href') ?? '')).toBe('/app/login?continue=/app/oauth/user-management?mode=acceptFirmInvite&token=abc');
    await userEvent.click(screen.getByRole('button', { name: 'Accept the invite' }));
    expect((await screen.findByRole('status')).textContent).toContain('You joined the accounting firm PARTNER1.');
    await waitFor(() => expect(fake.calls.find((c) => c.path === '/user/firm-invites/accept')?.body).toEqual({ token: 'abc' }));
  });

  it('says why a withdrawn link cannot be used', async () => {
    const message = "This invite was withdrawn by the firm's admin. Ask an admin of the firm to invite you again.";
    installFakeApi({ 'GET /firm-invites/preview': { body: preview({ status: 'revoked', message }) } });
    renderApp('/app/oauth/user-management?mode=acceptFirmInvite&token=abc');
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });
});
