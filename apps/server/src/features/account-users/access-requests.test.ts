/**
 * Access requests (issue 30, decision 0065): a user asks an account's owners for access, an owner
 * grants or declines, each step audited. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnAccessRequest, TokenSet } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
let viewer: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-11-22T10:00:00.000Z'));
  [demo, other, viewer] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local', 'viewer@ledgerport.local');
});
afterAll(async () => server.close());

const ACME = 'acme-amazon-us';
const call = (tokens: TokenSet | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, ...(payload ? { payload } : {}), headers: tokens ? bearer(tokens) : {} });
const db = () => server.testDb.db;
const userIdOf = async (email: string) => (await db().selectFrom('users').select('user_id').where('email', '=', email).executeTakeFirstOrThrow()).user_id;
const auditOf = (action: string) => db().selectFrom('audit_log').selectAll().where('action', '=', action).execute();

describe('access requests', () => {
  it('a user asks by key → the owners are notified and see it → an owner grants → the user opens the account; each step audited', async () => {
    // Other cannot open Acme yet.
    expect((await call(other, 'GET', `/account-settings/users?accountKey=${ACME}`)).statusCode).toBe(404);

    const asked = await call(other, 'POST', '/user/access-requests', { accountKey: ACME, message: 'I do the books for Acme now.' });
    expect(asked.statusCode).toBe(200);
    const request = asked.json<OwnAccessRequest>();
    // Nothing of the account leaks before the grant: not its name.
    expect(request).toMatchObject({ accountKey: ACME, accountName: null, status: 'waiting', role: null, message: 'I do the books for Acme now.' });

    const again = await call(other, 'POST', '/user/access-requests', { accountKey: ACME });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'access-request.already-waiting' });

    // Dana (admin of Acme's organization) is told and sees the request; the view-only user sees it without the right to answer.
    const notifications = await call(demo, 'GET', '/notifications/list');
    expect(notifications.json<{ notifications: Array<{ title: string; linkPath: string | null }> }>().notifications).toContainEqual(
      expect.objectContaining({ title: expect.stringMatching(/asks for access to /) as unknown, linkPath: '/account-settings/users' }),
    );
    const seen = await call(demo, 'GET', `/account-settings/access-requests?accountKey=${ACME}`);
    expect(seen.json()).toMatchObject({ canManage: true, requests: [{ requestId: request.requestId, email: 'other@ledgerport.local', message: 'I do the books for Acme now.' }] });
    const viewerSees = await call(viewer, 'GET', `/account-settings/access-requests?accountKey=${ACME}`);
    expect(viewerSees.json()).toMatchObject({ canManage: false });
    const viewerGrants = await call(viewer, 'POST', `/account-settings/access-requests/grant?accountKey=${ACME}`, { requestId: request.requestId, role: 'owner' });
    expect(viewerGrants.statusCode).toBe(403);

    const granted = await call(demo, 'POST', `/account-settings/access-requests/grant?accountKey=${ACME}`, { requestId: request.requestId, role: 'member' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ message: 'other@ledgerport.local can now open the account as a member.' });
    const membership = await db().selectFrom('account_memberships').select('role').where('account_key', '=', ACME).where('user_id', '=', await userIdOf('other@ledgerport.local')).executeTakeFirst();
    expect(membership).toEqual({ role: 'member' });
    expect((await call(other, 'GET', `/account-settings/users?accountKey=${ACME}`)).statusCode).toBe(200);

    const own = await call(other, 'GET', '/user/access-requests');
    expect(own.json<{ requests: OwnAccessRequest[] }>().requests[0]).toMatchObject({ requestId: request.requestId, status: 'granted', role: 'member', accountName: expect.any(String) as unknown });
    expect((await call(demo, 'GET', `/account-settings/access-requests?accountKey=${ACME}`)).json()).toMatchObject({ requests: [] });

    const [requested] = await auditOf('account.access-requested');
    expect(requested).toMatchObject({ account_key: ACME, actor_user_id: await userIdOf('other@ledgerport.local'), entity_id: request.requestId });
    const [grant] = await auditOf('account.access-granted');
    expect(grant).toMatchObject({ account_key: ACME, actor_user_id: await userIdOf('demo@ledgerport.local'), entity_id: request.requestId });

    // Answered once: a second grant finds nothing waiting.
    const twice = await call(demo, 'POST', `/account-settings/access-requests/grant?accountKey=${ACME}`, { requestId: request.requestId, role: 'owner' });
    expect(twice.statusCode).toBe(404);
    // Now a member: asking again is refused.
    expect((await call(other, 'POST', '/user/access-requests', { accountKey: ACME })).json()).toMatchObject({ code: 'access-request.already-member' });
  });

  it('an unknown account key is a 404 that names the key, and nothing is stored', async () => {
    const before = await db().selectFrom('account_access_requests').select(db().fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const res = await call(viewer, 'POST', '/user/access-requests', { accountKey: 'no-such-account' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'account.not-found', details: { accountKey: 'no-such-account' } });
    const after = await db().selectFrom('account_access_requests').select(db().fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a declined request tells the person; a user of another account can neither list nor answer requests of an account it cannot open', async () => {
    const asked = (await call(viewer, 'POST', '/user/access-requests', { accountKey: 'other-seller' })).json<OwnAccessRequest>();
    expect(asked.status).toBe('waiting');
    // Dana cannot open other-seller: its requests are a not-found to her.
    expect((await call(demo, 'GET', '/account-settings/access-requests?accountKey=other-seller')).statusCode).toBe(404);
    expect((await call(demo, 'POST', '/account-settings/access-requests/decline?accountKey=other-seller', { requestId: asked.requestId })).statusCode).toBe(404);
    // Nor can a request be answered through another account's key.
    expect((await call(demo, 'POST', `/account-settings/access-requests/grant?accountKey=${ACME}`, { requestId: asked.requestId, role: 'owner' })).statusCode).toBe(404);

    const declined = await call(other, 'POST', '/account-settings/access-requests/decline?accountKey=other-seller', { requestId: asked.requestId });
    expect(declined.json()).toEqual({ message: 'The request of viewer@ledgerport.local was declined.' });
    const own = (await call(viewer, 'GET', '/user/access-requests')).json<{ requests: OwnAccessRequest[] }>().requests;
    expect(own.find((r) => r.requestId === asked.requestId)).toMatchObject({ status: 'declined', accountName: null });
    expect(await auditOf('account.access-declined')).toHaveLength(1);
  });

  it('the person who asked can withdraw a waiting request, and only their own', async () => {
    const asked = (await call(viewer, 'POST', '/user/access-requests', { accountKey: 'other-seller', message: 'Second try' })).json<OwnAccessRequest>();
    expect((await call(other, 'POST', '/user/access-requests/withdraw', { requestId: asked.requestId })).statusCode).toBe(404);
    const withdrawn = await call(viewer, 'POST', '/user/access-requests/withdraw', { requestId: asked.requestId });
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
    expect((await call(other, 'GET', '/account-settings/access-requests?accountKey=other-seller')).json()).toMatchObject({ requests: [] });
  });
});
