import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

/** Billing off (no Stripe key on the server): the user meta says so, and nothing about billing is asked. */
function serveBillingOff(isBillingEnabled = false) {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: { ...buildUserMeta(), paymentProviderEnabled: isBillingEnabled } },
    'GET /res/whats-new.json': { body: [] },
    'GET /billing/firm/accounts': { body: { partnerCode: null, accounts: [], plans: [] } },
    'GET /billing/subscriptions': { body: { isEnabled: isBillingEnabled, subscriptions: [] } },
    'GET /notifications/settings': { body: { settings: [] } },
  });
}

describe('checkout, checkout complete and firm billing where billing is off', () => {
  for (const address of ['/app/billing/checkout?accountKey=acc-amazon&planCode=STANDARD&period=monthly', '/app/billing/checkout/complete?session_id=cs_1', '/app/user/settings/firm-billing']) {
    it(`${address.split('?')[0]} says billing is off without calling the server about billing`, async () => {
      const fake = serveBillingOff();
      renderApp(address);
      expect(await screen.findByText('Billing is off on this installation')).toBeTruthy();
      expect(screen.getByText('Every account is unlimited: there is nothing to pay for here.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
      expect(screen.queryByLabelText('Order summary')).toBeNull();
      expect(fake.calls.filter((c) => c.path.startsWith('/billing')).map((c) => c.path)).toEqual([]);
    });
  }

  it('offers no billing tab among the user settings (Billing, Firm Billing, Subscriptions, Partner Subscriptions)', async () => {
    serveBillingOff();
    renderApp('/app/user/settings/notifications');
    const tabs = (await screen.findByRole('tab', { name: 'My Profile' })).closest<HTMLElement>('[role="tablist"]')!;
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['My Profile', 'Notifications']);
  });

  it('offers them where billing is on', async () => {
    serveBillingOff(true);
    renderApp('/app/user/settings/notifications');
    const tabs = (await screen.findByRole('tab', { name: 'My Profile' })).closest<HTMLElement>('[role="tablist"]')!;
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['My Profile', 'Billing', 'Firm Billing', 'Subscriptions', 'Partner Subscriptions', 'Notifications']);
  });
});
