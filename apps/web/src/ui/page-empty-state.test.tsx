import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, merchantFrame, signIn } from '../test-support/fake-api';
import { renderApp } from '../test-support/render-app';

describe('a page with nothing to show yet', () => {
  it('shows its frame, title and an empty state saying what will appear and what to do now', async () => {
    signIn();
    installFakeApi({
      ...merchantFrame(),
    });
    // Every route of the route table is a built page (issue 30); What's New with no announcement is
    // one that can be empty.
    renderApp('/app/whats-new');
    const status = await screen.findByRole('status', { name: 'Page status' });
    expect(status.textContent).toContain('Product announcements will be listed here.');
    expect(status.textContent).toContain('There is no announcement yet.');
    expect(screen.getByRole('heading', { name: "What's New", level: 1 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.title).toBe("Acme Outdoo… - What's New | Ledgerport");
    expect(screen.getByText(`© 2014–${new Date().getFullYear()} Ledgerport`)).toBeTruthy();
  });
});
