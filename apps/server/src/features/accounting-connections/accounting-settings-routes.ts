/** The connection's settings pages (qbo/bank-account-settings, sage/financial-settings) and the cached chart. */
import type { FastifyInstance } from 'fastify';
import { getAccountingReferenceData, getAccountingSettings, refreshAccountingReferenceData, updateAccountingSettings, type AccountingConnectionSettings } from '@ledgerport/contract';
import { AccountingError } from '@ledgerport/core/posting';
import { AppError } from '../../http/app-error';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getConnectionStates } from '../accounts/connection-states';
import { findAccountingConnection, settingsOfRow } from './accounting-connection-store';
import { readReferenceData, refreshReferenceData } from './accounting-reference-data';

/**
 * What the settings pages show, from the one connection state (decision 0056): connected or not,
 * never both. The bank accounts are the connected system's, as fetched from it at connect (or by a
 * refresh of its chart, or now when nothing is cached), and none while it is not connected.
 */
async function settingsView(deps: Deps, accountKey: string): Promise<AccountingConnectionSettings> {
  const row = await findAccountingConnection(deps.db, accountKey);
  const states = await getConnectionStates(deps.db, accountKey, deps.clock());
  const state = states.accounting;
  const s = row ? settingsOfRow(row) : {};
  let reference = await readReferenceData(deps, accountKey);
  // Nothing cached yet (the fetch at connect failed, or a connection made before the cache): the bank
  // accounts are read from the connected system now, and cached. A failure leaves the list empty and
  // the connection's last error says why.
  if (state.isUsable && reference.fetchedAt === null) reference = await refreshReferenceData(deps, accountKey).catch(() => reference);
  return {
    system: state.system,
    organizationName: state.remoteName,
    isConnected: state.isUsable,
    state: state.state,
    isSandbox: state.isSandbox,
    bankAccountId: s.bankAccountId ?? null,
    lineAmountTypes: s.lineAmountTypes ?? 'auto',
    businessId: row?.system === 'SAGE' ? (s.businessId ?? row.remote_id) : null,
    subsidiaryId: s.subsidiaryId ?? null,
    bankAccounts: state.isUsable ? reference.bankAccounts.map((a) => ({ code: a.code, name: a.name })) : [],
  };
}

export function registerAccountingSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  addRoute(app, deps, getAccountingSettings, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    return settingsView(deps, query.accountKey);
  });

  addRoute(app, deps, updateAccountingSettings, async ({ caller, body }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    const row = await findAccountingConnection(db, body.accountKey);
    const { accounting } = await getConnectionStates(db, body.accountKey, deps.clock());
    if (!row || !accounting.isUsable) throw new AppError('accounting.not-connected', 'Connect your accounting system first, then choose its settings.');
    const current = settingsOfRow(row);
    if (body.bankAccountId) {
      const reference = await readReferenceData(deps, body.accountKey);
      if (!reference.bankAccounts.some((a) => a.code === body.bankAccountId)) {
        throw new AppError('request.invalid', `Bank account "${body.bankAccountId}" is not one of the bank accounts of your accounting system. Refresh the chart of accounts and choose again.`, [{ path: 'bankAccountId', message: 'unknown bank account' }]);
      }
    }
    const next = {
      ...current,
      ...(body.bankAccountId !== undefined ? { bankAccountId: body.bankAccountId ?? undefined } : {}),
      ...(body.lineAmountTypes !== undefined ? { lineAmountTypes: body.lineAmountTypes } : {}),
    };
    await db.updateTable('connections').set({ settings: JSON.stringify(next), updated_at: deps.clock() }).where('account_key', '=', body.accountKey).where('role', '=', 'accounting').execute();
    return settingsView(deps, body.accountKey);
  });

  addRoute(app, deps, getAccountingReferenceData, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    return readReferenceData(deps, query.accountKey);
  });

  addRoute(app, deps, refreshAccountingReferenceData, async ({ caller, body }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    try {
      return await refreshReferenceData(deps, body.accountKey);
    } catch (error) {
      if (error instanceof AccountingError) {
        if (error.failure.kind === 'auth') throw new AppError('accounting.not-connected', error.message);
        throw new AppError('accounting.unavailable', error.message, { detail: error.failure.detail ?? null });
      }
      throw error;
    }
  });
}

