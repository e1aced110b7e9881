/**
 * Account Settings > NetSuite Configuration (decision 0043): the subsidiary, department, class and
 * location every journal entry sent to NetSuite carries. The choices live in the accounting
 * connection's settings, where the subsidiary already was and where the NetSuite port reads them at
 * each send; the lists come from the connected NetSuite (SuiteQL) each time the page asks. Only the
 * owner's level saves, every change is one audit entry with the fields before and after (History).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { getNetSuiteConfiguration, saveNetSuiteConfiguration, type NetSuiteConfigurationBody, type SaveNetSuiteConfiguration } from '@ledgerport/contract';
import { AccountingError } from '@ledgerport/core/posting';
import { isNetSuitePort, type ConnectionSettings, type NetSuiteRecordChoice, type NetSuiteSegments } from '@ledgerport/integrations/accounting';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/app-error';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { findAccountingConnection, settingsOfRow } from '../accounting-connections/accounting-connection-store';
import { buildAccountingPort } from '../accounting-connections/resolve-accounting-connection-port';

export const NETSUITE_CONFIGURATION_ACTION = 'account.netsuite-configuration-changed';

type Segment = 'subsidiary' | 'department' | 'class' | 'location';
const SEGMENTS: { segment: Segment; idKey: 'subsidiaryId' | 'departmentId' | 'classId' | 'locationId'; list: keyof NetSuiteSegments; auditKey: string; words: string }[] = [
  { segment: 'subsidiary', idKey: 'subsidiaryId', list: 'subsidiaries', auditKey: 'netSuiteSubsidiary', words: 'subsidiaries' },
  { segment: 'department', idKey: 'departmentId', list: 'departments', auditKey: 'netSuiteDepartment', words: 'departments' },
  { segment: 'class', idKey: 'classId', list: 'classes', auditKey: 'netSuiteClass', words: 'classes' },
  { segment: 'location', idKey: 'locationId', list: 'locations', auditKey: 'netSuiteLocation', words: 'locations' },
];
const NO_CHOICES: NetSuiteSegments = { subsidiaries: [], departments: [], classes: [], locations: [] };

async function assertNetSuiteAccount(db: Kysely<Database>, accountKey: string): Promise<void> {
  const account = await db.selectFrom('accounts').select('accounting_system').where('account_key', '=', accountKey).executeTakeFirstOrThrow();
  if (account.accounting_system !== 'NETSUITE') {
    const system = account.accounting_system === 'NONE' || !account.accounting_system ? 'no accounting system yet' : account.accounting_system;
    throw new AppError('accounting.not-netsuite', `NetSuite Configuration is only for accounts that post to NetSuite; this account has ${system}.`, { accountingSystem: account.accounting_system });
  }
}

/** The lists of the connected NetSuite, or why there are none. */
async function readSegments(deps: Deps, accountKey: string): Promise<{ segments: NetSuiteSegments; problem: string | null }> {
  const port = await buildAccountingPort(deps, accountKey);
  if (!port || !isNetSuitePort(port)) return { segments: NO_CHOICES, problem: 'Connect NetSuite first (Account Settings > Connections); its subsidiaries, departments, classes and locations are then listed here.' };
  try {
    return { segments: await port.fetchSegments(), problem: null };
  } catch (error) {
    if (error instanceof AccountingError) return { segments: NO_CHOICES, problem: `NetSuite could not be read: ${error.message}` };
    throw error;
  }
}

const shown = (r: NetSuiteRecordChoice | null) => (r ? `${r.name} (${r.id})` : null);

function chosenOf(settings: ConnectionSettings): Record<Segment, NetSuiteRecordChoice | null> {
  const names = settings.netSuiteNames ?? {};
  const one = (segment: Segment, id: string | undefined) => (id ? { id, name: names[segment] ?? `Internal id ${id}` } : null);
  return { subsidiary: one('subsidiary', settings.subsidiaryId), department: one('department', settings.departmentId), class: one('class', settings.classId), location: one('location', settings.locationId) };
}

