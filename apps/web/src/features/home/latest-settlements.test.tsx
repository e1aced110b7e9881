import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { buildSettlement, buildSettlementPage } from '../settlements/build-settlement';

describe('home', () => {
  it('lists the latest settlements with their status under the onboarding steps', async () => {
    signIn();
    const fake = installFakeApi({
      'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
      'GET /user-meta': { body: buildUserMeta(buildAccount({ accountingSystem: 'MANUAL' })) },
      'GET /res/whats-new.json': { body: [] },
      'POST /spanner-settlements-with-pagination': { body: buildSettlementPage([buildSettlement({ settlementId: '111', badges: ['posted'], postingStatus: 'POSTED' })]) },
    });
    renderApp('/app/admin');
    const latest = await screen.findByRole('region', { name: 'Latest settlements' });
    await within(latest).findByRole('link', { name: 'Open settlement 111' });
    expect(within(latest).getByText('Posted')).toBeTruthy();
    expect(within(latest).getByRole('link', { name: 'Built-in ledger' }).getAttribute('href')).toBe('/app/ledger');
    const call = fake.calls.find((c) => c.path === '/spanner-settlements-with-pagination');
    expect([call?.query.get('page'), call?.query.get('size'), call?.query.get('sort')]).toEqual(['0', '5', 'start,desc']);
  });
});
