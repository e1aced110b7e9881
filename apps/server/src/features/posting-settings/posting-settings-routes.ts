/**
 * Settings > Account, Sales Grouping and Tracking, Product Types: read and change the account's
 * posting settings (a new version per change, audited), preview product type rules against the
 * account's SKUs, release a held settlement, and the account's setting history.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { getPostingSettings, listSettingChanges, previewProductTypes, releaseSettlementHold, savePostingSettings, type PostingSettingsBody } from '@ledgerport/contract';
import { createProductTypeMatcher, UNASSIGNED_PRODUCT_TYPE } from '@ledgerport/core/posting';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getSettlementForCaller } from '../stored-settlements/load-settlement';
import { countInconsistentHolds, syncInconsistentHolds } from './inconsistent-holds';
import { getAccountPostingSettings, insertPostingSettingsVersion, toCorePostingSettings, type EditablePostingSettings } from './posting-settings-repository';
import { summarizeSettingChange } from './setting-change-summary';
import { holdsChanged } from './hold-events';
import { countPeriodLockHolds, PERIOD_LOCK_HOLD_CAUSE, releasePeriodLockHolds } from './period-lock-holds';

const EXAMPLES_MAX = 5;
const PREVIEW_SKUS_MAX = 100_000;

const EDITABLE_KEYS = ['timeZoneId', 'groupBy', 'isSplitByMonth', 'shouldSplitByCountry', 'isTrackedByMarketplace', 'trackingCategoryName', 'inconsistentSettlements', 'periodLockTreatment', 'productTypes'] as const;

export function registerPostingSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, getPostingSettings, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    return settingsBody(db, query.accountKey);
  });

  addRoute(app, deps, savePostingSettings, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const current = await getAccountPostingSettings(db, query.accountKey);
    const next: EditablePostingSettings = { ...current };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const key of EDITABLE_KEYS) {
      const value = body[key];
      if (value === undefined || JSON.stringify(value) === JSON.stringify(current[key])) continue;
      before[key] = current[key];
      after[key] = value;
      (next as unknown as Record<string, unknown>)[key] = value;
    }
    if (Object.keys(after).length === 0) return settingsBody(db, query.accountKey);
    const at = clock();
    await db.transaction().execute(async (trx) => {
      const version = await insertPostingSettingsVersion(trx, query.accountKey, next, caller.userId, at);
      await recordAudit(trx, {
        actorUserId: caller.userId,
        accountKey: query.accountKey,
        action: 'account.posting-settings-changed',
        entityType: 'posting-settings',
        entityId: `${query.accountKey}@v${version}`,
        before,
        after,
        at,
      });
      await syncInconsistentHolds(trx, query.accountKey, next.inconsistentSettlements, at);
      if (next.periodLockTreatment === 'move') await releasePeriodLockHolds(trx, query.accountKey, at);
    });
    return settingsBody(db, query.accountKey);
  });

  addRoute(app, deps, previewProductTypes, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    // The account's distinct SKUs (settlement_refs) of stored settlements; never its lines.
    const rows = await db
      .selectFrom('settlement_refs as r')
      .select('r.value as sku')
      .distinct()
      .where('r.account_key', '=', query.accountKey)
      .where('r.kind', '=', 'sku')
      .where((eb) => eb.exists(eb.selectFrom('settlements as s').select('s.settlement_key').whereRef('s.settlement_key', '=', 'r.settlement_key')))
      .orderBy('r.value')
      .limit(PREVIEW_SKUS_MAX)
      .execute();
    const rules = toCorePostingSettings({ ...(await getAccountPostingSettings(db, query.accountKey)), productTypes: body.productTypes }).productTypes ?? [];
    const match = createProductTypeMatcher(rules);
    const byName = new Map<string, { skuCount: number; examples: string[] }>(body.productTypes.map((r) => [r.name, { skuCount: 0, examples: [] }]));
    const unassigned = { ...UNASSIGNED_PRODUCT_TYPE, skuCount: 0, examples: [] as string[] };
    for (const { sku } of rows) {
      const name = match(sku);
      const bucket = byName.get(name) ?? unassigned;
      bucket.skuCount += 1;
      if (bucket.examples.length < EXAMPLES_MAX) bucket.examples.push(sku);
    }
    return { skuCount: rows.length, rules: body.productTypes.map((r) => ({ name: r.name, ...byName.get(r.name)! })), unassigned };
  });

  addRoute(app, deps, releaseSettlementHold, async ({ caller, query }) => {
    const row = await getSettlementForCaller(db, caller, query.settlementKey);
    if (!row.on_hold) return { settlementKey: row.settlement_key, message: `Settlement ${row.settlement_id} is not on hold.` };
    const at = clock();
    // A closed period's hold is lifted without the suspense override: the next send checks the lock again.
    const isPeriodLock = row.on_hold_cause === PERIOD_LOCK_HOLD_CAUSE;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('settlements')
        .set({ on_hold: false, on_hold_cause: null, on_hold_reason: null, on_hold_date: null, ...(isPeriodLock ? {} : { hold_released_at: at, hold_released_by: caller.userId }), updated_at: at })
        .where('settlement_key', '=', row.settlement_key)
        .execute();
      await holdsChanged.emit({ db: trx, accountKey: row.account_key, at });
      await recordAudit(trx, {
        actorUserId: caller.userId,
        accountKey: row.account_key,
        action: 'settlement.hold-released',
        entityType: 'settlement',
        entityId: row.settlement_key,
        before: { onHold: true, onHoldReason: row.on_hold_reason },
        after: { onHold: false, settlementId: row.settlement_id },
        at,
      });
    });
    if (isPeriodLock) return { settlementKey: row.settlement_key, message: `Settlement ${row.settlement_id} was released: when sent, it is checked against the accounting system's closed period again.` };
    return { settlementKey: row.settlement_key, message: `Settlement ${row.settlement_id} was released: it will post with its difference on the unreconciled-difference suspense line.` };
  });

  addRoute(app, deps, listSettingChanges, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const rows = await db
      .selectFrom('audit_log as a')
      .leftJoin('users as u', 'u.user_id', 'a.actor_user_id')
      .select(['a.action', 'a.before_state', 'a.after_state', 'a.created_at', 'u.email'])
      .where('a.account_key', '=', query.accountKey)
      .where('a.action', '!=', 'user.switched-account')
      .orderBy('a.created_at', 'desc')
      .orderBy('a.audit_id', 'desc')
      .limit(query.limit ?? 50)
      .execute();
    return {
      entries: rows.map((r) => ({
        at: r.created_at.toISOString(),
        actorEmail: r.email,
        action: r.action,
        summary: summarizeSettingChange(r.action, r.before_state, r.after_state),
        before: r.before_state,
        after: r.after_state,
      })),
    };
  });
}

async function settingsBody(db: Kysely<Database>, accountKey: string): Promise<PostingSettingsBody> {
  const s = await getAccountPostingSettings(db, accountKey);
  return {
    accountKey,
    version: s.version,
    timeZoneId: s.timeZoneId,
    groupBy: s.groupBy,
    isSplitByMonth: s.isSplitByMonth,
    shouldSplitByCountry: s.shouldSplitByCountry,
    isTrackedByMarketplace: s.isTrackedByMarketplace,
    trackingCategoryName: s.trackingCategoryName,
    inconsistentSettlements: s.inconsistentSettlements,
    periodLockTreatment: s.periodLockTreatment,
    productTypes: s.productTypes,
    updatedAt: s.updatedAt ? s.updatedAt.toISOString() : null,
    updatedBy: s.updatedBy,
    heldCount: await countInconsistentHolds(db, accountKey),
    periodLockHeldCount: await countPeriodLockHolds(db, accountKey),
  };
}
