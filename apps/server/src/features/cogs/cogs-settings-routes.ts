/**
 * Settings > Cost of Goods Sold (read and change, audited) and a settlement's COGS as last refreshed.
 * A view-only user reads but cannot change; FIFO is refused without premium (core's rules).
 */
import type { FastifyInstance } from 'fastify';
import {
  getCogsSettings,
  getSettlementCogs,
  saveCogsSettings,
  type CogsSettingsBody,
  type SettlementCogsBody,
} from '@ledgerport/contract';
import {
  canRefreshCogsOnlyInBulk,
  refuseCogs,
  refuseCostingMethod,
  type CogsSettings,
} from '@ledgerport/core/cogs';
import { allows, type AccessLevel } from '@ledgerport/core/rules';
import { formatUnits } from '@ledgerport/core/money';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getSettlementForCaller } from '../stored-settlements/load-settlement';
import { getCogsAccount, type CogsAccount } from './cogs-account';
import { checkCogsChart, findStoredCogs, type CogsChartCheck } from './cogs-documents';
import { lockAdjustmentsToStored } from './fifo-lock';
import { saveCogsSettingsRow } from './cogs-settings-repository';

const LOT_ROWS_MAX = 200;

function settingsBody(account: CogsAccount, level: AccessLevel, chartCheck: CogsChartCheck | null): CogsSettingsBody {
  const refusal = refuseCogs(account.features);
  return {
    accountKey: account.accountKey,
    ...account.settings,
    isEnabled: account.features.cogsEnabled,
    canUseFifo: !refuseCostingMethod(account.features, 'fifo').isRefused,
    areRefundsCosted: account.features.cogsRefundsEnabled,
    canRefreshCogsOnlyInBulk: canRefreshCogsOnlyInBulk(account.features, account.flags),
    canEdit: allows(level, 'write'),
    refusal: refusal.isRefused ? refusal.message : null,
    version: account.settingsVersion,
    updatedAt: account.updatedAt?.toISOString() ?? null,
    chartCheck,
  };
}

async function settingsBodyOf(db: Deps['db'], accountKey: string, level: AccessLevel): Promise<CogsSettingsBody> {
  const account = await getCogsAccount(db, accountKey);
  return settingsBody(account, level, await checkCogsChart(db, account));
}

export function registerCogsSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  addRoute(app, deps, getCogsSettings, async ({ caller, query }) => {
    const level = await assertAccountAccess(db, caller, query.accountKey);
    return settingsBodyOf(db, query.accountKey, level);
  });

  addRoute(app, deps, saveCogsSettings, async ({ caller, query, body }) => {
    const level = await assertAccountAccess(db, caller, query.accountKey);
    const account = await getCogsAccount(db, query.accountKey);
    const before = account.settings;
    const after: CogsSettings = {
      costingMethod: body.costingMethod ?? before.costingMethod,
      refundTreatment: body.refundTreatment ?? before.refundTreatment,
      inventoryAccount: body.inventoryAccount ?? before.inventoryAccount,
      cogsAccount: body.cogsAccount ?? before.cogsAccount,
    };
    const refusal = refuseCostingMethod(account.features, after.costingMethod);
    if (refusal.isRefused)
      throw new AppError('cogs.not-enabled', refusal.message, {
        accountKey: query.accountKey,
        costingMethod: after.costingMethod,
      });
    const changed = (Object.keys(after) as (keyof CogsSettings)[]).filter(
      (k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]),
    );
    if (changed.length > 0 || account.settingsVersion === 0) {
      const at = deps.clock();
      await db.transaction().execute(async (trx) => {
        await saveCogsSettingsRow(
          trx,
          query.accountKey,
          after,
          account.settingsVersion + 1,
          caller.userId,
          at,
        );
        await recordAudit(trx, {
          actorUserId: caller.userId,
          accountKey: query.accountKey,
          action: 'account.cogs-settings-changed',
          entityType: 'account',
          entityId: query.accountKey,
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k]])),
          at,
        });
      });
    }
    return settingsBodyOf(db, query.accountKey, level);
  });

  addRoute(app, deps, getSettlementCogs, async ({ caller, query }): Promise<SettlementCogsBody> => {
    const row = await getSettlementForCaller(db, caller, query.settlementKey);
    const account = await getCogsAccount(db, row.account_key);
    const stored = await findStoredCogs(db, row.settlement_key);
    const lots = await db
      .selectFrom('settlement_cogs_lots')
      .select(['lot_id', 'sku', (eb) => eb.fn.sum<string>('units').as('units')])
      .where('settlement_key', '=', row.settlement_key)
      .groupBy(['lot_id', 'sku'])
      .orderBy('sku')
      .orderBy('lot_id')
      .limit(LOT_ROWS_MAX)
      .execute();
    const documents = await db
      .selectFrom('settlement_cogs_documents')
      .selectAll()
      .where('settlement_key', '=', row.settlement_key)
      .orderBy('part_index')
      .orderBy('created_at')
      .execute();
    return {
      settlementKey: row.settlement_key,
      isEnabled: account.features.cogsEnabled,
      method: stored?.method ?? null,
      currency: row.currency,
      total: stored?.total ?? null,
      computedAt: stored?.computedAt.toISOString() ?? null,
      cells: (stored?.cells ?? []).map((c) => ({
        ...c,
        soldCost: formatUnits(c.soldCost),
        restockedCost: formatUnits(c.restockedCost),
      })),
      missing: stored?.missing ?? [],
      lots: lots.map((l) => ({ lotId: l.lot_id, sku: l.sku, units: Number(l.units) })),
      documents: documents.map((d) => ({
        number: d.number,
        date: d.document_date,
        status: d.status,
        total: d.total,
        remoteId: d.remote_id,
        error: d.error,
      })),
      postingStatus: row.cogs_posting_status,
      lockAdjustments: lockAdjustmentsToStored(stored?.lockAdjustments ?? []),
    };
  });
}
