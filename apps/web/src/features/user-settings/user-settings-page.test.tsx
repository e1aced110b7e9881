import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUserMeta, installFakeApi, signIn, type FakeApi } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const PROFILE = { userId: 'u-demo', email: 'demo@ledgerport.local', name: 'Dana Demo', timeZone: 'Europe/Berlin', pendingEmail: null };
const SETTINGS = {
  settings: [
    { kind: 'send-failed', label: 'A send failed', inApp: true, email: 'immediate', isDefault: true },
    { kind: 'invite', label: 'You were invited to an account', inApp: true, email: 'off', isDefault: true },
    { kind: 'auto-sent', label: 'A settlement was sent automatically', inApp: false, email: 'off', isDefault: false },
  ],
};
const SUBSCRIPTION = {
  subscriptionId: 'sub-1',
  kind: 'account',
  planCode: 'STANDARD',
  planName: 'Standard',
  period: 'month',
  currency: 'USD',
  amount: '29.0000',
  status: 'active',
  currentPeriodEnd: '2026-12-28T00:00:00.000Z',
  isCancelAtPeriodEnd: false,
  pastDueSince: null,
  sendingPausedFrom: null,
  couponCode: null,
  card: { brand: 'visa', masked: '•••• •••• •••• 4242', expiry: 'Expires November 2027', holderName: null },
  canManage: true,
  accountKeys: ['acc-amazon'],
};

function serve(isBillingEnabled: boolean): FakeApi {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: { ...buildUserMeta(), paymentProviderEnabled: isBillingEnabled } },
    'GET /res/whats-new.json': { body: [] },
    'GET /user-profile': { body: PROFILE },
    'GET /notifications/settings': { body: SETTINGS },
    'GET /billing/subscriptions': { body: { isEnabled: isBillingEnabled, subscriptions: [SUBSCRIPTION] } },
  });
}

describe('user settings index (/user/settings)', () => {
  it('shows the profile and the notification settings, each opening its tab; no billing while billing is off, and no billing call', async () => {
    const fake = serve(false);
    renderApp('/app/user/settings');
    const profile = await screen.findByRole('region', { name: 'My Profile' });
    expect(await within(profile).findByText('Dana Demo')).toBeTruthy();
    expect(within(profile).getByText('Time zone Europe/Berlin')).toBeTruthy();
    const notifications = screen.getByRole('region', { name: 'Notification Settings' });
    expect((await within(notifications).findByText(/kinds of notification/)).textContent).toBe('2 of 3 kinds of notification show in the app; 1 of 3 are also sent by email.');
    expect(screen.queryByRole('region', { name: 'Billing' })).toBeNull();
    expect(fake.calls.some((c) => c.path === '/billing/subscriptions')).toBe(false);
    await userEvent.click(within(profile).getByRole('link', { name: 'Edit my profile' }));
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeTruthy();
  });

  it('shows billing when it is on, with the card masked as the spec shows it: twelve masked digits, the last four and its expiry', async () => {
    serve(true);
    renderApp('/app/user/settings');
    const billing = await screen.findByRole('region', { name: 'Billing' });
    const card = await within(billing).findByLabelText('Payment card');
    expect(card.textContent).toBe('VISA •••• •••• •••• 4242 · Expires November 2027');
  });
});
