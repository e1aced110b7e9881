import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, Organization, OrganizationAccount, TokenSet } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
let partner: TokenSet;
let clarity: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, other, partner, clarity] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local', 'partner@ledgerport.local', 'clarity@ledgerport.local');
});
afterAll(() => server.close());

const get = (url: string, tokens: TokenSet) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });

describe('GET /organization/list', () => {
  it('returns the demo organization with its features and accounts sorted by name then channel', async () => {
    const { organizations } = (await get('/organization/list', demo)).json<{ organizations: Organization[] }>();
    expect(organizations).toHaveLength(1);
    const [acme] = organizations;
    expect(acme).toMatchObject({ id: 'org-acme', name: 'Acme Outdoor Co', adminPermissions: true, clarityOrganizationId: 'clarity-acme', partnerCode: null, featureFlags: ['CLARITY', 'PRODUCT_CATALOG'] });
    expect(acme?.accountsThatCanBeAccessedByTheUser.map((a) => a.name)).toEqual(['Acme Outdoor CA', 'Acme Outdoor eBay', 'Acme Outdoor Shop', 'Acme Outdoor US', 'Trial Etsy Shop']);
    expect(acme?.accountsThatCanBeAccessedByTheUser.find((a) => a.isCurrent)?.accountKey).toBe('acme-amazon-us');
  });

  it('gives a plain member no admin permissions', async () => {
    const { organizations } = (await get('/organization/list', clarity)).json<{ organizations: Organization[] }>();
    expect(organizations.map((o) => [o.id, o.adminPermissions])).toEqual([['org-acme', false]]);
  });

  it("shows a partner the clients' organization", async () => {
    const { organizations } = (await get('/organization/list', partner)).json<{ organizations: Organization[] }>();
    expect(organizations.map((o) => o.id)).toEqual(['org-birch']);
    expect(organizations[0]?.partnerCode).toBe('PARTNER1');
  });

  it("refuses another user's organizations to a non-admin", async () => {
    const res = await get('/organization/list?userId=user-demo', other);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().code).toBe('auth.forbidden');
  });

  it('gives a user in no organization an empty list', async () => {
    expect((await get('/organization/list', other)).json()).toEqual({ organizations: [] });
  });
});

describe('GET /organization/accounts/list', () => {
  it("lists an organization's accounts", async () => {
    const { accounts } = (await get('/organization/accounts/list?organizationId=org-birch', partner)).json<{ accounts: OrganizationAccount[] }>();
    expect(accounts).toEqual([
      { accountKey: 'birch-walmart', name: 'Birch Home Goods', salesChannel: 'WALMART', isCurrent: true, organizationId: 'org-birch' },
      { accountKey: 'birch-bigcommerce', name: 'Cedar Crafts', salesChannel: 'BIGCOMMERCE', isCurrent: false, organizationId: 'org-birch' },
    ]);
  });

  it("lists the user's accounts in no organization under 'unassigned'", async () => {
    const { accounts } = (await get('/organization/accounts/list?organizationId=unassigned', other)).json<{ accounts: OrganizationAccount[] }>();
    expect(accounts.map((a) => a.accountKey)).toEqual(['other-seller']);
    expect((await get('/organization/accounts/list?organizationId=unassigned', demo)).json()).toEqual({ accounts: [] });
  });

  it("answers 404 to a user outside the organization", async () => {
    const res = await get('/organization/accounts/list?organizationId=org-acme', other);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().code).toBe('organization.not-found');
  });
});

describe('PUT /organization/update', () => {
  it('lets an organization admin rename it, with an audit entry', async () => {
    const res = await server.app.inject({ method: 'PUT', url: '/organization/update', headers: bearer(demo), payload: { organizationId: 'org-acme', name: 'Acme Outdoor Group' } });
    expect(res.json<Organization>().name).toBe('Acme Outdoor Group');
    const audit = await server.testDb.db.selectFrom('audit_log').selectAll().where('action', '=', 'organization.renamed').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ organization_id: 'org-acme', before_state: { name: 'Acme Outdoor Co' }, after_state: { name: 'Acme Outdoor Group' } });
  });

  it('refuses a plain member with 403', async () => {
    const res = await server.app.inject({ method: 'PUT', url: '/organization/update', headers: bearer(clarity), payload: { organizationId: 'org-acme', name: 'Mine' } });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 to a user outside the organization and renames nothing', async () => {
    const res = await server.app.inject({ method: 'PUT', url: '/organization/update', headers: bearer(other), payload: { organizationId: 'org-birch', name: 'Taken' } });
    expect(res.statusCode).toBe(404);
    const row = await server.testDb.db.selectFrom('organizations').select('name').where('organization_id', '=', 'org-birch').executeTakeFirstOrThrow();
    expect(row.name).toBe('Birch & Pine Bookkeeping Clients');
  });
});
