/**
 * The demo's accounting systems (decision 0056): the project's own QuickBooks Online, Xero, Sage and
 * NetSuite sandboxes (@ledgerport/integrations/accounting/local-sandboxes, the contract-faithful
 * stand-ins the tests use), run in this process on a loopback port, and the demo accounts connected
 * to them through the OAuth round trip and saved by the connect path's own saveAccountingConnection.
 *
 * Called where the demo data is loaded (main.ts). It starts nothing on a database without demo
 * accounts, so a real deployment never runs them. The sandboxes keep nothing across a restart, so each
 * start connects again: the demo accounts its data says are connected and that have no connection
 * yet, and every connection recorded on a sandbox that its user has not disconnected (a disconnected
 * one only learns the sandbox's new address, so Connect goes there).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { localSandboxUrlOf } from '@ledgerport/core/connections';
import { defaultChart, type AccountingSystem } from '@ledgerport/core/mapping';
import { ACCOUNTING_SYSTEM_DEFINITIONS, LOCAL_VENDOR_CLIENT, localVendorEndpoints, type ConnectionSettings, type RemoteSystem } from '@ledgerport/integrations/accounting';
import { authorizeOnLocalSandbox, startVendorServer, type SandboxCharts, type VendorServer } from '@ledgerport/integrations/accounting/local-sandboxes';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { createSecretBox } from '../security/secret-box';
import { saveAccountingConnection } from '../features/accounting-connections/save-accounting-connection';
import { refreshReferenceData } from '../features/accounting-connections/accounting-reference-data';
import { refreshMappingState } from '../features/mappings/refresh-mapping-state';
import { wireEvents } from '../wire-events';
import { demoAccounts } from './demo-data';

const REMOTE: readonly RemoteSystem[] = ['QBO', 'XERO', 'SAGE', 'NETSUITE'];
const isRemote = (system: string): system is RemoteSystem => (REMOTE as readonly string[]).includes(system);

export interface DemoSandboxes {
  url: string;
  server: VendorServer;
  /** The accounts connected at this start. */
  connected: string[];
  close(): Promise<void>;
}

/** Each sandbox company holds its system's default chart, its ids being the chart's codes, so the demo's mappings find their accounts. */
function sandboxCharts(): SandboxCharts {
  const chart = (system: AccountingSystem) => defaultChart(system).accounts.map((a) => ({ code: a.code, name: a.name, kind: a.kind }));
  return { QBO: chart('QBO'), XERO: chart('XERO'), SAGE: chart('SAGE'), NETSUITE: chart('NETSUITE') };
}

export async function startDemoSandboxes(db: Kysely<Database>, config: Config, clock: Clock, log: (line: string) => void = () => undefined): Promise<DemoSandboxes | null> {
  const demo = await db
    .selectFrom('accounts')
    .innerJoin('account_features', 'account_features.account_key', 'accounts.account_key')
    .leftJoin('connections', (j) => j.onRef('connections.account_key', '=', 'accounts.account_key').on('connections.role', '=', 'accounting'))
    .select(['accounts.account_key', 'accounts.accounting_system', 'connections.status', 'connections.system as connectedSystem', 'connections.settings'])
    .where('account_features.is_demo_account', '=', true)
    .orderBy('accounts.account_key')
    .execute();
  if (demo.length === 0) return null;
  // Refreshing the mapping state raises events: their reactions are wired first, as the seed does.
  wireEvents();
  const server = await startVendorServer({ port: config.demoSandboxPort ?? 0, host: '127.0.0.1', charts: sandboxCharts() });
  const deps = { db, config, clock, secretBox: createSecretBox(config.secret) };
  const connected: string[] = [];
  for (const a of demo) {
    const system = a.accounting_system;
    if (!isRemote(system)) continue;
    const previous = a.settings === null ? null : ((typeof a.settings === 'string' ? JSON.parse(a.settings) : a.settings) as ConnectionSettings);
    const isFresh = a.status === null && demoAccounts.some((d) => d.key === a.account_key && d.accountingConnected);
    const wasOnSandbox = previous !== null && localSandboxUrlOf(previous) !== null && a.connectedSystem === system;
    if (wasOnSandbox && a.status === 'DISCONNECTED') {
      // Disconnected by its user: stays so, but a Connect goes to the sandbox's new address.
      await db.updateTable('connections').set({ settings: JSON.stringify({ ...previous, localSandboxUrl: server.url }) }).where('account_key', '=', a.account_key).where('role', '=', 'accounting').execute();
      continue;
    }
    const isOnSandbox = wasOnSandbox;
    if (!isFresh && !isOnSandbox) continue;
    const settings: ConnectionSettings = { ...(isOnSandbox ? previous : {}), localSandboxUrl: server.url };
    const endpoints = { ...localVendorEndpoints(server.url)[system], ...LOCAL_VENDOR_CLIENT };
    try {
      const { tokens, org } = await authorizeOnLocalSandbox(ACCOUNTING_SYSTEM_DEFINITIONS[system], endpoints, { settings, now: clock() });
      await db.transaction().execute((trx) => saveAccountingConnection(trx, deps.secretBox, { accountKey: a.account_key, system, tokens, org, settings, actorUserId: null, now: clock() }));
      // The chart feeds the mappings at once, as after a connect by hand.
      await refreshReferenceData(deps, a.account_key).catch(() => null);
      // The sandbox's chart decides what is mapped now: the settlements' flags follow it.
      await refreshMappingState(db, a.account_key, clock());
      connected.push(a.account_key);
    } catch (error) {
      log(`The demo account ${a.account_key} could not be connected to its ${system} sandbox: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { url: server.url, server, connected, close: () => server.close() };
}
