/** The mappings screen's calls: read, save (a new version), copy from another account. */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { copyMappingsFromAccount, errorMessages, getMappings, saveMappings, type MappingRow, type Mappings } from '@ledgerport/contract';
import { copyMappings, describeTypeByShape, inactiveChoices, resolveMapping, reviseMappings, type MappingSet } from '@ledgerport/core/mapping';
import { describeTransactionType, type Channel } from '@ledgerport/core/settlements';
import { ACCOUNTING_SYSTEM_DEFINITIONS, type RemoteSystem } from '@ledgerport/integrations/accounting';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess, canAccessAccount } from '../accounts/account-access';
import { getAccountMappingContext, getCurrentMappings, getCurrentMappingsWithSource, insertMappingSet, mappingSystemOf } from './mapping-repository';
import { refreshMappingState } from './refresh-mapping-state';
import { mappingsSaved } from './mapping-events';
import { recordAudit } from '../../audit/record-audit';
import { assignRole, fallbackTaxRate } from './connected-chart';

export function registerMappingRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  addRoute(app, deps, getMappings, async ({ query, caller }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    return mappingsBody(db, query.accountKey);
  });

  addRoute(app, deps, saveMappings, async ({ query, body, caller }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const context = await getAccountMappingContext(db, query.accountKey);
    const isMappingChange = body.entries.length + body.remove.length + body.roles.length > 0 || body.isUnmappedToSuspense !== undefined;
    if (body.isNewFeeTypeToFees !== undefined && !isMappingChange) {
      if (body.isNewFeeTypeToFees !== context.isNewFeeTypeToFees) await saveNewFeeTypeSetting(deps, query.accountKey, body.isNewFeeTypeToFees, caller.userId);
      return mappingsBody(db, query.accountKey);
    }
    const { set: current, chartSource } = await getCurrentMappingsWithSource(db, context);
    const accountCodes = new Set(current.chart.accounts.map((a) => a.code));
    const taxCodes = new Set(current.chart.taxRates.map((t) => t.code));
    const chartName = chartSource === 'connected' ? `your ${systemName(current.system)} chart of accounts (refresh it if you just added the account)` : 'the chart of accounts';
    body.entries.forEach((e, i) => {
      if (!accountCodes.has(e.accountCode)) throw new AppError('mapping.invalid', `entries[${i}]: account ${e.accountCode} is not in ${chartName}.`, { path: `entries.${i}.accountCode` });
      if (!taxCodes.has(e.taxRateCode)) throw new AppError('mapping.invalid', `entries[${i}]: tax rate ${e.taxRateCode} is not one of the ${chartSource === 'connected' ? `${systemName(current.system)} ` : "chart's "}tax rates.`, { path: `entries.${i}.taxRateCode` });
    });
    const chosen = new Map<string, string>();
    const inactive = new Set(current.chart.accounts.filter((a) => a.isInactive).map((a) => a.code));
    body.roles.forEach((r, i) => {
      if (inactive.has(r.accountCode)) throw new AppError('mapping.invalid', `roles[${i}]: account ${r.accountCode} is deactivated and cannot be chosen for a posting role.`, { path: `roles.${i}.accountCode` });
      if (!accountCodes.has(r.accountCode)) throw new AppError('mapping.invalid', `roles[${i}]: account ${r.accountCode} is not in ${chartName}.`, { path: `roles.${i}.accountCode` });
      const taken = chosen.get(r.accountCode);
      if (taken) throw new AppError('mapping.invalid', `roles[${i}]: account ${r.accountCode} is already chosen as the ${taken} account; an account can do one posting role.`, { path: `roles.${i}.accountCode` });
      chosen.set(r.accountCode, r.role);
    });
    const chart = body.roles.reduce((c, r) => assignRole(c, r.role, r.channel, r.accountCode), current.chart);
    const next = reviseMappings({ ...current, chart }, { upsert: body.entries, remove: body.remove, ...(body.isUnmappedToSuspense !== undefined ? { isUnmappedToSuspense: body.isUnmappedToSuspense } : {}) });
    // A deactivated account or tax rate of the built-in ledger keeps the targets that had it, and is never chosen anew.
    const refused = inactiveChoices(current.chart, current, next);
    if (refused.length > 0) throw new AppError('mapping.invalid', refused.map((p) => p.message).join(' '), { path: refused[0]!.field });
    if (body.isNewFeeTypeToFees !== undefined && body.isNewFeeTypeToFees !== context.isNewFeeTypeToFees) await setNewFeeTypeSetting(db, query.accountKey, body.isNewFeeTypeToFees, caller.userId, deps.clock());
    await saveAndRefresh(deps, next, caller.userId, { action: 'mappings.saved', before: { version: current.version }, after: { version: next.version, changed: body.entries.length + body.remove.length + body.roles.length } });
    return mappingsBody(db, query.accountKey);
  });

  addRoute(app, deps, copyMappingsFromAccount, async ({ query, body, caller }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    if (!(await canAccessAccount(db, caller, body.accountKeyCopyFrom))) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey: body.accountKeyCopyFrom });
    const to = await getAccountMappingContext(db, query.accountKey);
    const from = await getAccountMappingContext(db, body.accountKeyCopyFrom);
    if (from.salesChannel !== to.salesChannel || mappingSystemOf(from.accountingSystem) !== mappingSystemOf(to.accountingSystem)) {
      throw new AppError('mapping.invalid', 'Mappings can only be copied from an account with the same sales channel and accounting system.');
    }
    const source = await getCurrentMappings(db, from);
    const current = await getCurrentMappings(db, to);
    const copy = { ...copyMappings(source, query.accountKey), version: current.version + 1 };
    await saveAndRefresh(deps, copy, caller.userId, { action: 'mappings.copied', before: { version: current.version }, after: { version: copy.version, copiedFrom: body.accountKeyCopyFrom } });
    return mappingsBody(db, query.accountKey);
  });
}

