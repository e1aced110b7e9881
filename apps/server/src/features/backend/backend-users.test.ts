import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditEntryBody,
  BackendOrganizationDetail,
  BackendOrganizationRow,
  BackendUserDetail,
  BackendUserRow,
  TokenSet,
} from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let demo: TokenSet;
let support: TokenSet;
let admin: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, support, admin] = await server.signInAll(
    'demo@ledgerport.local',
    'support@ledgerport.local',
    'admin@ledgerport.local',
  );
});
afterAll(() => server.close());

const get = (url: string, tokens: TokenSet) =>
  server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const impersonate = (userId: string, accountKey: string, tokens: TokenSet) =>
  server.app.inject({
    method: 'POST',
    url: `/backend/user/${userId}/impersonate`,
    headers: bearer(tokens),
    payload: { accountKey },
  });

describe('GET /backend/users', () => {
  it('finds users by part of the email or the name, case-insensitively, with the total', async () => {
    const byEmail = (await get('/backend/users?search=DEMO@', support)).json<{
      users: BackendUserRow[];
      total: number;
    }>();
    expect(byEmail.users.map((u) => u.email)).toEqual(['demo@ledgerport.local']);
    expect(byEmail.total).toBe(1);
    expect(byEmail.users[0]).toMatchObject({
      userId: 'user-demo',
      name: 'Dana Demo',
      staffRoles: [],
      accountCount: 5,
    });
    const byName = (await get('/backend/users?search=ada', admin)).json<{ users: BackendUserRow[] }>().users;
    expect(byName.map((u) => [u.email, u.staffRoles])).toEqual([['admin@ledgerport.local', ['rootAdmin']]]);
  });

  it('takes the wildcard characters of a search literally', async () => {
    expect((await get('/backend/users?search=%25', support)).json<{ total: number }>().total).toBe(0);
  });

  it('pages and sorts: by email ascending by default, by name descending when asked', async () => {
    const all = (await get('/backend/users?limit=200', support)).json<{
      users: BackendUserRow[];
      total: number;
    }>();
    const emails = all.users.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(all.total).toBe(all.users.length);
    const page2 = (await get('/backend/users?limit=2&offset=2', support)).json<{
      users: BackendUserRow[];
      total: number;
    }>();
    expect(page2.users.map((u) => u.email)).toEqual(emails.slice(2, 4));
    expect(page2.total).toBe(all.total);
    const names = (await get('/backend/users?sort=name&desc=true&limit=200', support))
      .json<{ users: BackendUserRow[] }>()
      .users.map((u) => u.name);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('refuses a bad sort or page with a 400', async () => {
    expect((await get('/backend/users?sort=password', support)).statusCode).toBe(400);
    expect((await get('/backend/users?limit=201', support)).statusCode).toBe(400);
  });

  it('does not exist for a merchant', async () => {
    const res = await get('/backend/users', demo);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'not-found',
      message: 'There is no endpoint GET /backend/users.',
    });
  });
});

