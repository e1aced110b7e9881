import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUserMeta, installFakeApi, signIn } from '../test-support/fake-api';
import { renderApp } from '../test-support/render-app';

describe('pages of later issues', () => {
  it('show their frame, title and an empty state saying what will appear and what to do now', async () => {
    signIn();
    installFakeApi({
      'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
      'GET /user-meta': { body: buildUserMeta() },
      'GET /res/whats-new.json': { body: [] },
    });
    // A page no issue has built yet (Mapping Options); pick another if it gets built.
    renderApp('/app/mapping-opt');
    const status = await screen.findByRole('status', { name: 'Page status' });
    expect(status.textContent).toContain('Options for how transaction types are mapped will appear here.');
    expect(screen.getByRole('link', { name: 'Open admin' }).getAttribute('href')).toBe('/app/admin');
    expect(screen.getByRole('heading', { name: 'Mapping Options' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.title).toBe('Acme Outdoo… - Mapping Options | Ledgerport');
    expect(screen.getByText(`© 2014–${new Date().getFullYear()} Ledgerport`)).toBeTruthy();
  });
});
