/**
 * Issue 26, "a connection has one state": for one account, in every state of its accounting
 * connection and of its sales channel, Home and the Admin page (the account), Settings > Connections,
 * the accounting settings page, automation, the backend, the send and the fetch all answer the same.
 * Each state is written to the connection row the way the paths that make it write it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, AccountingConnectionSettings, AutomationSettingsBody, ConnectionView, TokenSet } from '@ledgerport/contract';
import { bearer, createDiscardingJobs, startTestServer, type TestServer } from '../../../test/test-app';
import { createSecretBox } from '../../security/secret-box';
import { loadChannelConfig } from '../../config/channel-config';
import { localEndpoints } from '@ledgerport/integrations/accounting/testing';

const ACCOUNT = 'acme-amazon-us';
let server: TestServer;
let demo: TokenSet;
let admin: TokenSet;
let settlementKey: string;
const box = createSecretBox('test-secret-not-for-production');

beforeAll(async () => {
  // Nothing answers on port 9: a usable connection's calls fail at once instead of reaching the vendors.
  const nowhere = 'http://127.0.0.1:9';
  server = await startTestServer({
    jobs: createDiscardingJobs(),
    config: { accounting: localEndpoints(nowhere), channels: loadChannelConfig({ LEDGERPORT_AMAZON_API_URL: nowhere, LEDGERPORT_AMAZON_TOKEN_URL: `${nowhere}/auth/o2/token` }) },
  });
  [demo, admin] = await server.signInAll('demo@ledgerport.local', 'admin@ledgerport.local');
  const row = await server.testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '=', ACCOUNT).where('duplicate_of', 'is', null).where('status', '=', 'closed').executeTakeFirstOrThrow();
  settlementKey = row.settlement_key;
});
afterAll(() => server?.close());

type State = 'none' | 'connected' | 'expired' | 'error' | 'disconnected';

/** Writes the account's row of `role` as the path that makes `state` writes it (none: no row). */
async function putRow(role: 'accounting' | 'sales-channel', state: State): Promise<void> {
  const { db } = server.testDb;
  await db.deleteFrom('connections').where('account_key', '=', ACCOUNT).where('role', '=', role).execute();
  if (state === 'none') return;
  const now = server.clock();
  const isGone = state === 'disconnected';
  const status = isGone ? 'DISCONNECTED' : state === 'connected' || state === 'expired' ? 'CONNECTED' : role === 'accounting' ? 'ERROR' : 'PROBLEM';
  await db
    .insertInto('connections')
    .values({
      connection_id: `${role}-${ACCOUNT}`,
      account_key: ACCOUNT,
      role,
      system: role === 'accounting' ? 'QBO' : 'AMAZON',
      status,
      remote_id: role === 'accounting' ? '9130355377004141' : 'A1SELLER',
      remote_name: role === 'accounting' ? 'Sandbox Company_US_1' : 'Acme Outdoor (Amazon.com)',
      credentials_sealed: isGone ? null : box.sealJson({ tokens: { accessToken: 'a', refreshToken: 'r', accessTokenExpiresAt: now.getTime() + 3_600_000 } }, `${role}:${ACCOUNT}`),
      refresh_token_expires_at: state === 'expired' ? new Date(now.getTime() - 1000) : null,
      settings: '{}',
      last_error: state === 'error' ? 'The last call failed.' : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function answers() {
  const get = async <T>(url: string, who = demo) => {
    const res = await server.app.inject({ method: 'GET', url, headers: bearer(who) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const account = await get<Account>(`/account?accountKey=${ACCOUNT}`);
  const { connections } = await get<{ connections: ConnectionView[] }>(`/connections?accountKey=${ACCOUNT}`);
  const settings = await get<AccountingConnectionSettings>(`/accounting/settings?accountKey=${ACCOUNT}`);
  const automation = await get<AutomationSettingsBody>(`/account-settings/automation?accountKey=${ACCOUNT}`);
  const send = await server.app.inject({ method: 'POST', url: '/settlementSend', headers: { ...bearer(demo), 'content-type': 'application/x-www-form-urlencoded' }, payload: `settlementKey=${encodeURIComponent(settlementKey)}&action=send` });
  await server.testDb.db.updateTable('settlements').set({ send_state: 'IDLE' }).where('settlement_key', '=', settlementKey).execute();
  const fetchNow = await server.app.inject({ method: 'POST', url: '/sales-channel/fetch', headers: bearer(demo), payload: { accountKey: ACCOUNT } });
  const backend = await server.app.inject({ method: 'GET', url: `/backend/${ACCOUNT}/amazon/finance-api-settlements?fromDate=2026-01-01&toDate=2026-01-31`, headers: bearer(admin) });
  const accountingRow = connections.find((c) => c.role === 'accounting')!;
  const channelRow = connections.find((c) => c.role === 'sales-channel')!;
  return {
    accounting: {
      home: account.accountingConnectionState,
      homeConnected: account.accountingSystemConnected,
      connections: accountingRow.state,
      connectionsBadge: accountingRow.badge,
      settings: settings.state,
      settingsConnected: settings.isConnected,
      automationAllows: automation.refusal === null,
      sendAccepted: send.statusCode === 200,
    },
    channel: {
      home: account.salesChannelConnectionState,
      homeConnected: account.salesChannelConnected,
      connections: channelRow.state,
      connectionsBadge: channelRow.badge,
      fetchAccepted: fetchNow.statusCode === 204,
      backendAccepted: !(backend.statusCode === 409 && backend.json<{ code: string }>().code === 'channel.not-connected'),
    },
    sendRefusal: send.statusCode === 409 ? send.json<{ message: string }>().message : null,
  };
}

const BADGE = { none: 'Disconnected', connected: 'Connected', expired: 'Connection Error', error: 'Connection Problem', disconnected: 'Disconnected' } as const;

describe('one connection state, whoever asks', () => {
  for (const state of ['none', 'connected', 'expired', 'error', 'disconnected'] as const) {
    it(`accounting ${state}: Home, Connections, the settings page, automation and the send agree`, async () => {
      await putRow('accounting', state);
      const usable = state === 'connected' || state === 'error';
      const { accounting, sendRefusal } = await answers();
      expect(accounting).toEqual({
        home: state,
        homeConnected: usable,
        connections: state,
        connectionsBadge: BADGE[state],
        settings: state,
        settingsConnected: usable,
        automationAllows: usable,
        sendAccepted: usable,
      });
      if (!usable) expect(sendRefusal).toMatch(/QuickBooks Online (is not connected|was disconnected|.*has expired)/);
    });

    it(`sales channel ${state}: Home, Connections, the fetch and the backend agree`, async () => {
      await putRow('sales-channel', state);
      const usable = state === 'connected' || state === 'error';
      const { channel } = await answers();
      expect(channel).toEqual({ home: state, homeConnected: usable, connections: state, connectionsBadge: BADGE[state], fetchAccepted: usable, backendAccepted: usable });
    });
  }
});