/** The setting and its audit entry (account.new-fee-types-changed, before and after), in the caller's transaction. */
async function setNewFeeTypeSetting(db: Kysely<Database>, accountKey: string, isOn: boolean, userId: string, at: Date): Promise<void> {
  await db.updateTable('accounts').set({ is_new_fee_type_to_fees: isOn }).where('account_key', '=', accountKey).execute();
  await recordAudit(db, { actorUserId: userId, accountKey, action: 'account.new-fee-types-changed', entityType: 'account', entityId: accountKey, before: { isNewFeeTypeToFees: !isOn }, after: { isNewFeeTypeToFees: isOn }, at });
}

/**
 * The setting alone (issue 28): no new mapping version; the settlements' mapping state follows it (a
 * settlement whose only unmapped types are new fees is ready to send once it is on), and settlements
 * waiting for their mappings may go (auto-send).
 */
async function saveNewFeeTypeSetting(deps: Deps, accountKey: string, isOn: boolean, userId: string): Promise<void> {
  const at = deps.clock();
  await deps.db.transaction().execute((trx) => setNewFeeTypeSetting(trx, accountKey, isOn, userId, at));
  await refreshMappingState(deps.db, accountKey, at);
  await mappingsSaved.emit({ deps, accountKey });
}

/** Saves a new version of the account's mappings, audited with it in one transaction, then refreshes the settlements' mapping state. */
async function saveAndRefresh(deps: Deps, set: MappingSet, userId: string, audit: { action: string; before: Record<string, unknown>; after: Record<string, unknown> }): Promise<void> {
  const at = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await insertMappingSet(trx, set, userId, at);
    await trx.updateTable('accounts').set({ mappings_configuration_initiated: true }).where('account_key', '=', set.ownerKey).execute();
    await recordAudit(trx, { actorUserId: userId, accountKey: set.ownerKey, entityType: 'mappings', entityId: set.ownerKey, ...audit, at });
  });
  await refreshMappingState(deps.db, set.ownerKey, at);
  // Settlements that waited for their mappings may go now (auto-send subscribes).
  await mappingsSaved.emit({ deps, accountKey: set.ownerKey });
}

const systemName = (system: string) => ACCOUNTING_SYSTEM_DEFINITIONS[system as RemoteSystem]?.displayName ?? system;

