import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn } from '../test-support/fake-api';
import { renderApp } from '../test-support/render-app';
import { readAccountKey } from '../lib/token-store';

const etsyTrial = buildAccount({ accountKey: 'acc-etsy', accountName: 'Trial Etsy Shop', salesChannel: 'ETSY', accountingSystem: 'NONE', planCode: null });

function fakeServer(isBillingEnabled = true) {
  let current = buildAccount();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': ({ url }) => ({ body: { ...buildUserMeta(url.searchParams.get('accountKey') === 'acc-etsy' ? etsyTrial : current), paymentProviderEnabled: isBillingEnabled } }),
    'POST /switch/account': ({ body }) => {
      current = (body as { destinationAccountKey: string }).destinationAccountKey === 'acc-etsy' ? etsyTrial : current;
      return { body: { redirectUrl: '/app/admin' } };
    },
    'GET /res/whats-new.json': { body: [] },
  });
}

describe('account switcher', () => {
  it('shows the account name and channel icon, without a Trial badge for a paid plan', async () => {
    signIn();
    fakeServer();
    renderApp('/app/admin');
    const switcher = await screen.findByRole('button', { name: 'Current account: Acme Outdoor Co Amazon US' });
    expect(within(switcher).getByRole('img', { name: 'Amazon' })).toBeTruthy();
    expect(within(switcher).queryByText('Trial')).toBeNull();
  });

  it('switches account through POST /switch/account and shows the Trial badge of a trial account', async () => {
    signIn();
    const fake = fakeServer();
    renderApp('/app/mapping');
    await userEvent.click(await screen.findByRole('button', { name: /Current account/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Trial Etsy Shop (Etsy), trial' }));
    const switcher = await screen.findByRole('button', { name: 'Current account: Trial Etsy Shop' });
    expect(within(switcher).getByText('Trial')).toBeTruthy();
    expect(fake.calls.find((c) => c.path === '/switch/account')?.body).toEqual({ destinationAccountKey: 'acc-etsy' });
    expect(readAccountKey()).toBe('acc-etsy');
    await waitFor(() => expect(document.title).toBe('Trial Etsy … - Admin | Ledgerport'));
  });

  it('shows no Trial badge anywhere where billing is off (self-hosted: no trials)', async () => {
    signIn();
    fakeServer(false);
    renderApp('/app/mapping');
    await userEvent.click(await screen.findByRole('button', { name: /Current account/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Trial Etsy Shop (Etsy)' }));
    const switcher = await screen.findByRole('button', { name: 'Current account: Trial Etsy Shop' });
    expect(within(switcher).queryByText('Trial')).toBeNull();
  });
});
