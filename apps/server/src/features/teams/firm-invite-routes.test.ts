/**
 * Firm invites (issue 19, decision 0048), mail through real SMTP to a local sink: a firm admin invites
 * a new email into a team; the person signs up from the link, verifies, and is a firm member in the
 * team who sees the team's clients. Refusals: another firm (404), a plain member (403), a lead outside
 * the team (403), a duplicate (409), a person of another firm on accepting. Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthUser, ErrorBody, FirmInvite, Team, TokenSet } from '@ledgerport/contract';
import { linkTokenOf, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let sink: SmtpSink;
let partner: TokenSet;
let teammate: TokenSet;
let rival: TokenSet;
let desk: Team;
let other: Team;
const NOW = new Date('2026-11-22T10:00:00.000Z');
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ config: { mail: { smtpUrl: sink.url, from: 'Ledgerport <no-reply@ledgerport.local>', outboxDir: '/nonexistent' } } });
  server.clock.set(NOW);
  const { password_hash } = await db().selectFrom('users').select('password_hash').where('email', '=', 'partner@ledgerport.local').executeTakeFirstOrThrow();
  const user = { password_hash, billing_account_id: null, billing_data: null, login_enabling_party: null, current_account_key: null, email_verified_at: NOW, created_at: NOW, updated_at: NOW };
  await db().insertInto('users').values({ ...user, user_id: 'user-rival', email: 'rival@ledgerport.local', name: 'Rita Rival', partner_code: 'RIVAL9', partner_role: 'admin' }).execute();
  [partner, teammate, rival] = await server.signInAll('partner@ledgerport.local', 'teammate@ledgerport.local', 'rival@ledgerport.local');
  desk = (await call(partner, 'POST', '/teams', { name: 'Walmart desk' })).json<Team>();
  other = (await call(partner, 'POST', '/teams', { name: 'Other desk' })).json<Team>();
  await call(partner, 'PUT', '/teams/accounts', { teamId: desk.teamId, accountKeys: ['birch-walmart'] });
  // Tia leads the Walmart desk, not the Other desk.
  await call(partner, 'POST', '/teams/members', { teamId: desk.teamId, userId: 'user-teammate', role: 'lead' });
});
afterAll(async () => {
  await server.close();
  await sink.close();
});
beforeEach(() => server.clock.set(NOW));

const db = () => server.testDb.db;
const call = (tokens: TokenSet | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, ...(payload ? { payload } : {}), headers: tokens ? bearer(tokens) : {} });
const invite = (tokens: TokenSet, body: object) => call(tokens, 'POST', '/teams/invites', body);
const openInvites = (email: string) => db().selectFrom('firm_invites').selectAll().where('email_key', '=', email.toLowerCase()).where('closed_reason', 'is', null).execute();
const audits = (action: string) => db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('audit_id').execute();

async function signUpFromMail(email: string, name: string): Promise<TokenSet> {
  const res = await server.app.inject({ method: 'POST', url: '/oauth/sign-up', payload: { email, name, password: 'river-stone-42' }, remoteAddress: `10.8.${email.length}.${name.length}` });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await sink.waitForMail(email, /^Verify your email/);
  expect((await call(null, 'POST', '/oauth/verify-email', { token: linkTokenOf(mail) })).statusCode).toBe(200);
  const login = await call(null, 'POST', '/oauth/login', { email, password: 'river-stone-42' });
  expect(login.statusCode).toBe(200);
  return login.json<TokenSet>();
}

describe('a firm admin invites a new person into a team', () => {
  it('mails a link; the person signs up from it and is a firm member in the team who sees its clients; used once; audited', async () => {
    const res = await invite(partner, { email: 'Nora.New@Example.com', partnerRole: 'member', teamId: desk.teamId, teamRole: 'member' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FirmInvite>()).toMatchObject({ email: 'Nora.New@Example.com', partnerRole: 'member', teamId: desk.teamId, teamName: 'Walmart desk', teamRole: 'member', invitedByName: 'Pat Partner', isExpired: false });
    const mail = await sink.waitForMail('nora.new@example.com', /^You are invited to join PARTNER1/);
    expect(mail.text).toContain('invites you to join the accounting firm PARTNER1 as a firm member, in the team "Walmart desk" as a member.');
    expect(mail.text).toContain('/app/oauth/user-management?mode=acceptFirmInvite&token=');
    const token = linkTokenOf(mail);
    // Only the hash is stored.
    const [row] = await openInvites('nora.new@example.com');
    expect(row?.token_hash).not.toContain(token);
    expect((await call(null, 'GET', `/firm-invites/preview?token=${encodeURIComponent(token)}`)).json()).toMatchObject({ status: 'valid', partnerCode: 'PARTNER1', teamName: 'Walmart desk', hasLogin: false });

    // The list shows it to the admin and to the team's lead.
    expect((await call(partner, 'GET', '/teams/invites')).json<{ invites: FirmInvite[] }>().invites.map((i) => i.email)).toContain('Nora.New@Example.com');
    expect((await call(teammate, 'GET', `/teams/invites?teamId=${desk.teamId}`)).json<{ invites: FirmInvite[] }>().invites.map((i) => i.email)).toEqual(['Nora.New@Example.com']);

    const nora = await signUpFromMail('nora.new@example.com', 'Nora New');
    const me = await db().selectFrom('users').select(['user_id', 'partner_code', 'partner_role']).where('email', '=', 'nora.new@example.com').executeTakeFirstOrThrow();
    expect(me).toMatchObject({ partner_code: 'PARTNER1', partner_role: 'member' });
    const user = (await call(nora, 'GET', '/user')).json<AuthUser>();
    expect(user.accountsThatCanBeAccessedByThisUser.map((a) => a.accountKey)).toEqual(['birch-walmart']);
    const teams = (await call(partner, 'GET', '/teams')).json<{ teams: Team[] }>().teams;
    expect(teams.find((t) => t.teamId === desk.teamId)?.members.map((m) => [m.name, m.role])).toEqual(expect.arrayContaining([['Nora New', 'member']]));

    // Used once: the link now says so, and accepting again is refused.
    expect((await call(null, 'GET', `/firm-invites/preview?token=${encodeURIComponent(token)}`)).json()).toMatchObject({ status: 'used' });
    const again = await call(nora, 'POST', '/user/firm-invites/accept', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>().message).toMatch(/already accepted/);
    expect(await openInvites('nora.new@example.com')).toEqual([]);

    const sent = (await audits('team.invite-sent')).find((a) => a.entity_id === row?.invite_id);
    expect(sent).toMatchObject({ actor_user_id: 'user-partner', entity_type: 'firm-invite' });
    expect((await audits('team.invite-accepted')).some((a) => a.actor_user_id === me.user_id)).toBe(true);
    expect((await audits('team.member-added')).some((a) => a.actor_user_id === me.user_id && a.entity_id === desk.teamId)).toBe(true);
  });

  it('resend replaces the link, revoke withdraws it; each link then says why it does not work', async () => {
    await invite(partner, { email: 'ron@example.com', partnerRole: 'admin', teamId: null });
    const first = linkTokenOf(await sink.waitForMail('ron@example.com', /^You are invited to join/));
    const [open] = await openInvites('ron@example.com');
    const resent = await call(partner, 'POST', '/teams/invites/resend', { inviteId: open!.invite_id });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<FirmInvite>()).toMatchObject({ partnerRole: 'admin', teamId: null });
    const second = linkTokenOf(await sink.waitForMail('ron@example.com', /^You are invited to join/, 1));
    expect(second).not.toBe(first);
    expect((await call(null, 'GET', `/firm-invites/preview?token=${encodeURIComponent(first)}`)).json()).toMatchObject({ status: 'superseded' });
    const revoke = await call(partner, 'POST', '/teams/invites/revoke', { inviteId: resent.json<FirmInvite>().inviteId });
    expect(revoke.json()).toEqual({ message: 'The invite to ron@example.com was withdrawn.' });
    const preview = (await call(null, 'GET', `/firm-invites/preview?token=${encodeURIComponent(second)}`)).json<{ status: string; message: string }>();
    expect(preview).toMatchObject({ status: 'revoked', message: "This invite was withdrawn by the firm's admin. Ask an admin of the firm to invite you again." });
    expect((await audits('team.invite-resent')).length).toBe(1);
    expect((await audits('team.invite-revoked')).length).toBe(1);
  });

  it('an expired link answers that it expired', async () => {
    await invite(partner, { email: 'old@example.com', partnerRole: 'member' });
    const token = linkTokenOf(await sink.waitForMail('old@example.com', /^You are invited to join/));
    server.clock.set(new Date(NOW.getTime() + 8 * 24 * 3600_000));
    expect((await call(null, 'GET', `/firm-invites/preview?token=${encodeURIComponent(token)}`)).json()).toMatchObject({ status: 'expired' });
  });
});

describe('refusals', () => {
  it("another firm's admin gets 404 for the team and the invite", async () => {
    const res = await invite(rival, { email: 'x1@example.com', partnerRole: 'member', teamId: desk.teamId });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().code).toBe('team.not-found');
    await invite(partner, { email: 'x2@example.com', partnerRole: 'member', teamId: desk.teamId });
    const [open] = await openInvites('x2@example.com');
    for (const url of ['/teams/invites/resend', '/teams/invites/revoke']) {
      const r = await call(rival, 'POST', url, { inviteId: open!.invite_id });
      expect(r.statusCode).toBe(404);
      expect(r.json<ErrorBody>().code).toBe('invite.not-found');
    }
    expect((await call(rival, 'GET', '/teams/invites')).json<{ invites: FirmInvite[] }>().invites).toEqual([]);
  });

  it('a firm member who is neither admin nor lead gets 403', async () => {
    await call(partner, 'POST', '/teams/members', { teamId: other.teamId, userId: 'user-teammate', role: 'member' });
    try {
      for (const body of [{ email: 'x3@example.com', partnerRole: 'member', teamId: other.teamId }, { email: 'x3@example.com', partnerRole: 'member' }]) {
        const res = await invite(teammate, body);
        expect(res.statusCode).toBe(403);
        expect(res.json<ErrorBody>().code).toBe('auth.forbidden');
      }
    } finally {
      await call(partner, 'POST', '/teams/members/remove', { teamId: other.teamId, userId: 'user-teammate' });
    }
  });

  it("a lead invites into their team, but gets 403 for a team not theirs and for a firm admin's invite", async () => {
    const own = await invite(teammate, { email: 'lee@example.com', partnerRole: 'member', teamId: desk.teamId, teamRole: 'member' });
    expect(own.statusCode, own.body).toBe(200);
    const notTheirs = await invite(teammate, { email: 'x4@example.com', partnerRole: 'member', teamId: other.teamId });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json<ErrorBody>().message).toBe("Only a firm admin or this team's lead can invite people into the team.");
    const asAdmin = await invite(teammate, { email: 'x4@example.com', partnerRole: 'admin', teamId: desk.teamId });
    expect(asAdmin.statusCode).toBe(403);
    // The admin's firm-wide invite is not the lead's to revoke.
    await invite(partner, { email: 'x5@example.com', partnerRole: 'member' });
    const [open] = await openInvites('x5@example.com');
    expect((await call(teammate, 'POST', '/teams/invites/revoke', { inviteId: open!.invite_id })).statusCode).toBe(403);
    expect(await openInvites('x4@example.com')).toEqual([]);
  });

  it('a duplicate open invite is 409; a person already in the firm is 409', async () => {
    expect((await invite(partner, { email: 'dup@example.com', partnerRole: 'member' })).statusCode).toBe(200);
    const dup = await invite(partner, { email: 'DUP@example.com', partnerRole: 'member', teamId: desk.teamId });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<ErrorBody>()).toMatchObject({ code: 'invite.already-invited', message: 'dup@example.com is already invited to your firm. Resend the invite from the list, or withdraw it first.' });
    const inFirm = await invite(partner, { email: 'teammate@ledgerport.local', partnerRole: 'member', teamId: other.teamId });
    expect(inFirm.statusCode).toBe(409);
    expect(inFirm.json<ErrorBody>().message).toBe('teammate@ledgerport.local is already in your firm. Add them to Other desk from Team Settings > Members instead.');
  });

  it('a person of another firm is refused on accepting, with a sentence; the invite stays open', async () => {
    await invite(partner, { email: 'rival@ledgerport.local', partnerRole: 'member', teamId: desk.teamId });
    const token = linkTokenOf(await sink.waitForMail('rival@ledgerport.local', /^You are invited to join/));
    const res = await call(rival, 'POST', '/user/firm-invites/accept', { token });
    expect(res.statusCode).toBe(409);
    const refused = res.json<ErrorBody>();
    expect(refused.code).toBe('invite.other-firm');
    expect(refused.message).toMatch(/^Could not accept the invite. You already belong to another accounting firm/);
    expect((await db().selectFrom('users').select('partner_code').where('user_id', '=', 'user-rival').executeTakeFirstOrThrow()).partner_code).toBe('RIVAL9');
    expect(await openInvites('rival@ledgerport.local')).toHaveLength(1);
    // Someone else's link is not theirs to accept.
    const stranger = await call(partner, 'POST', '/user/firm-invites/accept', { token });
    expect(stranger.json<ErrorBody>().message).toMatch(/sent to another email address/);
  });

  it("'Could not send an invite' when the mail fails, and no invite is left", async () => {
    const broken = await startTestServer({ testDb: server.testDb, config: { mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@ledgerport.local', outboxDir: '/nonexistent' } } });
    try {
      const tokens = await broken.signIn('partner@ledgerport.local');
      const res = await broken.app.inject({ method: 'POST', url: '/teams/invites', payload: { email: 'lost@example.com', partnerRole: 'member' }, headers: bearer(tokens) });
      expect(res.statusCode).toBe(502);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'invite.send-failed', message: 'Could not send an invite. Please try again later.' });
      expect(await db().selectFrom('firm_invites').select('invite_id').where('email_key', '=', 'lost@example.com').execute()).toEqual([]);
    } finally {
      await broken.app.close();
    }
  });
});
