/**
 * Roles on the server (issue 14): every route declares its effect, a view-only user (the Clarity
 * permission, or a view-only membership) is refused every change with 403 and nothing is written, a
 * member may not do the owner's things, and an admin-only call answers a non-admin like a missing page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import * as contract from '@ledgerport/contract';
import type { Endpoint, ErrorBody, TokenSet } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../test/test-app';
import { routeDeclarations } from './route-declarations';

let server: TestServer;
let clarity: TokenSet;
let viewer: TokenSet;
let member: TokenSet;
let demo: TokenSet;
let settlementKey: string;

/** A user copied from the demo merchant (same password), with one membership of acme-amazon-us. */
async function addUser(userId: string, role: string): Promise<TokenSet> {
  const { db } = server.testDb;
  await sql`insert into users (user_id, email, name, password_hash, partner_code, billing_account_id, billing_data, login_enabling_party, current_account_key, created_at, updated_at)
    select ${userId}, ${`${userId}@ledgerport.local`}, ${userId}, password_hash, null, null, billing_data, null, 'acme-amazon-us', created_at, updated_at from users where user_id = 'user-demo'`.execute(db);
  await db.insertInto('account_memberships').values({ account_key: 'acme-amazon-us', user_id: userId, role, created_at: new Date() }).execute();
  return server.signIn(`${userId}@ledgerport.local`);
}

/** What a refused call must leave as it was. */
async function snapshot() {
  const { db } = server.testDb;
  const count = async (table: 'settlements' | 'settlement_documents' | 'audit_log' | 'mapping_sets' | 'connections') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const account = await db.selectFrom('accounts').select(['account_name', 'updated_at']).where('account_key', '=', 'acme-amazon-us').executeTakeFirstOrThrow();
  return {
    settlements: await count('settlements'),
    documents: await count('settlement_documents'),
    audit: await count('audit_log'),
    mappingSets: await count('mapping_sets'),
    connections: await db.selectFrom('connections').select(['connection_id', 'status']).orderBy('connection_id').execute(),
    account,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  [clarity, demo] = await server.signInAll('clarity@ledgerport.local', 'demo@ledgerport.local');
  // The demo seed's view-only member of acme-amazon-us; a member is added here.
  viewer = await server.signIn('viewer@ledgerport.local');
  member = await addUser('user-member', 'member');
  const row = await server.testDb.db
    .selectFrom('settlements')
    .select('settlement_key')
    .where('account_key', '=', 'acme-amazon-us')
    .where('posting_status', '=', 'NOT_POSTED')
    .where('duplicate_of', 'is', null)
    .orderBy('settlement_key')
    .executeTakeFirstOrThrow();
  settlementKey = row.settlement_key;
});
afterAll(() => server.close());

const endpoints = (Object.values(contract) as unknown[]).filter((v): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'url' in v && 'access' in v);

describe('route declarations', () => {
  it('every registered route declares read, self, write or manage, and every contract endpoint is registered with its own', () => {
    const routes = routeDeclarations(server.app);
    expect(routes.length).toBeGreaterThan(endpoints.length);
    for (const r of routes) expect(['read', 'self', 'write', 'manage'], `${r.method} ${r.url}`).toContain(r.effect);
    for (const e of endpoints) {
      const registered = routes.find((r) => r.method === e.method && r.url === e.url && r.source === 'contract');
      expect(registered, `${e.method} ${e.url} is registered`).toBeDefined();
      expect(registered!.effect, `${e.method} ${e.url}`).toBe(e.effect);
    }
    // Every route that is not a contract entry is a page or a file: it only reads.
    for (const r of routes.filter((r) => r.source === 'page')) expect(['GET', 'HEAD'], r.url).toContain(r.method);
  });

  it('refuses to register a route that declares nothing', async () => {
    const { app } = await startTestServerBare();
    expect(() => app.post('/undeclared', () => 'x')).toThrow(/declares no effect/);
  });

  it('no GET call is declared as a change except the settlement actions, which change (GET /settlement?action=delete)', () => {
    const changingGets = endpoints.filter((e) => e.method === 'GET' && (e.effect === 'write' || e.effect === 'manage')).map((e) => e.url);
    // The account archive changes nothing, but holds everything (the audit history, the uploaded
    // files): a read only the account's managers may make, so it is declared at their level.
    expect(changingGets).toEqual(['/settlement', '/account/export']);
  });
});

/** A fresh Fastify with the declaration hook alone, to try an undeclared route. */
async function startTestServerBare() {
  const { default: Fastify } = await import('fastify');
  const { requireRouteDeclarations } = await import('./route-declarations');
  const app = Fastify();
  requireRouteDeclarations(app);
  return { app };
}

