import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { writeAccountKey } from '../lib/token-store';
import { buildUserMeta, installFakeApi, signIn } from '../test-support/fake-api';
import { sessionQueryOptions } from './load-session';
import { startOpeningLoads } from './opening-loads';
import { ROUTES } from './route-table';

const routeOf = (path: string) => ROUTES.find((r) => r.path === path);
const emptyPage = { settlements: [], pagination: { page: 0, size: 10, totalRows: 0 } };

function fakeServer() {
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: buildUserMeta() },
    'POST /spanner-settlements-with-pagination': { body: emptyPage },
  });
}

afterEach(() => localStorage.clear());

describe('startOpeningLoads', () => {
  it('asks for the session and the settlement list at once, before anything renders', () => {
    signIn();
    writeAccountKey('acc-amazon');
    const fake = fakeServer();
    const client = new QueryClient();
    startOpeningLoads(client, routeOf('settlements'), '');
    // Both start synchronously: the user meta does not wait for the admin status without an override.
    expect(fake.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['GET /public/oauth/has-admin-permissions', 'GET /user-meta', 'POST /spanner-settlements-with-pagination']);
    expect(fake.calls.find((c) => c.path === '/user-meta')?.query.get('accountKey')).toBe('acc-amazon');
    expect(JSON.stringify(fake.calls.find((c) => c.path === '/spanner-settlements-with-pagination')?.body)).toContain('acc-amazon');
  });

  it('puts the session where the signed-in start-up looks for it', async () => {
    const tokens = signIn();
    fakeServer();
    const client = new QueryClient();
    startOpeningLoads(client, routeOf('admin'), '');
    await client.getQueryCache().find({ queryKey: sessionQueryOptions(tokens.userId, {}).queryKey })?.promise;
    expect(client.getQueryData(sessionQueryOptions(tokens.userId, {}).queryKey)).toMatchObject({ hasAdminPermissions: false });
  });

  it('leaves the list to the page when an admin override names another account, and asks nothing on a public page or signed out', () => {
    signIn();
    writeAccountKey('acc-amazon');
    const fake = fakeServer();
    startOpeningLoads(new QueryClient(), routeOf('settlements'), '?accountKey=acc-other');
    // With an override the user meta waits for the admin status; the list waits for the session.
    expect(fake.calls.map((c) => c.path)).toEqual(['/public/oauth/has-admin-permissions']);
    fake.calls.length = 0;
    startOpeningLoads(new QueryClient(), routeOf('login'), '');
    localStorage.clear();
    startOpeningLoads(new QueryClient(), routeOf('settlements'), '');
    expect(fake.calls).toEqual([]);
  });
});
