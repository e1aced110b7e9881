/**
 * Routes whose pages had no level-1 heading of their own (issue 30): a screen reader's "next heading"
 * and the page-focus of decision 0068 start there, so each says in words what the page is for.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, merchantFrame, signIn, type FakeHandler } from '../test-support/fake-api';
import { renderApp } from '../test-support/render-app';

function serve(extra: Record<string, FakeHandler | { status?: number; body?: unknown }>) {
  signIn();
  return installFakeApi({
    ...merchantFrame(),
    ...extra,
  });
}

const refused = { status: 400, body: { message: 'The sign-in was refused.', code: 'identity.refused', httpStatusCode: 400 } };

async function levelOneHeadings(): Promise<string[]> {
  await screen.findAllByRole('heading', { level: 1 });
  return screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent ?? '');
}

describe('a level-1 heading in words on every page of the route table', () => {
  it('/admin/request-access', async () => {
    serve({ 'GET /user/access-requests': { body: { requests: [] } } });
    renderApp('/app/admin/request-access');
    expect(await levelOneHeadings()).toEqual(['Request access to an account']);
  });

  it('/admin/accounting/:system/cb, while the connection finishes and after', async () => {
    serve({ 'POST /accounting/callback': { status: 400, body: { message: 'Xero did not accept the connection.', code: 'accounting.refused', httpStatusCode: 400 } } });
    renderApp('/app/admin/accounting/xero/cb?code=c1&state=s1');
    expect(await levelOneHeadings()).toEqual(['Connecting Xero']);
    await screen.findByRole('alert');
    expect(await levelOneHeadings()).toEqual(['Connecting Xero']);
  });

  it('/oauth/:provider', async () => {
    serve({ 'POST /public/oauth/identity-providers/google/start': refused });
    renderApp('/app/oauth/google');
    expect(await levelOneHeadings()).toEqual(['Sign in with Google']);
  });

  it('/oauth/firebase', async () => {
    serve({ 'POST /public/oauth/identity-providers/finish': refused });
    renderApp('/app/oauth/firebase?code=c1&state=s1');
    expect(await levelOneHeadings()).toEqual(['Signing you in']);
    await screen.findByRole('alert');
    expect(await levelOneHeadings()).toEqual(['Signing you in']);
  });
});
