/**
 * Every state-changing action lands in the audit log with who, when, what, before and after, and
 * Settings > History (GET /account-settings/history) shows it in a sentence (issue 14).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryBody, TokenSet } from '@ledgerport/contract';
import { bearer, createDiscardingJobs, startTestServer, type TestServer } from '../../test/test-app';
import { insertAccountingConnection } from '../../test/connection-rows';

let server: TestServer;
let demo: TokenSet;
beforeAll(async () => {
  // Queued work is only recorded: this test is about what the actions write, not what the jobs do.
  server = await startTestServer({ jobs: createDiscardingJobs() });
  demo = await server.signIn('demo@ledgerport.local');
});
afterAll(() => server.close());

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await server.app.inject({ method, url, headers: bearer(demo), ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
};

async function history(accountKey: string): Promise<AuditEntryBody[]> {
  return (await call('GET', `/account-settings/history?accountKey=${accountKey}&limit=200`)).json<{ entries: AuditEntryBody[] }>().entries;
}

describe('the audit log of actions', () => {
  it('records settlement delete, send and reprocess, mapping save and copy, and disconnects, each with actor, before and after, shown in History', async () => {
    const { db } = server.testDb;
    const unposted = await db
      .selectFrom('settlements')
      .select(['settlement_key', 'settlement_id', 'account_key'])
      .where('account_key', 'like', 'acme-%')
      .where('posting_status', '=', 'NOT_POSTED')
      .where('duplicate_of', 'is', null)
      .where('on_hold', '=', false)
      .orderBy('account_key', 'desc')
      .orderBy('settlement_key')
      .limit(2)
      .execute();
    expect(unposted.length).toBe(2);
    const [toDelete, toSend] = unposted as [(typeof unposted)[0], (typeof unposted)[0]];

    await call('GET', `/settlement?ajax=true&action=delete&settlementKey=${toDelete.settlement_key}`);
    // A send is queued only toward a usable connection (decision 0056): the account is connected as the connect path leaves it.
    const { accounting_system: system } = await db.selectFrom('accounts').select('accounting_system').where('account_key', '=', toSend.account_key).executeTakeFirstOrThrow();
    await insertAccountingConnection(db, toSend.account_key, system, server.clock());
    await call('POST', '/settlementSend', { settlementKey: toSend.settlement_key, action: 'send' });
    await call('GET', `/settlement?ajax=true&action=reprocess&settlementKey=${toSend.settlement_key}`);
    await call('PUT', '/mappings?accountKey=acme-amazon-us', {});
    await call('POST', '/account/copy-mappings?accountKey=acme-amazon-us', { accountKeyCopyFrom: 'acme-amazon-ca' });
    await call('POST', '/accounting/disconnect', { accountKey: 'acme-amazon-us' });
    await call('POST', '/sales-channel/disconnect', { accountKey: 'acme-amazon-us', role: 'sales-channel' });

    const accounts = [...new Set(['acme-amazon-us', toDelete.account_key, toSend.account_key])];
    const entries = (await Promise.all(accounts.map(history))).flat();
    const find = (action: string) => entries.find((e) => e.action === action);
    const deleted = find('settlement.deleted');
    expect(deleted).toMatchObject({ actorEmail: 'demo@ledgerport.local', summary: `Deleted settlement ${toDelete.settlement_id}`, after: null });
    expect(deleted?.before).toMatchObject({ settlementId: toDelete.settlement_id, postingStatus: 'NOT_POSTED' });
    expect(find('settlement.send-queued')).toMatchObject({ summary: `Sent settlement ${toSend.settlement_id}`, after: { sendState: 'QUEUED' } });
    expect(find('settlement.reprocessed')?.summary).toBe(`Reprocessed settlement ${toSend.settlement_id}`);
    expect(find('mappings.saved')?.summary).toMatch(/^Saved the mappings: version \d+ → \d+$/);
    expect(find('mappings.copied')?.summary).toMatch(/^Copied the mappings from another account \(acme-amazon-ca\): version \d+ → \d+$/);
    expect(find('connection.disconnected')?.actorEmail).toBe('demo@ledgerport.local');
    expect(entries.filter((e) => e.action === 'connection.disconnected').map((e) => e.summary).sort()).toEqual([
      expect.stringMatching(/^Disconnected the accounting system/),
      expect.stringMatching(/^Disconnected the sales channel/),
    ]);
    for (const e of entries) expect(Date.parse(e.at)).not.toBeNaN();
  });

  it('records a manual accounting connection', async () => {
    await call('POST', '/accounting/connect-manual', { accountKey: 'acme-ebay' });
    const entry = (await history('acme-ebay')).find((e) => e.action === 'connection.connected');
    expect(entry).toMatchObject({ actorEmail: 'demo@ledgerport.local', summary: 'Connected the accounting system (MANUAL)' });
  });
});
