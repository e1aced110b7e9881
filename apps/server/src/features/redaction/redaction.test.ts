/**
 * Redaction (issue 15, spec sections 4 and 9): an owner asks for the deletion of an account's data or
 * cancels it; 72 hours after the request the job deletes every row and file of the account, and
 * afterwards no table of the schema holds the account's key anywhere, in any text or JSON column.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, ErrorBody, SettlementImport, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { coreFixture, startSettlementTestServer, upload, waitForImport, type SettlementTestServer } from '../../../test/settlement-test-server';
import { redactDueAccounts, redactedAccountId } from './redact-accounts-job';

let server: SettlementTestServer;
let demo: TokenSet;
let admin: TokenSet;
let other: TokenSet;
let accountKey: string;

beforeAll(async () => {
  server = await startSettlementTestServer();
  [demo, admin, other] = [await server.signIn('demo@ledgerport.local'), await server.signIn('clarity@ledgerport.local'), await server.signIn('other@ledgerport.local')];
  const made = await server.app.inject({ method: 'POST', url: '/account/new', headers: bearer(demo), payload: { accountName: 'Redact Me Shop', salesChannel: 'AMAZON', accountingSystem: 'MANUAL' } });
  accountKey = made.json<{ accountKey: string }>().accountKey;
  // Some data of its own: an uploaded settlement (lines, refs, totals, import rows) and audit entries.
  const amazon = fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'), 'utf8').replaceAll('11223344556', '99887766554');
  const res = await upload(server, demo, accountKey, [{ name: 'june.txt', content: amazon }]);
  expect(res.statusCode, res.body).toBe(200);
  await waitForImport(server, demo, res.json<SettlementImport>().importId);
}, 120_000);
afterAll(() => server?.close());

const redaction = (tokens: TokenSet, action: string, key = accountKey) =>
  server.app.inject({ method: 'POST', url: '/account_redaction', headers: { ...bearer(tokens), 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ accountKey: key, action }).toString() });

/** Every table and text or JSON column of the schema that holds `value` anywhere. */
async function placesHolding(value: string): Promise<string[]> {
  const db = server.testDb.db;
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`.execute(db);
  const found: string[] = [];
  for (const c of columns) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(c.table_name)} where ${sql.ref(c.column_name)}::text like ${`%${value}%`}`.execute(db);
    if (rows[0]!.n > 0) found.push(`${c.table_name}.${c.column_name} (${rows[0]!.n})`);
  }
  return found;
}

describe('POST /account_redaction', () => {
  it('is for owners: a view-only member of the organization is refused (403), another account holder gets not found', async () => {
    expect((await redaction(admin, 'request')).statusCode).toBe(403);
    expect((await redaction(other, 'request')).json<ErrorBody>().code).toBe('account.not-found');
  });

  it('asks once, cancels once, and says why a second request or a cancel with nothing pending is refused', async () => {
    const asked = await redaction(demo, 'request');
    expect(asked.statusCode, asked.body).toBe(200);
    const body = asked.json<{ redactionPending: boolean; redactionDueAt: string }>();
    expect(body.redactionPending).toBe(true);
    expect(new Date(body.redactionDueAt).getTime() - server.clock().getTime()).toBe(72 * 3_600_000);
    const account = (await server.app.inject({ method: 'GET', url: `/account?accountKey=${accountKey}`, headers: bearer(demo) })).json<Account>();
    expect(account.redactionPending).toBe(true);
    const again = await redaction(demo, 'request');
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().message).toMatch(/^Deletion of this account's data was already requested on \d{4}-\d\d-\d\d; it happens after .* UTC unless cancelled\.$/);
    expect((await redaction(demo, 'cancel')).json<{ redactionPending: boolean }>().redactionPending).toBe(false);
    const none = await redaction(demo, 'cancel');
    expect(none.json<ErrorBody>()).toMatchObject({ code: 'account.redaction-state', message: "No deletion of this account's data is pending: there is nothing to cancel." });
  });

  it('deletes nothing before 72 hours, then every row of the account: no table holds its key, and the deletion is audited by a hash', async () => {
    expect((await placesHolding(accountKey)).length).toBeGreaterThan(5);
    expect((await redaction(demo, 'request')).statusCode).toBe(200);
    const askedAt = server.clock();
    expect(await redactDueAccounts(server.testDb.db, new Date(askedAt.getTime() + 72 * 3_600_000 - 1))).toBe(0);
    expect(await server.testDb.db.selectFrom('accounts').select('account_key').where('account_key', '=', accountKey).execute()).toHaveLength(1);
    expect(await redactDueAccounts(server.testDb.db, new Date(askedAt.getTime() + 72 * 3_600_000))).toBe(1);
    expect(await placesHolding(accountKey)).toEqual([]);
    const entry = await server.testDb.db.selectFrom('audit_log').select(['action', 'actor_user_id']).where('entity_id', '=', redactedAccountId(accountKey)).executeTakeFirstOrThrow();
    expect(entry).toEqual({ action: 'account.redacted', actor_user_id: 'user-demo' });
    // The demo user's other accounts are untouched, and they still sign in.
    expect((await server.app.inject({ method: 'GET', url: '/account?accountKey=acme-amazon-us', headers: bearer(demo) })).statusCode).toBe(200);
  });
});
