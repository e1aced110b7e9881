/**
 * Issue 26, "the demo works end to end": with the demo data, the local sandboxes start beside it and
 * the demo accounts are connected to them through the connect path; every demo settlement that is
 * ready to send (core's automation rule, uploads included, no delay) and whose account has an
 * accounting system posts, and the sandbox holds the document and shows it on its page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenSet } from '@ledgerport/contract';
import { decideAutoSend } from '@ledgerport/core/rules';
import { startSettlementTestServer, type SettlementTestServer } from '../../test/settlement-test-server';
import { bearer, testConfig } from '../../test/test-app';
import { factsOf, readUnposted } from '../features/automation/auto-send';
import { startDemoSandboxes, type DemoSandboxes } from './start-demo-sandboxes';

let server: SettlementTestServer;
let sandboxes: DemoSandboxes;
const signIns = new Map<string, TokenSet>();
/** Who sends for each demo account: its organization's admin. */
const SENDER: Record<string, string> = {
  'acme-amazon-us': 'demo@ledgerport.local',
  'acme-amazon-ca': 'demo@ledgerport.local',
  'acme-shopify': 'demo@ledgerport.local',
  'birch-walmart': 'partner@ledgerport.local',
  'other-seller': 'other@ledgerport.local',
};

beforeAll(async () => {
  server = await startSettlementTestServer();
  sandboxes = (await startDemoSandboxes(server.testDb.db, testConfig(), server.clock))!;
  for (const email of new Set(Object.values(SENDER))) signIns.set(email, await server.signIn(email));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await sandboxes?.close();
});

const connectionOf = (accountKey: string) => server.testDb.db.selectFrom('connections').selectAll().where('account_key', '=', accountKey).where('role', '=', 'accounting').executeTakeFirst();

describe('the demo and its local sandboxes', () => {
  it('connects each demo account its data says is connected, through the connect path, to a sandbox on this machine', async () => {
    expect(sandboxes.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandboxes.connected).toEqual(['acme-amazon-ca', 'acme-amazon-us', 'acme-shopify', 'birch-walmart', 'other-seller']);
    const qbo = (await connectionOf('acme-amazon-us'))!;
    expect(qbo).toMatchObject({ system: 'QBO', status: 'CONNECTED', remote_id: expect.any(String) as string });
    expect(qbo.credentials_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(qbo.settings)).toContain(sandboxes.url);
    // Cedar Crafts' NetSuite is not connected in the demo data: no row, and it says so.
    expect(await connectionOf('birch-bigcommerce')).toBeUndefined();
    const audit = await server.testDb.db.selectFrom('audit_log').select(['action', 'actor_user_id']).where('account_key', '=', 'acme-shopify').where('action', '=', 'connection.connected').execute();
    expect(audit).toEqual([{ action: 'connection.connected', actor_user_id: null }]);
  });

  it('posts every ready demo settlement of an account with an accounting system, and the sandbox holds and shows each document', async () => {
    const { db } = server.testDb;
    const now = server.clock();
    const settings = { isEnabled: true, delayHours: 0, isSendingUploads: true, sendFromDate: null };
    const sent: { accountKey: string; settlementKey: string }[] = [];
    const waiting: string[] = [];
    for (const accountKey of Object.keys(SENDER)) {
      const account = await db.selectFrom('accounts').select(['time_zone_id']).where('account_key', '=', accountKey).executeTakeFirstOrThrow();
      for (const row of await readUnposted(db, accountKey)) {
        const decision = decideAutoSend(factsOf(row, account.time_zone_id), settings, now);
        waiting.push(`${row.settlement_id}: ${decision.kind === 'send' ? 'ready' : decision.rule}`);
        if (decision.kind !== 'send') continue;
        const res = await server.app.inject({
          method: 'POST',
          url: '/settlementSend',
          headers: { ...bearer(signIns.get(SENDER[accountKey]!)!), 'content-type': 'application/x-www-form-urlencoded' },
          payload: `settlementKey=${encodeURIComponent(row.settlement_key)}&action=send`,
        });
        expect(res.statusCode, res.body).toBe(200);
        sent.push({ accountKey, settlementKey: row.settlement_key });
      }
    }
    // The Amazon CA settlement to QuickBooks, the closed Shopify payouts (gift cards among them) to Xero. The US
    // one has a type no catalogue knows ("New Mystery Fee"), which waits for a person to map it; the open payout waits too.
    expect(new Set(sent.map((s) => s.accountKey))).toEqual(new Set(['acme-amazon-ca', 'acme-shopify']));
    expect(waiting.filter((w) => !w.endsWith(': ready')).sort()).toEqual(['11223344556: waiting-mappings', '2025-07-02: waiting-open']);
    for (const { settlementKey } of sent) {
      let settlement;
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
        settlement = await db.selectFrom('settlements').select(['settlement_id', 'posting_status', 'send_state', 'posting_error']).where('settlement_key', '=', settlementKey).executeTakeFirstOrThrow();
        if (settlement.send_state === 'IDLE' || settlement.send_state === 'FAILED') break;
      }
      expect(settlement, settlementKey).toMatchObject({ posting_status: 'POSTED', send_state: 'IDLE', posting_error: null });
      const documents = await db.selectFrom('settlement_documents').select(['remote_id', 'remote_url', 'number']).where('settlement_key', '=', settlementKey).where('status', '=', 'POSTED').execute();
      expect(documents.length).toBeGreaterThan(0);
      for (const d of documents) {
        expect(d.remote_url).toBe(`${sandboxes.url}/_sandbox/documents/${encodeURIComponent(d.remote_id!)}`);
        const page = await fetch(d.remote_url!);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('(sandbox on this machine)');
      }
    }
    expect(sandboxes.server.violations()).toEqual([]);
    // A gift card sold is booked on the liability account, in the Xero sandbox.
    const giftCards = sandboxes.server.documents().filter((d) => d.system === 'XERO' && JSON.stringify(d.body).includes('SHPGC'));
    expect(giftCards.length).toBeGreaterThan(0);
  }, 240_000);

  it('at the next start connects the sandbox accounts again, but leaves one its user disconnected', async () => {
    const { db } = server.testDb;
    await db.updateTable('connections').set({ status: 'DISCONNECTED', credentials_sealed: null }).where('account_key', '=', 'other-seller').where('role', '=', 'accounting').execute();
    await sandboxes.close();
    sandboxes = (await startDemoSandboxes(db, testConfig(), server.clock))!;
    expect(sandboxes.connected).toEqual(['acme-amazon-ca', 'acme-amazon-us', 'acme-shopify', 'birch-walmart']);
    const other = (await connectionOf('other-seller'))!;
    expect(other.status).toBe('DISCONNECTED');
    expect(JSON.stringify(other.settings)).toContain(sandboxes.url);
  }, 120_000);
});