describe('GET /backend/user/:userId', () => {
  it("shows the user's accounts with roles, organizations and sign-in history", async () => {
    const res = await get('/backend/user/user-demo', support);
    expect(res.statusCode).toBe(200);
    const d = res.json<BackendUserDetail>();
    expect(d.user).toMatchObject({ email: 'demo@ledgerport.local', currentAccountKey: 'acme-amazon-us' });
    expect(d.accounts.map((a) => a.accountKey).sort()).toEqual(
      ['acme-amazon-ca', 'acme-amazon-us', 'acme-ebay', 'acme-shopify', 'trial-etsy'].sort(),
    );
    expect(d.accounts.find((a) => a.accountKey === 'acme-ebay')).toMatchObject({
      organizationId: 'org-acme',
      organizationRole: 'admin',
      accountRole: null,
      isPartnerClient: false,
    });
    expect(d.organizations).toEqual([{ organizationId: 'org-acme', name: 'Acme Outdoor Co', role: 'admin' }]);
    // The beforeAll sign-in is in the history, newest first.
    expect(d.signIns.length).toBeGreaterThan(0);
    expect(d.signIns[0]).toMatchObject({ succeeded: true });
    const times = d.signIns.map((s) => s.attemptedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('keeps 30 days of sign-in attempts as the history, and forgets older ones at the next sign-in', async () => {
    const { db } = server.testDb;
    const { signInEmailHash } = await import('../../security/sign-in-limiter');
    const ago = (days: number) => new Date(server.clock().getTime() - days * 24 * 60 * 60 * 1000);
    await db
      .insertInto('sign_in_attempts')
      .values([
        {
          email_hash: signInEmailHash('viewer@ledgerport.local'),
          ip: '203.0.113.20',
          attempted_at: ago(20),
          succeeded: false,
        },
        {
          email_hash: signInEmailHash('viewer@ledgerport.local'),
          ip: '203.0.113.31',
          attempted_at: ago(31),
          succeeded: true,
        },
      ])
      .execute();
    await server.signIn('viewer@ledgerport.local');
    const d = (await get('/backend/user/user-viewer', support)).json<BackendUserDetail>();
    expect(d.signIns.map((s) => [s.ip === '203.0.113.20' ? 'old' : 'new', s.succeeded])).toEqual([
      ['new', true],
      ['old', false],
    ]);
  });

  it("shows a partner's clients and a member's account role", async () => {
    const partner = (await get('/backend/user/user-partner', admin)).json<BackendUserDetail>();
    expect(
      partner.accounts
        .filter((a) => a.isPartnerClient)
        .map((a) => a.accountName)
        .sort(),
    ).toEqual(['Birch Home Goods', 'Cedar Crafts']);
    const viewer = (await get('/backend/user/user-viewer', admin)).json<BackendUserDetail>();
    expect(viewer.accounts).toMatchObject([
      { accountKey: 'acme-amazon-us', accountRole: 'view-only', organizationRole: null },
    ]);
  });

  it('answers user.not-found for an unknown user, and 404 for a merchant', async () => {
    const missing = await get('/backend/user/ghost', support);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'user.not-found', message: 'There is no user ghost.' });
    expect((await get('/backend/user/user-demo', demo)).json()).toMatchObject({ code: 'not-found' });
  });
});

describe('POST /backend/user/:userId/impersonate', () => {
  it("answers the path that opens the app as the user and writes the staff member's name in the account's history", async () => {
    const res = await impersonate('user-demo', 'acme-ebay', support);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: 'user-demo',
      accountKey: 'acme-ebay',
      path: '/app/admin?userId=user-demo&accountKey=acme-ebay',
    });
    const audit = await server.testDb.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'backend.user-impersonated')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_user_id: 'user-support',
      account_key: 'acme-ebay',
      entity_type: 'user',
      entity_id: 'user-demo',
    });
    expect(audit[0]?.after_state).toMatchObject({
      staffName: 'Sam Support',
      staffEmail: 'support@ledgerport.local',
      email: 'demo@ledgerport.local',
    });
    const history = (await get('/account-settings/history?accountKey=acme-ebay', demo)).json<{
      entries: AuditEntryBody[];
    }>().entries;
    expect(history[0]).toMatchObject({
      actorEmail: 'support@ledgerport.local',
      summary: 'Opened the account as demo@ledgerport.local (support: Sam Support)',
    });
  });

  it('refuses an account the user cannot open, and writes nothing', async () => {
    const res = await impersonate('user-demo', 'other-seller', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'account.not-found',
      message:
        'demo@ledgerport.local cannot open account other-seller: pick one of the accounts listed for this user.',
    });
    expect((await impersonate('ghost', 'acme-ebay', admin)).json()).toMatchObject({ code: 'user.not-found' });
    const n = await server.testDb.db
      .selectFrom('audit_log')
      .select('audit_id')
      .where('action', '=', 'backend.user-impersonated')
      .where('actor_user_id', '=', 'user-admin')
      .execute();
    expect(n).toHaveLength(0);
  });

  it('does not exist for a merchant, even for their own account', async () => {
    const res = await impersonate('user-viewer', 'acme-amazon-us', demo);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not-found' });
  });
});

