/**
 * Settings > Automation: read and change automatic sending (audited, shown in History), with what
 * automation does with each unposted settlement now and what it sent last. Same access as the other
 * settings; a view-only user reads but cannot change. Turning it on is refused, with the reason, where
 * a send has nowhere to go; the first day sent defaults to the day it is turned on (so history a new
 * connection backfills is not posted by surprise).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { errorMessages, getAutomationSettings, saveAutomationSettings, type AutomationSettingsBody } from '@ledgerport/contract';
import { allows, decideAutoSend, refuseAutomation, type AccessLevel, type AutomationSettings } from '@ledgerport/core/rules';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { localDate } from '../posting/send-settlement';
import { describeDecision, factsOf, readUnposted, requestAutoSend } from './auto-send';
import { getAutomation, saveAutomation } from './automation-repository';
import { getConnectionStates } from '../accounts/connection-states';

const OUTLOOK_MAX = 50;
const RECENT_MAX = 10;

async function getAccount(db: Kysely<Database>, accountKey: string, now: Date) {
  const row = await db
    .selectFrom('accounts')
    .select(['account_key', 'account_name', 'accounting_system', 'time_zone_id'])
    .where('account_key', '=', accountKey)
    .executeTakeFirst();
  if (!row) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
  return { ...row, isAccountingConnected: (await getConnectionStates(db, accountKey, now)).accounting.isUsable };
}

async function automationBody(db: Kysely<Database>, level: AccessLevel, accountKey: string, now: Date): Promise<AutomationSettingsBody> {
  const account = await getAccount(db, accountKey, now);
  const settings = await getAutomation(db, accountKey);
  const refusal = refuseAutomation({ accountingSystem: account.accounting_system, isAccountingConnected: account.isAccountingConnected, accountName: account.account_name });
  const outlook = (await readUnposted(db, accountKey, OUTLOOK_MAX)).map((row) => ({
    settlementKey: row.settlement_key,
    settlementId: row.settlement_id,
    endDate: row.end_at ? localDate(row.end_at, account.time_zone_id) : null,
    total: row.total,
    currency: row.currency,
    ...describeDecision(decideAutoSend(factsOf(row, account.time_zone_id), settings, now)),
  }));
  const recent = await db
    .selectFrom('audit_log')
    .select(['entity_id', 'after_state', 'created_at'])
    .where('account_key', '=', accountKey)
    .where('action', '=', 'settlement.auto-send-queued')
    .orderBy('created_at', 'desc')
    .limit(RECENT_MAX)
    .execute();
  return {
    accountKey,
    isEnabled: settings.isEnabled,
    delayHours: settings.delayHours,
    isSendingUploads: settings.isSendingUploads,
    sendFromDate: settings.sendFromDate,
    updatedAt: settings.updatedAt?.toISOString() ?? null,
    updatedBy: settings.updatedBy,
    canEdit: allows(level, 'write'),
    refusal: refusal.isRefused ? refusal.message : null,
    outlook,
    recentSends: recent.map((r) => ({ settlementKey: r.entity_id, settlementId: settlementIdOf(r.after_state) ?? r.entity_id, at: r.created_at.toISOString() })),
  };
}

function settlementIdOf(state: unknown): string | null {
  const parsed = typeof state === 'string' ? (JSON.parse(state) as unknown) : state;
  const id = (parsed as { settlementId?: unknown } | null)?.settlementId;
  return typeof id === 'string' ? id : null;
}

export function registerAutomationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, getAutomationSettings, async ({ caller, query }) => {
    const level = await assertAccountAccess(db, caller, query.accountKey);
    return automationBody(db, level, query.accountKey, clock());
  });

  addRoute(app, deps, saveAutomationSettings, async ({ caller, query, body }) => {
    const level = await assertAccountAccess(db, caller, query.accountKey);
    const account = await getAccount(db, query.accountKey, clock());
    const before = await getAutomation(db, query.accountKey);
    const now = clock();
    const isTurningOn = body.isEnabled === true && !before.isEnabled;
    const after: AutomationSettings = {
      isEnabled: body.isEnabled ?? before.isEnabled,
      delayHours: body.delayHours ?? before.delayHours,
      isSendingUploads: body.isSendingUploads ?? before.isSendingUploads,
      sendFromDate: body.sendFromDate !== undefined ? body.sendFromDate : isTurningOn && before.sendFromDate === null ? localDate(now, account.time_zone_id) : before.sendFromDate,
    };
    if (after.isEnabled) {
      const refusal = refuseAutomation({ accountingSystem: account.accounting_system, isAccountingConnected: account.isAccountingConnected, accountName: account.account_name });
      if (refusal.isRefused) throw new AppError('automation.no-accounting-system', refusal.message, { accountKey: query.accountKey });
    }
    const changed = (Object.keys(after) as (keyof AutomationSettings)[]).filter((k) => after[k] !== before[k]);
    if (changed.length > 0) {
      await db.transaction().execute(async (trx) => {
        await saveAutomation(trx, query.accountKey, after, caller.userId, now);
        await recordAudit(trx, {
          actorUserId: caller.userId,
          accountKey: query.accountKey,
          action: 'account.automation-changed',
          entityType: 'account',
          entityId: query.accountKey,
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k]])),
          at: now,
        });
      });
      // What is ready goes at once (outside the transaction: see requestAutoSend).
      if (after.isEnabled) await requestAutoSend(deps, query.accountKey, app.log);
    }
    return automationBody(db, level, query.accountKey, now);
  });
}
