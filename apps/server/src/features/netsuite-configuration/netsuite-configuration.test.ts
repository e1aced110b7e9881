/**
 * Account Settings > NetSuite Configuration over real SQL, against the local NetSuite reached through
 * configured URLs: the lists come from NetSuite's SuiteQL, a save is the owner's, checked against those
 * lists, audited (History), kept across a reconnect of the same NetSuite account, and the journal entry
 * the connection's port sends carries the chosen subsidiary, department, class and location.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryBody, ErrorBody, NetSuiteConfigurationBody, SaveNetSuiteConfiguration, TokenSet } from '@ledgerport/contract';
import { localEndpoints, sampleDocument, startVendorServer, type VendorServer } from '@ledgerport/integrations/accounting/testing';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';
import { createSecretBox } from '../../security/secret-box';
import type { Deps } from '../../http/deps';
import { createAccountingPortResolver } from '../accounting-connections/resolve-accounting-connection-port';

const ACCOUNT = 'birch-bigcommerce'; // NETSUITE, organization org-birch (partner@ is its admin: owner level)
const SAGE_ACCOUNT = 'birch-walmart';
let vendors: VendorServer;
let server: TestServer;
let partner: TokenSet;
let demo: TokenSet;
let viewer: TokenSet;
let member: TokenSet;

const get = (tokens: TokenSet, accountKey = ACCOUNT) => server.app.inject({ method: 'GET', url: `/account/netsuite-configuration?accountKey=${accountKey}`, headers: bearer(tokens) });
const put = (body: SaveNetSuiteConfiguration, tokens = partner, accountKey = ACCOUNT) => server.app.inject({ method: 'PUT', url: `/account/netsuite-configuration?accountKey=${accountKey}`, payload: body, headers: bearer(tokens) });
const NONE: SaveNetSuiteConfiguration = { subsidiaryId: null, departmentId: null, classId: null, locationId: null };

/** Start, allow at the local NetSuite, and post the /cb query back. */
async function connectNetSuite() {
  const start = await server.app.inject({ method: 'POST', url: '/accounting/connect', headers: bearer(partner), payload: { accountKey: ACCOUNT, system: 'NETSUITE', netSuiteAccountId: 'TSTDRV123' } });
  expect(start.statusCode).toBe(200);
  const authorize = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl);
  const decide = new URL('decide', authorize);
  decide.search = authorize.search;
  decide.searchParams.set('decision', 'allow');
  const back = new URL((await fetch(decide, { redirect: 'manual' })).headers.get('location')!);
  const res = await server.app.inject({ method: 'POST', url: '/accounting/callback', headers: bearer(partner), payload: { system: 'NETSUITE', query: Object.fromEntries(back.searchParams) } });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  vendors = await startVendorServer();
  server = await startTestServer({ config: { accounting: localEndpoints(vendors.url) } });
  const { db } = server.testDb;
  await db.insertInto('account_memberships').values([
    { account_key: ACCOUNT, user_id: 'user-viewer', role: 'view-only' },
    { account_key: ACCOUNT, user_id: 'user-other', role: 'member' },
  ]).execute();
  [partner, demo, viewer, member] = await server.signInAll('partner@ledgerport.local', 'demo@ledgerport.local', 'viewer@ledgerport.local', 'other@ledgerport.local');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await vendors?.close();
});