describe('a Clarity view-only user (CLARITY_VIEW_ONLY)', () => {
  it('is refused every write and manage call with 403 in the error shape, and nothing is written', async () => {
    const before = await snapshot();
    const changing = endpoints.filter((e) => e.access !== 'public' && (e.effect === 'write' || e.effect === 'manage'));
    expect(changing.length).toBeGreaterThan(25);
    for (const e of changing) {
      // A path parameter names the account too (the questionnaire's id is its account key).
      const url = e.url.replace(/:\w+/g, 'acme-amazon-us');
      const res = await server.app.inject({ method: e.method, url: `${url}?accountKey=acme-amazon-us`, headers: bearer(clarity), payload: { accountKey: 'acme-amazon-us' } });
      // Admin-only calls answer like a missing page first (spec section 6).
      const expected = e.access === 'admin' ? 404 : 403;
      expect(res.statusCode, `${e.method} ${e.url}: ${res.body}`).toBe(expected);
      const body = res.json<ErrorBody>();
      expect(body.httpStatusCode).toBe(expected);
      if (expected === 403) {
        expect(body.code).toBe('auth.forbidden');
        expect(body.message).toMatch(/view-only/);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('still reads, and still does what only concerns the user (preferences)', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/account?accountKey=acme-amazon-us', headers: bearer(clarity) })).statusCode).toBe(200);
    const pref = await server.app.inject({
      method: 'PUT',
      url: '/user/application-preferences/organization-modal-confirmed',
      headers: bearer(clarity),
      payload: { organizationModalConfirmed: true, userId: 'user-clarity' },
    });
    expect(pref.statusCode, pref.body).toBe(200);
  });
});

describe('a view-only member of one account', () => {
  const refused = () => [
    { name: 'delete through GET', method: 'GET' as const, url: `/settlement?ajax=true&action=delete&settlementKey=${settlementKey}` },
    { name: 'reprocess', method: 'GET' as const, url: `/settlement?ajax=true&action=reprocess&settlementKey=${settlementKey}&confirm=true` },
    { name: 'send', method: 'POST' as const, url: '/settlementSend', payload: { settlementKey, action: 'send' } },
    { name: 'bulk delete', method: 'POST' as const, url: '/bulkActionSettlement', payload: { bulkAction: 'delete', bulkSettlement: [settlementKey] } },
    { name: 'mappings', method: 'PUT' as const, url: '/mappings?accountKey=acme-amazon-us', payload: {} },
    { name: 'copy mappings', method: 'POST' as const, url: '/account/copy-mappings?accountKey=acme-amazon-us', payload: { accountKeyCopyFrom: 'acme-amazon-ca' } },
    { name: 'rename', method: 'POST' as const, url: '/account-settings?accountName=Renamed' },
    { name: 'disconnect accounting', method: 'POST' as const, url: '/accounting/disconnect', payload: { accountKey: 'acme-amazon-us' } },
    { name: 'disconnect channel', method: 'POST' as const, url: '/sales-channel/disconnect', payload: { accountKey: 'acme-amazon-us', role: 'sales-channel' } },
  ];

  it('reads the account and its settlements', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/account?accountKey=acme-amazon-us', headers: bearer(viewer) })).statusCode).toBe(200);
    const detail = await server.app.inject({ method: 'GET', url: `/settlement/detail?settlementKey=${settlementKey}`, headers: bearer(viewer) });
    expect(detail.statusCode, detail.body).toBe(200);
  });

  it('is refused each change with 403 (not 404: it may open the account), and nothing is written', async () => {
    const before = await snapshot();
    for (const call of refused()) {
      const res = await server.app.inject({ method: call.method, url: call.url, headers: bearer(viewer), ...(call.payload ? { payload: call.payload } : {}) });
      expect(res.statusCode, `${call.name}: ${res.body}`).toBe(403);
      const body = res.json<ErrorBody>();
      expect(body).toMatchObject({ code: 'auth.forbidden', httpStatusCode: 403 });
      expect(body.message).toMatch(/view-only access/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("user meta tells the web the user's level in the current account, so the screens can say view only", async () => {
    const level = async (tokens: TokenSet) => (await server.app.inject({ method: 'GET', url: '/user-meta', headers: bearer(tokens) })).json<{ accessLevel: string | null }>().accessLevel;
    expect(await level(viewer)).toBe('read');
    expect(await level(member)).toBe('write');
    expect(await level(demo)).toBe('manage');
    expect(await level(clarity)).toBe('read');
  });

  it('is still told not-found for an account it cannot open', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/accounting/disconnect', headers: bearer(viewer), payload: { accountKey: 'other-seller' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('a member and an owner', () => {
  it('a member does the bookkeeping but may not rename the account (the owner does)', async () => {
    const mappings = await server.app.inject({ method: 'PUT', url: '/mappings?accountKey=acme-amazon-us', headers: bearer(member), payload: {} });
    expect(mappings.statusCode, mappings.body).toBe(200);
    const rename = await server.app.inject({ method: 'POST', url: '/account-settings?accountName=Renamed', headers: bearer(member) });
    expect(rename.statusCode, rename.body).toBe(403);
    expect(rename.json<ErrorBody>().message).toMatch(/owner/);
  });

  it("the organization's admin renames it", async () => {
    const rename = await server.app.inject({ method: 'POST', url: '/account-settings?accountName=Acme%20Outdoor%20US', headers: bearer(demo) });
    expect(rename.statusCode, rename.body).toBe(200);
  });
});

describe('admin-only calls', () => {
  it('answer a non-admin like a missing page (404), not 403', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/backend/account/list?limit=5', headers: bearer(demo) });
    const missing = await server.app.inject({ method: 'GET', url: '/backend/account/nothing-here', headers: bearer(demo) });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>()).toEqual({ ...missing.json<ErrorBody>(), message: 'There is no endpoint GET /backend/account/list.' });
    expect(missing.json<ErrorBody>().message).toBe('There is no endpoint GET /backend/account/nothing-here.');
  });
});