export async function mappingsBody(db: Kysely<Database>, accountKey: string): Promise<Mappings> {
  const context = await getAccountMappingContext(db, accountKey);
  const { set, chartSource, systemCodes } = await getCurrentMappingsWithSource(db, context);
  // The stored totals by type (settlement_type_totals), never the lines: an account may hold millions.
  const used = await db
    .selectFrom('settlement_type_totals as l')
    .innerJoin('settlements as s', (j) => j.onRef('s.account_key', '=', 'l.account_key').onRef('s.settlement_key', '=', 'l.settlement_key'))
    .select(['s.sales_source', 'l.type_key', 's.currency', sql<string>`sum(l.line_count)`.as('n'), sql<string>`sum(l.amount)::text`.as('amount')])
    .where('s.account_key', '=', accountKey)
    .where('s.duplicate_of', 'is', null)
    .groupBy(['s.sales_source', 'l.type_key', 's.currency'])
    .execute();
  const rows = new Map<string, MappingRow>();
  for (const u of used) {
    const channel = u.sales_source as Channel;
    const key = `${channel}|${u.type_key}`;
    let row = rows.get(key);
    if (!row) {
      const info = describeTransactionType(channel, u.type_key);
      const target = resolveMapping(set, context.describeType, channel, u.type_key, null);
      const isExplicit = set.entries.some((e) => e.channel === channel && e.typeKey === u.type_key);
      // A new type nothing maps yet: the category its shape gives offers its account, for one save to confirm.
      const suggestion = !target && !info.known ? resolveMapping(set, describeTypeByShape, channel, u.type_key, null) : undefined;
      row = {
        channel,
        typeKey: u.type_key,
        label: info.label,
        category: info.category,
        isKnownType: info.known,
        accountCode: target?.accountCode ?? null,
        taxRateCode: target?.taxRateCode ?? null,
        source: target ? (isExplicit ? 'explicit' : 'category') : 'unmapped',
        isUnmapped: !target,
        suggestedAccountCode: suggestion?.accountCode ?? null,
        suggestedTaxRateCode: suggestion?.taxRateCode ?? null,
        lineCount: 0,
        amounts: [],
      };
      rows.set(key, row);
    }
    row.lineCount += Number(u.n);
    row.amounts.push({ currency: u.currency, amount: u.amount });
  }
  const list = [...rows.values()].sort((a, b) => Number(b.isUnmapped) - Number(a.isUnmapped) || a.category.localeCompare(b.category) || a.label.localeCompare(b.label));
  for (const r of list) r.amounts.sort((a, b) => a.currency.localeCompare(b.currency));
  const account = await db.selectFrom('accounts').select('mappings_completed').where('account_key', '=', accountKey).executeTakeFirstOrThrow();
  return {
    accountKey,
    version: set.version,
    system: set.system,
    // The pickers offer the chart the mappings post with: the connected system's or the default one.
    chartSource,
    accounts: set.chart.accounts.map((a) => ({ code: a.code, name: a.name, kind: a.kind, path: a.path, role: a.role ?? null, ...(a.isInactive ? { isActive: false } : {}) })),
    taxRates: set.chart.taxRates.map((t) => ({ code: t.code, name: t.name, ...(t.ratePercent !== undefined ? { ratePercent: t.ratePercent } : {}), ...(t.isInactive ? { isActive: false } : {}) })),
    defaultTaxRateCode: fallbackTaxRate(set.chart) ?? null,
    roleAccounts: set.chart.accounts.flatMap((a) =>
      a.role ? [{ role: a.role, channel: a.channel ?? null, accountCode: a.code, accountName: a.name, isMissingInSystem: systemCodes !== null && !systemCodes.has(a.code) }] : [],
    ),
    isUnmappedToSuspense: set.isUnmappedToSuspense,
    isNewFeeTypeToFees: context.isNewFeeTypeToFees,
    rows: list,
    unmappedCount: list.filter((r) => r.isUnmapped).length,
    mappingsCompleted: account.mappings_completed,
    copiedFrom: set.copiedFrom ? { accountKey: set.copiedFrom.ownerKey, version: set.copiedFrom.version } : null,
  };
}
