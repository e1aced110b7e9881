/**
 * Account Settings > Users and invites (issue 15, decision 0021), mail through real SMTP to a local
 * sink. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountUsers, ErrorBody, TokenSet, UserMeta } from '@ledgerport/contract';
import { INVITE_TTL_MS } from '@ledgerport/core/rules';
import { linkTokenOf, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let sink: SmtpSink;
let demo: TokenSet;
let other: TokenSet;
let viewer: TokenSet;
let member: TokenSet;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ config: { mail: { smtpUrl: sink.url, from: 'Ledgerport <no-reply@ledgerport.local>', outboxDir: '/nonexistent' } } });
  server.clock.set(new Date('2026-11-22T10:00:00.000Z'));
  [demo, other, viewer] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local', 'viewer@ledgerport.local');
  // A direct member (level write) of the demo account.
  member = await verifiedUser('mel@example.com', 'Mel Member');
  const melId = (await db().selectFrom('users').select('user_id').where('email', '=', 'mel@example.com').executeTakeFirstOrThrow()).user_id;
  await db().insertInto('account_memberships').values({ account_key: ACME, user_id: melId, role: 'member', created_at: new Date() }).execute();
});
afterAll(async () => {
  await server.close();
  await sink.close();
});
beforeEach(() => server.clock.set(new Date('2026-11-22T10:00:00.000Z')));

const ACME = 'acme-amazon-us';
const call = (tokens: TokenSet | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, ...(payload ? { payload } : {}), headers: tokens ? bearer(tokens) : {} });
const list = (tokens: TokenSet, accountKey = ACME) => call(tokens, 'GET', `/account-settings/users?accountKey=${accountKey}`);
const invite = (tokens: TokenSet, email: string, role: string, accountKey = ACME) => call(tokens, 'POST', `/account-settings/users/invites?accountKey=${accountKey}`, { email, role });
const db = () => server.testDb.db;
const openInvites = (email: string) => db().selectFrom('account_invites').selectAll().where('email_key', '=', email.toLowerCase()).where('closed_reason', 'is', null).execute();

/** Creates a verified user with a login (as sign-up and verification would) and signs them in. */
async function verifiedUser(email: string, name: string): Promise<TokenSet> {
  const res = await server.app.inject({ method: 'POST', url: '/oauth/sign-up', payload: { email, name, password: 'river-stone-42' }, remoteAddress: `10.9.${email.length}.${name.length}` });
  expect(res.statusCode).toBe(200);
  const mail = await sink.waitForMail(email, /^Verify your email/);
  expect((await server.app.inject({ method: 'POST', url: '/oauth/verify-email', payload: { token: linkTokenOf(mail) } })).statusCode).toBe(200);
  const login = await server.app.inject({ method: 'POST', url: '/oauth/login', payload: { email, password: 'river-stone-42' } });
  expect(login.statusCode).toBe(200);
  return login.json<TokenSet>();
}

