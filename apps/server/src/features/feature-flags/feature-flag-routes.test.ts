import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, TokenSet } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
let admin: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, other, admin] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local', 'admin@ledgerport.local');
});
afterAll(() => server.close());

const flags = async (accountKey: string) =>
  (await server.testDb.db.selectFrom('account_feature_flags').select('flag').where('account_key', '=', accountKey).orderBy('flag').execute()).map((r) => r.flag);

describe('GET /feature-flag', () => {
  it("lists the account's flags sorted by name", async () => {
    const res = await server.app.inject({ method: 'GET', url: '/feature-flag?accountKey=acme-amazon-us', headers: bearer(demo) });
    expect(res.json()).toEqual({ featureFlags: ['AMAZON_SUMMARY_REPORT', 'NEW_ADMIN_PAGE'] });
  });

  it('is refused across accounts', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/feature-flag?accountKey=acme-amazon-us', headers: bearer(other) });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST and DELETE /feature-flag', () => {
  it('adds flags (ignoring ones already on) and removes them, auditing both', async () => {
    const added = await server.app.inject({
      method: 'POST',
      url: '/feature-flag',
      headers: bearer(admin),
      payload: { accountKey: 'acme-ebay', featureFlagsToAdd: ['PAYPAL_SEND_INVOICE', 'NEW_ADMIN_PAGE', 'NEW_ADMIN_PAGE'] },
    });
    expect(added.json()).toEqual({ featureFlags: ['NEW_ADMIN_PAGE', 'PAYPAL_SEND_INVOICE'] });
    const removed = await server.app.inject({
      method: 'DELETE',
      url: '/feature-flag',
      headers: bearer(admin),
      payload: { accountKey: 'acme-ebay', featureFlagsToRemove: ['NEW_ADMIN_PAGE'] },
    });
    expect(removed.json()).toEqual({ featureFlags: ['PAYPAL_SEND_INVOICE'] });
    expect(await flags('acme-ebay')).toEqual(['PAYPAL_SEND_INVOICE']);
    const audit = await server.testDb.db.selectFrom('audit_log').selectAll().where('account_key', '=', 'acme-ebay').orderBy('audit_id').execute();
    expect(audit.map((a) => [a.action, a.actor_user_id])).toEqual([
      ['account.feature-flags-added', 'user-admin'],
      ['account.feature-flags-removed', 'user-admin'],
    ]);
  });

  it('is admin only: a merchant gets 404, like a missing page, and nothing changes', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/feature-flag', headers: bearer(demo), payload: { accountKey: 'acme-amazon-us', featureFlagsToAdd: ['WALMART_OAUTH2'] } });
    expect(res.statusCode).toBe(404);
    expect(await flags('acme-amazon-us')).toEqual(['AMAZON_SUMMARY_REPORT', 'NEW_ADMIN_PAGE']);
  });

  it('rejects a flag name the product does not have', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/feature-flag', headers: bearer(admin), payload: { accountKey: 'acme-ebay', featureFlagsToAdd: ['FREE_MONEY'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details).toMatchObject([{ path: 'featureFlagsToAdd.0' }]);
  });

  it('answers 404 for an account that does not exist', async () => {
    const res = await server.app.inject({ method: 'DELETE', url: '/feature-flag', headers: bearer(admin), payload: { accountKey: 'ghost', featureFlagsToRemove: ['WALMART_OAUTH2'] } });
    expect(res.statusCode).toBe(404);
  });
});
