/**
 * Teams (decision 0038): firm admins manage teams, a lead manages members, and a firm member who is
 * not an admin sees only the clients of their teams: on the account list, the account check and the
 * Partner Dashboard. Another firm's teams and clients answer not-found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser, ErrorBody, PartnerAccountStatus, Team, TeamsOverview, TokenSet } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let partner: TokenSet;
let teammate: TokenSet;
let rival: TokenSet;
let demo: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.testDb;
  const now = new Date('2026-01-01T00:00:00Z');
  const { password_hash } = await db.selectFrom('users').select('password_hash').where('email', '=', 'partner@ledgerport.local').executeTakeFirstOrThrow();
  const user = { password_hash, billing_account_id: null, billing_data: null, login_enabling_party: null, current_account_key: null, email_verified_at: now, created_at: now, updated_at: now };
  await db.insertInto('users').values({ ...user, user_id: 'user-rival', email: 'rival@ledgerport.local', name: 'Rita Rival', partner_code: 'RIVAL9', partner_role: 'admin' }).execute();
  [partner, teammate, rival, demo] = await server.signInAll('partner@ledgerport.local', 'teammate@ledgerport.local', 'rival@ledgerport.local', 'demo@ledgerport.local');
});
afterAll(() => server.close());

const call = (tokens: TokenSet, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
const overview = async (tokens: TokenSet) => (await call(tokens, 'GET', '/teams')).json<TeamsOverview>();
const audits = (action: string) => server.testDb.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('audit_id').execute();
const reachable = async (tokens: TokenSet) => (await call(tokens, 'GET', '/user')).json<AuthUser>().accountsThatCanBeAccessedByThisUser.map((a) => a.accountKey);

async function createTeam(name: string): Promise<Team> {
  const res = await call(partner, 'POST', '/teams', { name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Team>();
}

describe('GET /teams', () => {
  it("shows a firm admin the firm's users and every client, and a non-firm user nothing", async () => {
    const body = await overview(partner);
    expect(body).toMatchObject({ partnerCode: 'PARTNER1', isFirmAdmin: true });
    expect(body.firmUsers.map((u) => [u.userId, u.partnerRole])).toEqual([['user-partner', 'admin'], ['user-teammate', 'member']]);
    expect(body.clients.map((c) => c.accountKey)).toEqual(['birch-walmart', 'birch-bigcommerce']);
    expect(await overview(demo)).toEqual({ partnerCode: null, isFirmAdmin: false, teams: [], firmUsers: [], clients: [] });
  });
});

describe('a team member who is not a firm admin', () => {
  it('sees no client before a team has them, then exactly the team’s clients everywhere', async () => {
    expect(await reachable(teammate)).toEqual([]);
    expect((await call(teammate, 'GET', '/account?accountKey=birch-walmart')).statusCode).toBe(404);

    const team = await createTeam('Walmart desk');
    await call(partner, 'POST', '/teams/members', { teamId: team.teamId, userId: 'user-teammate', role: 'member' });
    const res = await call(partner, 'PUT', '/teams/accounts', { teamId: team.teamId, accountKeys: ['birch-walmart'] });
    expect(res.json<Team>()).toMatchObject({ name: 'Walmart desk', members: [{ userId: 'user-teammate', name: 'Tia Teammate', role: 'member' }], accounts: [{ accountKey: 'birch-walmart' }] });

    expect(await reachable(teammate)).toEqual(['birch-walmart']);
    expect((await call(teammate, 'GET', '/account?accountKey=birch-walmart')).statusCode).toBe(200);
    expect((await call(teammate, 'GET', '/account?accountKey=birch-bigcommerce')).statusCode).toBe(404);
    const dashboard = (await call(teammate, 'GET', '/partner/accounts-status')).json<{ accounts: PartnerAccountStatus[] }>();
    expect(dashboard.accounts.map((a) => a.accountKey)).toEqual(['birch-walmart']);
    // The firm admin keeps every client.
    expect(await reachable(partner)).toEqual(expect.arrayContaining(['birch-walmart', 'birch-bigcommerce']));

    const mine = await overview(teammate);
    expect(mine.isFirmAdmin).toBe(false);
    expect(mine.teams.map((t) => [t.name, t.canManageMembers])).toEqual([['Walmart desk', false]]);
    expect(mine.clients.map((c) => c.accountKey)).toEqual(['birch-walmart']);

    // Removing the client from the team takes it away again.
    await call(partner, 'PUT', '/teams/accounts', { teamId: team.teamId, accountKeys: [] });
    expect(await reachable(teammate)).toEqual([]);
    expect((await audits('team.account-removed')).map((a) => a.account_key)).toEqual(['birch-walmart']);
  });

  it('is refused creating, renaming, deleting teams and choosing clients (403), and changes nothing', async () => {
    const team = await createTeam('Bigcommerce desk');
    await call(partner, 'POST', '/teams/members', { teamId: team.teamId, userId: 'user-teammate', role: 'member' });
    const before = (await server.testDb.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    for (const [method, url, payload] of [
      ['POST', '/teams', { name: 'Mine' }],
      ['PUT', '/teams/rename', { teamId: team.teamId, name: 'Mine' }],
      ['POST', '/teams/delete', { teamId: team.teamId }],
      ['PUT', '/teams/accounts', { teamId: team.teamId, accountKeys: ['birch-bigcommerce'] }],
      ['POST', '/teams/members', { teamId: team.teamId, userId: 'user-teammate', role: 'lead' }],
    ] as const) {
      const res = await call(teammate, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json<ErrorBody>().code).toBe('auth.forbidden');
    }
    expect((await server.testDb.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n).toBe(before);
  });

  it("may change the members of a team they lead, but not its clients", async () => {
    const team = await createTeam('Led desk');
    await call(partner, 'POST', '/teams/members', { teamId: team.teamId, userId: 'user-teammate', role: 'lead' });
    const added = await call(teammate, 'POST', '/teams/members', { teamId: team.teamId, userId: 'user-partner', role: 'member' });
    expect(added.json<Team>().members.map((m) => [m.userId, m.role])).toEqual([['user-partner', 'member'], ['user-teammate', 'lead']]);
    expect((await call(teammate, 'PUT', '/teams/accounts', { teamId: team.teamId, accountKeys: ['birch-bigcommerce'] })).statusCode).toBe(403);
    const removed = await call(teammate, 'POST', '/teams/members/remove', { teamId: team.teamId, userId: 'user-partner' });
    expect(removed.json<Team>().members.map((m) => m.userId)).toEqual(['user-teammate']);
    const [entry] = await audits('team.member-removed');
    expect(entry).toMatchObject({ actor_user_id: 'user-teammate', entity_id: team.teamId, before_state: { userId: 'user-partner', name: 'Pat Partner', role: 'member' } });
  });
});

describe('team writes by a firm admin', () => {
  it('creates, renames and deletes a team, each audited with the names', async () => {
    const team = await createTeam('Temp');
    expect(team).toMatchObject({ name: 'Temp', members: [], accounts: [], canManageMembers: true });
    const renamed = await call(partner, 'PUT', '/teams/rename', { teamId: team.teamId, name: 'Year-end' });
    expect(renamed.json<Team>().name).toBe('Year-end');
    expect((await call(partner, 'POST', '/teams/delete', { teamId: team.teamId })).statusCode).toBe(204);
    expect((await overview(partner)).teams.map((t) => t.name)).not.toContain('Year-end');
    expect((await audits('team.created')).find((a) => a.entity_id === team.teamId)).toMatchObject({ actor_user_id: 'user-partner', after_state: { name: 'Temp', partnerCode: 'PARTNER1' } });
    expect((await audits('team.renamed')).find((a) => a.entity_id === team.teamId)).toMatchObject({ before_state: { name: 'Temp' }, after_state: { name: 'Year-end' } });
    expect((await audits('team.deleted')).find((a) => a.entity_id === team.teamId)).toMatchObject({ before_state: { name: 'Year-end' } });
  });

  it('refuses a second team of the same name (any case) with 409', async () => {
    await createTeam('Payroll');
    const res = await call(partner, 'POST', '/teams', { name: 'PAYROLL' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'team.name-taken', message: 'Your firm already has a team named "PAYROLL". Choose another name.' });
  });

  it("refuses someone outside the firm as a member (422) and another firm's account (404)", async () => {
    const team = await createTeam('Guarded');
    const outsider = await call(partner, 'POST', '/teams/members', { teamId: team.teamId, userId: 'user-demo', role: 'member' });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json<ErrorBody>().code).toBe('team.not-in-firm');
    const foreign = await call(partner, 'PUT', '/teams/accounts', { teamId: team.teamId, accountKeys: ['acme-amazon-us'] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<ErrorBody>().code).toBe('account.not-found');
  });
});

describe('another firm', () => {
  it("answers 404 to every call on a team of PARTNER1 and never lists it", async () => {
    const team = await createTeam('Private desk');
    for (const [method, url, payload] of [
      ['PUT', '/teams/rename', { teamId: team.teamId, name: 'Taken' }],
      ['POST', '/teams/delete', { teamId: team.teamId }],
      ['POST', '/teams/members', { teamId: team.teamId, userId: 'user-rival', role: 'member' }],
      ['POST', '/teams/members/remove', { teamId: team.teamId, userId: 'user-partner' }],
      ['PUT', '/teams/accounts', { teamId: team.teamId, accountKeys: [] }],
    ] as const) {
      const res = await call(rival, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json<ErrorBody>().code).toBe('team.not-found');
    }
    const theirs = await overview(rival);
    expect(theirs.teams).toEqual([]);
    expect(theirs.firmUsers.map((u) => u.userId)).toEqual(['user-rival']);
  });

  it('refuses team writes to a user in no firm with 403', async () => {
    const res = await call(demo, 'POST', '/teams', { name: 'Acme team' });
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().message).toBe('Teams belong to a partner firm, and you are not a member of one.');
  });
});
