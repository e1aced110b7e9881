import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account, AmazonDeferredTransactionsSettings } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn, type FakeHandler } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const off: AmazonDeferredTransactionsSettings = { accountKey: 'acc-amazon', amazonDeferredTransactionEnabled: false, settlementCount: 3, canEdit: true };

function serve(handlers: Record<string, FakeHandler | { status?: number; body?: unknown }>, account: Partial<Account> = {}) {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: buildUserMeta(buildAccount({ accountKey: 'acc-amazon', accountName: 'Acme Amazon', accountingSystem: 'XERO', planCode: 'STANDARD', ...account })) },
    'GET /res/whats-new.json': { body: [] },
    'GET /account-settings/amazon-deferred-transactions': { body: off },
    ...handlers,
  });
}

describe('Amazon Deferred Transactions', () => {
  it('explains deferred transactions, links to their settlements with the count, and saves the switch for the account', async () => {
    const fake = serve({ 'POST /account-settings/amazon-deferred-transactions': ({ body }) => ({ body: { ...off, ...(body as object) } }) });
    renderApp('/app/account-settings/amazon-deferred-transactions');
    expect(await screen.findByText('What are deferred transactions?')).toBeTruthy();
    expect(screen.getByText('3 Deferred Transactions settlements.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the Deferred Transactions settlements' }).getAttribute('href')).toBe('/app/deferred-transactions-settlements');
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: /Post Amazon deferred transactions/ });
    expect(toggle.checked).toBe(false);
    await userEvent.click(toggle);
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'POST' && c.path === '/account-settings/amazon-deferred-transactions')).toBe(true));
    const post = fake.calls.find((c) => c.method === 'POST' && c.path === '/account-settings/amazon-deferred-transactions')!;
    expect(post.query.get('accountKey')).toBe('acc-amazon');
    expect(post.body).toEqual({ amazonDeferredTransactionEnabled: true });
    expect(await screen.findByText('Amazon deferred transactions will be fetched from now on.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('switch', { name: /Post Amazon deferred transactions/ }).checked).toBe(true));
  });

  it("shows the server's refusal and leaves the switch as it was", async () => {
    serve({ 'POST /account-settings/amazon-deferred-transactions': { status: 403, body: { message: 'You do not have permission to do this.', code: 'auth.forbidden', httpStatusCode: 403 } } });
    renderApp('/app/account-settings/amazon-deferred-transactions');
    await userEvent.click(await screen.findByRole('switch', { name: /Post Amazon deferred transactions/ }));
    expect(await screen.findByText('You do not have permission to do this.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /Post Amazon deferred transactions/ }).checked).toBe(false);
  });

  it('shows a view-only user the setting with the switch disabled', async () => {
    serve({ 'GET /account-settings/amazon-deferred-transactions': { body: { ...off, amazonDeferredTransactionEnabled: true, settlementCount: 0, canEdit: false } } });
    renderApp('/app/account-settings/amazon-deferred-transactions');
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: /Post Amazon deferred transactions/ });
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText('No Deferred Transactions settlements yet.')).toBeTruthy();
  });

  it('says the setting is for Amazon accounts only on another channel, without asking the server', async () => {
    const fake = serve({}, { salesChannel: 'SHOPIFY' });
    renderApp('/app/account-settings/amazon-deferred-transactions');
    expect(await screen.findByText('Amazon accounts only')).toBeTruthy();
    expect(fake.calls.some((c) => c.path === '/account-settings/amazon-deferred-transactions')).toBe(false);
  });
});