async function configurationBody(deps: Deps, accountKey: string, read?: { segments: NetSuiteSegments; problem: string | null }): Promise<NetSuiteConfigurationBody> {
  const row = await findAccountingConnection(deps.db, accountKey);
  const isConnected = row !== undefined && row.system === 'NETSUITE' && row.status !== 'DISCONNECTED';
  const chosen = chosenOf(row && isConnected ? settingsOfRow(row) : {});
  const { segments, problem } = read ?? (await readSegments(deps, accountKey));
  const last = await deps.db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.user_id', 'audit_log.actor_user_id')
    .select(['audit_log.created_at', 'users.email'])
    .where('audit_log.account_key', '=', accountKey)
    .where('audit_log.action', '=', NETSUITE_CONFIGURATION_ACTION)
    .orderBy('audit_log.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    accountKey,
    isConnected,
    ...chosen,
    choices: segments,
    choicesProblem: problem,
    updatedAt: last ? new Date(last.created_at).toISOString() : null,
    updatedBy: last?.email ?? null,
  };
}

export function registerNetSuiteConfigurationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, getNetSuiteConfiguration, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    await assertNetSuiteAccount(db, query.accountKey);
    return configurationBody(deps, query.accountKey);
  });

  addRoute(app, deps, saveNetSuiteConfiguration, async ({ caller, query, body }) => {
    const accountKey = query.accountKey;
    await assertAccountAccess(db, caller, accountKey);
    await assertNetSuiteAccount(db, accountKey);
    const row = await findAccountingConnection(db, accountKey);
    if (!row || row.system !== 'NETSUITE' || row.status === 'DISCONNECTED') throw new AppError('accounting.not-connected', 'Connect NetSuite first, then choose its subsidiary, department, class and location.');
    const read = await readSegments(deps, accountKey);
    if (read.problem) throw new AppError('accounting.unavailable', `${read.problem} Nothing was saved.`);
    const next = pickChoices(body, read.segments);
    const current = settingsOfRow(row);
    const now = chosenOf(current);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const { segment, auditKey } of SEGMENTS) {
      if (now[segment]?.id === next[segment]?.id) continue;
      before[auditKey] = shown(now[segment]);
      after[auditKey] = shown(next[segment]);
    }
    if (Object.keys(after).length > 0) {
      const settings: ConnectionSettings = { ...current, netSuiteNames: {} };
      for (const { segment, idKey } of SEGMENTS) {
        const choice = next[segment];
        if (choice) {
          settings[idKey] = choice.id;
          settings.netSuiteNames![segment] = choice.name;
        } else delete settings[idKey];
      }
      const at = clock();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('connections').set({ settings: JSON.stringify(settings), updated_at: at }).where('account_key', '=', accountKey).where('role', '=', 'accounting').execute();
        await recordAudit(trx, { actorUserId: caller.userId, accountKey, action: NETSUITE_CONFIGURATION_ACTION, entityType: 'connection', entityId: `${accountKey}:accounting`, before, after, at });
      });
    }
    return configurationBody(deps, accountKey, read);
  });
}

/** Each chosen id must be an active record of the connected NetSuite; its name is kept for the page and History. */
function pickChoices(body: SaveNetSuiteConfiguration, segments: NetSuiteSegments): Record<Segment, NetSuiteRecordChoice | null> {
  const picked = {} as Record<Segment, NetSuiteRecordChoice | null>;
  for (const { segment, idKey, list, words } of SEGMENTS) {
    const id = body[idKey];
    if (id === null) {
      picked[segment] = null;
      continue;
    }
    const found = segments[list].find((r) => r.id === id);
    if (!found) {
      throw new AppError('request.invalid', `The ${segment} with internal id ${id} is not one of the active ${words} of your NetSuite account. Reload the page and choose again.`, [{ path: idKey, message: `unknown ${segment}` }]);
    }
    picked[segment] = found;
  }
  return picked;
}