describe('invites', () => {
  it('invite → mail at the SMTP sink → accept from the link → member with that role, who sees the account; audited', async () => {
    const kim = await verifiedUser('kim@example.com', 'Kim Colleague');
    const res = await invite(demo, 'Kim@Example.com', 'member');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'Kim@Example.com', role: 'member', invitedByName: 'Dana Demo', isExpired: false });
    const mail = await sink.waitForMail('kim@example.com', /^You are invited to/);
    expect(mail.text).toContain('Dana Demo invites you to open the Ledgerport account');
    // Kim has a login already: the invite is a notification too (decision 0023).
    const kimsNotifications = await call(kim, 'GET', '/notifications/list');
    expect(kimsNotifications.json<{ notifications: Array<{ kind: string; title: string; accountKey: string | null }> }>().notifications).toEqual([
      expect.objectContaining({ kind: 'invite', title: expect.stringMatching(/^You are invited to /) as unknown, accountKey: null }),
    ]);
    expect(mail.text).toMatch(/http:\/\/127\.0\.0\.1:8070\/app\/oauth\/user-management\?mode=acceptInvite&token=/);
    const token = linkTokenOf(mail);
    const stored = await openInvites('kim@example.com');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(token);
    expect(stored[0]!.expires_at.getTime() - stored[0]!.created_at.getTime()).toBe(INVITE_TTL_MS);

    const listed = (await list(demo)).json<AccountUsers>();
    expect(listed.canManage).toBe(true);
    expect(listed.invites.map((i) => i.email)).toContain('Kim@Example.com');

    const meta = await call(kim, 'GET', '/user-meta');
    expect(meta.json<UserMeta>().user.pendingInvites).toEqual([expect.objectContaining({ accountKey: ACME, role: 'member', invitedByName: 'Dana Demo' })]);

    const preview = await call(null, 'GET', `/invites/preview?token=${encodeURIComponent(token)}`);
    expect(preview.json()).toMatchObject({ status: 'valid', email: 'Kim@Example.com', role: 'member', hasLogin: true });

    const accepted = await call(kim, 'POST', '/user/invites/accept', { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ accountKey: ACME, role: 'member' });
    const membership = await db().selectFrom('account_memberships').innerJoin('users', 'users.user_id', 'account_memberships.user_id').select('role').where('email', '=', 'kim@example.com').where('account_key', '=', ACME).executeTakeFirst();
    expect(membership).toEqual({ role: 'member' });
    const kimMeta = (await call(kim, 'GET', '/user-meta')).json<UserMeta>();
    expect(kimMeta.user.accountsThatCanBeAccessedByThisUser.map((a) => a.accountKey)).toContain(ACME);
    expect(kimMeta.user.pendingInvites).toEqual([]);
    const users = (await list(kim)).json<AccountUsers>();
    expect(users.canManage).toBe(false);
    expect(users.users.find((u) => u.email === 'kim@example.com')).toMatchObject({ role: 'member', access: ['member'] });

    // Reused link: a clear sentence, nothing changes.
    const again = await call(kim, 'POST', '/user/invites/accept', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>()).toMatchObject({ code: 'invite.link-invalid', message: 'Could not accept the invite. This invite was already accepted. Sign in to open the account.' });

    const actions = await db().selectFrom('audit_log').select('action').where('account_key', '=', ACME).where('action', 'like', 'account.user-%').execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['account.user-invited', 'account.user-invite-accepted']));
    const history = await call(demo, 'GET', `/account-settings/history?accountKey=${ACME}`);
    expect(JSON.stringify(history.json())).toContain('Invited kim@example.com as member'.replace('kim@example.com', 'Kim@Example.com'));
  });

  it('refuses inviting an existing member, and a second invite to an address already invited', async () => {
    const member = await invite(demo, 'viewer@ledgerport.local', 'member');
    expect(member.statusCode).toBe(409);
    expect(member.json<ErrorBody>()).toMatchObject({ code: 'invite.already-member', message: 'viewer@ledgerport.local is already a member of this account. Change their role in the list instead.' });
    expect((await invite(demo, 'twice@example.com', 'view-only')).statusCode).toBe(200);
    const twice = await invite(demo, 'TWICE@example.com', 'member');
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorBody>().code).toBe('invite.already-invited');
    expect(await openInvites('twice@example.com')).toHaveLength(1);
  });

  it('revoked, resent (older link) and expired links are refused with a sentence that says which', async () => {
    const lee = await verifiedUser('lee@example.com', 'Lee Later');
    await invite(demo, 'lee@example.com', 'view-only');
    const first = linkTokenOf(await sink.waitForMail('lee@example.com', /^You are invited/));
    const [open] = await openInvites('lee@example.com');
    const resent = await call(demo, 'POST', `/account-settings/users/invites/resend?accountKey=${ACME}`, { inviteId: open!.invite_id });
    expect(resent.statusCode).toBe(200);
    const second = linkTokenOf(await sink.waitForMail('lee@example.com', /^You are invited/, 1));
    expect((await call(lee, 'POST', '/user/invites/accept', { token: first })).json<ErrorBody>().message).toMatch(/A newer invite was sent/);
    const [newer] = await openInvites('lee@example.com');
    expect((await call(demo, 'POST', `/account-settings/users/invites/revoke?accountKey=${ACME}`, { inviteId: newer!.invite_id })).statusCode).toBe(200);
    const revoked = await call(lee, 'POST', '/user/invites/accept', { token: second });
    expect(revoked.json<ErrorBody>()).toMatchObject({ code: 'invite.link-invalid', details: { reason: 'revoked' } });
    expect(revoked.json<ErrorBody>().message).toMatch(/withdrawn by the account's owner/);

    await invite(demo, 'lee@example.com', 'member');
    const third = linkTokenOf(await sink.waitForMail('lee@example.com', /^You are invited/, 2));
    server.clock.set(new Date(Date.parse('2026-11-22T10:00:00.000Z') + INVITE_TTL_MS + 1));
    const leeLater = (await server.app.inject({ method: 'POST', url: '/oauth/login', payload: { email: 'lee@example.com', password: 'river-stone-42' } })).json<TokenSet>();
    expect((await call(leeLater, 'POST', '/user/invites/accept', { token: third })).json<ErrorBody>().message).toMatch(/has expired/);
    expect(lee).toBeDefined();
  });

  it('refuses accepting an invite sent to another address', async () => {
    await invite(demo, 'someone-else@example.com', 'member');
    const token = linkTokenOf(await sink.waitForMail('someone-else@example.com', /^You are invited/));
    const res = await call(other, 'POST', '/user/invites/accept', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toMatch(/sent to another email address/);
  });

  it('a person with no login signs up from the invite and is a member once verified', async () => {
    await invite(demo, 'newbie@example.com', 'view-only');
    const token = linkTokenOf(await sink.waitForMail('newbie@example.com', /^You are invited/));
    expect((await call(null, 'GET', `/invites/preview?token=${encodeURIComponent(token)}`)).json()).toMatchObject({ status: 'valid', hasLogin: false });
    const newbie = await verifiedUser('newbie@example.com', 'Nia Newbie');
    const meta = (await call(newbie, 'GET', '/user-meta')).json<UserMeta>();
    expect(meta.user.accountsThatCanBeAccessedByThisUser.map((a) => a.accountKey)).toEqual([ACME]);
    expect((await call(null, 'GET', `/invites/preview?token=${encodeURIComponent(token)}`)).json()).toMatchObject({ status: 'used' });
  });

  it("'Could not send an invite' when the mail fails, and no invite row is left", async () => {
    const broken = await startTestServer({ testDb: server.testDb, config: { mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@ledgerport.local', outboxDir: '/nonexistent' } } });
    try {
      const tokens = await broken.signIn('demo@ledgerport.local');
      const res = await broken.app.inject({ method: 'POST', url: `/account-settings/users/invites?accountKey=${ACME}`, payload: { email: 'lost@example.com', role: 'member' }, headers: bearer(tokens) });
      expect(res.statusCode).toBe(502);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'invite.send-failed', message: 'Could not send an invite. Please try again later.' });
      expect(await db().selectFrom('account_invites').select('invite_id').where('email_key', '=', 'lost@example.com').execute()).toEqual([]);
    } finally {
      await broken.app.close();
    }
  });
});

describe('who may do what', () => {
  it('a view-only user and a member read the list but are refused changes (403); another account owner gets 404', async () => {
    expect((await list(viewer)).statusCode).toBe(200);
    expect((await list(viewer)).json<AccountUsers>().canManage).toBe(false);
    for (const tokens of [viewer, member]) {
      const res = await invite(tokens, 'nope@example.com', 'member');
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().code).toBe('auth.forbidden');
    }
    expect((await list(other)).statusCode).toBe(404);
    expect((await invite(other, 'nope@example.com', 'member')).json<ErrorBody>()).toMatchObject({ code: 'account.not-found', httpStatusCode: 404 });
    expect(await openInvites('nope@example.com')).toEqual([]);
  });

  it('lists members, organization members and how each reaches the account', async () => {
    const users = (await list(demo)).json<AccountUsers>().users;
    expect(users.find((u) => u.email === 'demo@ledgerport.local')).toMatchObject({ role: null, access: ['organization'], organizationRole: 'admin' });
    expect(users.find((u) => u.email === 'viewer@ledgerport.local')).toMatchObject({ role: 'view-only', access: ['member'] });
  });

  it('never leaves an account without an owner; role change and removal are audited', async () => {
    const otherId = (await db().selectFrom('users').select('user_id').where('email', '=', 'other@ledgerport.local').executeTakeFirstOrThrow()).user_id;
    const demote = await call(other, 'POST', '/account-settings/users/role?accountKey=other-seller', { userId: otherId, role: 'member' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json<ErrorBody>()).toMatchObject({ code: 'member.last-owner', message: 'This is the last owner of the account, so their role cannot change. Make another member an owner first.' });
    const remove = await call(other, 'POST', '/account-settings/users/remove?accountKey=other-seller', { userId: otherId });
    expect(remove.json<ErrorBody>().message).toMatch(/last owner.*cannot be removed/);

    const viewerId = (await db().selectFrom('users').select('user_id').where('email', '=', 'viewer@ledgerport.local').executeTakeFirstOrThrow()).user_id;
    const change = await call(demo, 'POST', `/account-settings/users/role?accountKey=${ACME}`, { userId: viewerId, role: 'member' });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toMatchObject({ role: 'member' });
    const removed = await call(demo, 'POST', `/account-settings/users/remove?accountKey=${ACME}`, { userId: viewerId });
    expect(removed.statusCode).toBe(200);
    expect((await list(viewer)).statusCode).toBe(404);
    const actions = (await db().selectFrom('audit_log').select('action').where('entity_id', '=', viewerId).execute()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['account.user-role-changed', 'account.user-removed']));
  });
});