describe('PUT /backend/user/:userId/feature-flags', () => {
  const put = (userId: string, payload: object, tokens: TokenSet) =>
    server.app.inject({
      method: 'PUT',
      url: `/backend/user/${userId}/feature-flags`,
      headers: bearer(tokens),
      payload,
    });

  it("switches a user's flag on and off, each audited with the staff member's name", async () => {
    expect((await put('user-other', { flag: 'NEW_ADMIN_PAGE', isOn: true }, support)).json()).toEqual({
      featureFlags: ['NEW_ADMIN_PAGE'],
    });
    expect((await put('user-other', { flag: 'NEW_ADMIN_PAGE', isOn: true }, support)).json()).toEqual({
      featureFlags: ['NEW_ADMIN_PAGE'],
    });
    expect((await get('/backend/user/user-other', admin)).json<BackendUserDetail>().featureFlags).toEqual([
      'NEW_ADMIN_PAGE',
    ]);
    expect((await put('user-other', { flag: 'NEW_ADMIN_PAGE', isOn: false }, admin)).json()).toEqual({
      featureFlags: [],
    });
    const audit = await server.testDb.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'backend.user-feature-flag-changed')
      .orderBy('audit_id')
      .execute();
    expect(
      audit.map((a) => [
        a.actor_user_id,
        a.entity_id,
        (a.after_state as { staffName: string }).staffName,
        (a.after_state as { isOn: boolean }).isOn,
      ]),
    ).toEqual([
      ['user-support', 'user-other', 'Sam Support', true],
      ['user-support', 'user-other', 'Sam Support', true],
      ['user-admin', 'user-other', 'Ada Admin', false],
    ]);
  });

  it('refuses a flag the product does not have, an unknown user, and a merchant', async () => {
    expect((await put('user-other', { flag: 'FREE_MONEY', isOn: true }, support)).statusCode).toBe(400);
    expect((await put('ghost', { flag: 'NEW_ADMIN_PAGE', isOn: true }, support)).json()).toMatchObject({
      code: 'user.not-found',
    });
    const res = await put('user-demo', { flag: 'NEW_ADMIN_PAGE', isOn: true }, demo);
    expect(res.json()).toMatchObject({ code: 'not-found' });
    expect((await get('/backend/user/user-demo', admin)).json<BackendUserDetail>().featureFlags).toEqual([]);
  });
});

describe('GET /backend/organizations and /backend/organization/:organizationId', () => {
  it('lists organizations with their counts, found by name and sorted', async () => {
    const list = (await get('/backend/organizations', support)).json<{
      organizations: BackendOrganizationRow[];
      total: number;
    }>();
    expect(list.organizations.map((o) => o.organizationId)).toEqual(['org-acme', 'org-birch']);
    expect(list.organizations[0]).toMatchObject({ name: 'Acme Outdoor Co', accountCount: 5, memberCount: 3 });
    expect(list.total).toBe(2);
    const found = (await get('/backend/organizations?search=pine', support)).json<{
      organizations: BackendOrganizationRow[];
    }>().organizations;
    expect(found.map((o) => o.organizationId)).toEqual(['org-birch']);
    const byAccounts = (await get('/backend/organizations?sort=accountCount&desc=true', admin)).json<{
      organizations: BackendOrganizationRow[];
    }>().organizations;
    expect(byAccounts.map((o) => o.accountCount)).toEqual(
      [...byAccounts.map((o) => o.accountCount)].sort((a, b) => b - a),
    );
  });

  it('shows one organization with its accounts, members and features', async () => {
    const d = (await get('/backend/organization/org-acme', support)).json<BackendOrganizationDetail>();
    expect(d.accounts.map((a) => a.accountName)).toEqual([
      'Acme Outdoor CA',
      'Acme Outdoor eBay',
      'Acme Outdoor Shop',
      'Acme Outdoor US',
      'Trial Etsy Shop',
    ]);
    expect(d.members.map((m) => [m.email, m.role])).toEqual([
      ['admin@ledgerport.local', 'member'],
      ['clarity@ledgerport.local', 'member'],
      ['demo@ledgerport.local', 'admin'],
    ]);
    expect(d.features).toEqual(['CLARITY', 'PRODUCT_CATALOG']);
    expect(Array.isArray(d.subscriptions)).toBe(true);
  });

  it('answers organization.not-found for an unknown id, and 404 for a merchant', async () => {
    expect((await get('/backend/organization/nope', support)).json()).toMatchObject({
      code: 'organization.not-found',
      message: 'There is no organization nope.',
    });
    expect((await get('/backend/organizations', demo)).statusCode).toBe(404);
    expect((await get('/backend/organization/org-acme', demo)).json()).toMatchObject({ code: 'not-found' });
  });
});