describe('NetSuite Configuration', () => {
  it('before NetSuite is connected: nothing chosen, no lists, a sentence saying to connect, and a save is refused', async () => {
    const res = await get(partner);
    expect(res.statusCode).toBe(200);
    const body = res.json<NetSuiteConfigurationBody>();
    expect(body).toMatchObject({ isConnected: false, subsidiary: null, location: null, choices: { subsidiaries: [], locations: [] }, updatedAt: null });
    expect(body.choicesProblem).toMatch(/^Connect NetSuite first/);
    const saved = await put({ ...NONE, subsidiaryId: '1' });
    expect(saved.statusCode).toBe(409);
    expect(saved.json<ErrorBody>().code).toBe('accounting.not-connected');
  });

  it('connected: lists the active subsidiaries (no elimination one), departments, classes and locations from NetSuite', async () => {
    await connectNetSuite();
    const body = (await get(partner)).json<NetSuiteConfigurationBody>();
    expect(body.isConnected).toBe(true);
    expect(body.choicesProblem).toBeNull();
    expect(body.choices.subsidiaries).toEqual([{ id: '1', name: 'Honeycomb Holdings Inc.' }, { id: '2', name: 'Honeycomb Holdings Inc. : Honeycomb UK Ltd' }]);
    expect(body.choices.departments.map((d) => d.id)).toEqual(['1', '2']);
    expect(body.choices.classes.map((c) => c.name)).toEqual(['Amazon US', 'Online Marketplaces']);
    expect(body.choices.locations.map((l) => l.name)).toEqual(['Main Warehouse', 'Main Warehouse : Amazon FBA']);
  });

  it('the owner saves a subsidiary and a location: answered, audited with a History sentence, kept by a reconnect', async () => {
    const res = await put({ ...NONE, subsidiaryId: '2', locationId: '6' });
    expect(res.statusCode).toBe(200);
    expect(res.json<NetSuiteConfigurationBody>()).toMatchObject({
      subsidiary: { id: '2', name: 'Honeycomb Holdings Inc. : Honeycomb UK Ltd' },
      location: { id: '6', name: 'Main Warehouse : Amazon FBA' },
      department: null,
      class: null,
      updatedBy: 'partner@ledgerport.local',
    });
    // Saving the same choices again changes nothing and writes no second entry.
    expect((await put({ ...NONE, subsidiaryId: '2', locationId: '6' })).statusCode).toBe(200);
    const history = (await server.app.inject({ method: 'GET', url: `/account-settings/history?accountKey=${ACCOUNT}`, headers: bearer(partner) })).json<{ entries: AuditEntryBody[] }>().entries;
    const entries = history.filter((e) => e.action === 'account.netsuite-configuration-changed');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: 'partner@ledgerport.local', before: { netSuiteSubsidiary: null, netSuiteLocation: null } });
    // The entry's fields come back in jsonb's key order (shorter keys first).
    expect(entries[0]!.summary).toBe('Changed the NetSuite configuration: Location none → Main Warehouse : Amazon FBA (6); Subsidiary none → Honeycomb Holdings Inc. : Honeycomb UK Ltd (2)');

    await connectNetSuite();
    expect((await get(partner)).json<NetSuiteConfigurationBody>()).toMatchObject({ subsidiary: { id: '2' }, location: { id: '6' } });
  });

  it("the account's NetSuite journal entry carries the chosen subsidiary, department, class and location", async () => {
    expect((await put({ subsidiaryId: '2', departmentId: '2', classId: '1', locationId: '6' })).statusCode).toBe(200);
    const deps = { db: server.testDb.db, config: { accounting: localEndpoints(vendors.url) }, clock: server.clock, secretBox: createSecretBox('test-secret-not-for-production') } as unknown as Deps;
    const port = await createAccountingPortResolver(() => deps)(ACCOUNT, 'NETSUITE');
    const ref = await port!.postDocument(sampleDocument('netsuite-journal-entry', { sales: '54', fees: '67', clearing: '120' }, 'BC-7001'), { idempotencyKey: `${ACCOUNT}:BC-7001` });
    const sent = vendors.netsuite.documents.find((d) => d.id === ref.remoteId)!.body as { subsidiary: unknown; line: { items: object[] } };
    const refs = { department: { id: '2' }, class: { id: '1' }, location: { id: '6' } };
    expect(sent).toMatchObject({ subsidiary: { id: '2' }, ...refs });
    for (const line of sent.line.items) expect(line).toMatchObject(refs);
    expect(vendors.netsuite.violations).toEqual([]);
  });

  it('clearing a choice leaves it out; a record NetSuite does not have is refused with a sentence and nothing saved', async () => {
    const cleared = await put({ subsidiaryId: '2', departmentId: null, classId: null, locationId: '6' });
    expect(cleared.json<NetSuiteConfigurationBody>()).toMatchObject({ department: null, class: null, subsidiary: { id: '2' } });
    const refused = await put({ ...NONE, subsidiaryId: '3' }); // the elimination subsidiary
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().message).toBe('The subsidiary with internal id 3 is not one of the active subsidiaries of your NetSuite account. Reload the page and choose again.');
    expect((await get(partner)).json<NetSuiteConfigurationBody>().subsidiary?.id).toBe('2');
  });

  it('refuses another account (404), a view-only or member user (403: the owner chooses), and an account that does not post to NetSuite (409)', async () => {
    for (const res of [await get(demo), await put(NONE, demo)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().code).toBe('account.not-found');
    }
    expect((await get(viewer)).statusCode).toBe(200);
    for (const tokens of [viewer, member]) {
      const res = await put(NONE, tokens);
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().code).toBe('auth.forbidden');
    }
    expect((await get(partner)).json<NetSuiteConfigurationBody>().subsidiary?.id).toBe('2');
    const sage = await get(partner, SAGE_ACCOUNT);
    expect(sage.statusCode).toBe(409);
    expect(sage.json<ErrorBody>()).toMatchObject({ code: 'accounting.not-netsuite', message: 'NetSuite Configuration is only for accounts that post to NetSuite; this account has SAGE.' });
    expect((await put(NONE, partner, SAGE_ACCOUNT)).statusCode).toBe(409);
  });
});
