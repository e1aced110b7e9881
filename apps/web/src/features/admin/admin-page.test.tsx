import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

function serve(account = buildAccount(), isBillingEnabled = false) {
  signIn();
  installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: { ...buildUserMeta(account), paymentProviderEnabled: isBillingEnabled } },
    'GET /res/whats-new.json': { body: [] },
  });
}

describe('admin page', () => {
  it('lists the four onboarding steps and marks the active one', async () => {
    serve(buildAccount({ accountingSystemConnected: true, salesChannelConnected: false }));
    renderApp('/app/admin');
    const list = await screen.findByRole('list', { name: 'Onboarding steps' });
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Step 1: Connect QuickBooks Online',
      'Step 2: Connect Amazon',
      'Step 3: Set up accounts and taxes',
      'Step 4: Post and reconcile',
    ]);
    expect(steps.map((s) => s.getAttribute('aria-current'))).toEqual([null, 'step', null, null]);
  });

  it('links each step to where the user acts', async () => {
    serve();
    renderApp('/app/admin');
    const step2 = await screen.findByRole('listitem', { name: 'Step 2: Connect Amazon' });
    expect(within(step2).getByRole('link', { name: 'Connect Amazon' }).getAttribute('href')).toBe('/app/admin/sales-channel/amazon');
    const step3 = screen.getByRole('listitem', { name: 'Step 3: Set up accounts and taxes' });
    expect(within(step3).getByRole('link', { name: 'Open mapping' }).getAttribute('href')).toBe('/app/mapping');
  });

  it('says when another tab switched account', async () => {
    serve();
    renderApp('/app/admin?simultaneousAccessDetected=true');
    expect((await screen.findByRole('alert')).textContent).toContain('Another tab switched to a different account');
  });

  it('shows the Trial text for an account without a plan where billing is on', async () => {
    serve(buildAccount({ planCode: null }), true);
    renderApp('/app/admin');
    expect(await screen.findByText(/You can load up to three files/)).toBeTruthy();
  });

  it('shows no trial or plan where billing is off (self-hosted)', async () => {
    serve(buildAccount({ planCode: null }));
    renderApp('/app/admin');
    await screen.findByRole('list', { name: 'Onboarding steps' });
    expect(screen.queryByText(/trial|choose a plan|Plan:/i)).toBeNull();
  });
});
