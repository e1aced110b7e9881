/**
 * Account Settings > Inventory (decision 0050): read and change the SP-API fetch settings (audited,
 * one sentence in History), and "Fetch month now", which queues the fetch job and answers its row;
 * the tab polls the settings for the fetch's progress. Amazon accounts only, as every inventory route
 * (getInventoryAccount: another account's is not found, a non-Amazon one 422 account.not-amazon); a
 * view-only user reads but cannot change (the contract's write effect).
 */
import type { FastifyInstance } from 'fastify';
import { fetchInventoryMonth, getInventoryFetchSettings, saveInventoryFetchSettings, type InventoryFetchSettingsBody } from '@ledgerport/contract';
import { amazonRegionOf, findAmazonMarketplace, isMonthEnded, marketplaceRegionProblem } from '@ledgerport/core/inventory';
import { allows, type AccessLevel } from '@ledgerport/core/rules';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { findChannelConnection } from '../channel-connections/channel-connection-repository';
import { queueInventoryFetch } from './fetch-inventory-report-job';
import { getInventoryAccount, type InventoryAccount } from './inventory-account';
import {
  findPendingInventoryFetch,
  insertInventoryFetch,
  listInventoryFetches,
  readInventoryFetchSettings,
  saveInventoryFetchSettingsRow,
  type InventoryFetchSettings,
} from './inventory-fetch-repository';

export function registerInventoryFetchRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  async function settingsBody(account: InventoryAccount, level: AccessLevel): Promise<InventoryFetchSettingsBody> {
    const settings = await readInventoryFetchSettings(db, account.accountKey);
    const connection = await findChannelConnection(db, account.accountKey, 'sales-channel');
    return {
      accountKey: account.accountKey,
      isMonthlyFetchEnabled: settings.isMonthlyFetchEnabled,
      aggregateBy: settings.aggregateBy,
      marketplaceId: settings.marketplaceId,
      valuationCurrency: settings.valuationCurrency,
      effectiveCurrency: account.currency,
      isConnected: connection?.system === 'AMAZON' && connection.credentials_sealed !== null && connection.status !== 'DISCONNECTED',
      canEdit: allows(level, 'write'),
      updatedAt: settings.updatedAt?.toISOString() ?? null,
      fetches: await listInventoryFetches(db, account.accountKey),
    };
  }

  addRoute(app, deps, getInventoryFetchSettings, async ({ caller, query }) => {
    const level = await assertAccountAccess(db, caller, query.accountKey);
    return settingsBody(await getInventoryAccount(db, caller, query.accountKey), level);
  });

  addRoute(app, deps, saveInventoryFetchSettings, async ({ caller, query, body }) => {
    const level = await assertAccountAccess(db, caller, query.accountKey);
    const account = await getInventoryAccount(db, caller, query.accountKey);
    const marketplace = findAmazonMarketplace(body.marketplaceId);
    if (!marketplace) throw new AppError('request.invalid', `${body.marketplaceId} is not an Amazon marketplace we know; choose one from the list.`, { marketplaceId: body.marketplaceId });
    // The connection's region answers only its own marketplaces (issue 28).
    const connection = await findChannelConnection(db, account.accountKey, 'sales-channel');
    const regionProblem = connection?.system === 'AMAZON' ? marketplaceRegionProblem(marketplace, amazonRegionOf(connection.region)) : null;
    if (regionProblem) throw new AppError('request.invalid', regionProblem, [{ path: 'marketplaceId', message: 'outside the connection region' }]);
    const { updatedAt, ...before } = await readInventoryFetchSettings(db, account.accountKey);
    const after: InventoryFetchSettings = {
      isMonthlyFetchEnabled: body.isMonthlyFetchEnabled,
      aggregateBy: body.aggregateBy,
      marketplaceId: body.marketplaceId,
      valuationCurrency: body.valuationCurrency,
    };
    const changed = (Object.keys(after) as (keyof InventoryFetchSettings)[]).filter((k) => after[k] !== before[k]);
    if (changed.length > 0 || updatedAt === null) {
      const at = deps.clock();
      await db.transaction().execute(async (trx) => {
        await saveInventoryFetchSettingsRow(trx, account.accountKey, after, caller.userId, at);
        if (changed.length > 0)
          await recordAudit(trx, {
            actorUserId: caller.userId,
            accountKey: account.accountKey,
            action: 'account.inventory-fetch-changed',
            entityType: 'account',
            entityId: account.accountKey,
            before: Object.fromEntries(changed.map((k) => [k, before[k]])),
            after: Object.fromEntries(changed.map((k) => [k, after[k]])),
            at,
          });
      });
    }
    return settingsBody(await getInventoryAccount(db, caller, query.accountKey), level);
  });

  addRoute(app, deps, fetchInventoryMonth, async ({ caller, query, body }) => {
    const account = await getInventoryAccount(db, caller, query.accountKey);
    const today = deps.clock().toISOString().slice(0, 10);
    if (!isMonthEnded(body.month, today))
      throw new AppError('inventory.month-not-ended', `${body.month} has not ended yet; Amazon's inventory ledger of a month can be fetched once the month is over.`, { month: body.month });
    const connection = await findChannelConnection(db, account.accountKey, 'sales-channel');
    if (!connection?.credentials_sealed || connection.system !== 'AMAZON' || connection.status === 'DISCONNECTED')
      throw new AppError('channel.not-connected', 'Amazon is not connected to this account. Connect it under Settings > Connections, or upload the report on the Inventory page.', { accountKey: account.accountKey });
    const pending = await findPendingInventoryFetch(db, account.accountKey, body.month);
    const settings = await readInventoryFetchSettings(db, account.accountKey);
    const at = deps.clock();
    const row =
      pending ??
      (await db.transaction().execute(async (trx) => {
        const made = await insertInventoryFetch(trx, { accountKey: account.accountKey, month: body.month, aggregateBy: settings.aggregateBy, userId: caller.userId, at });
        await recordAudit(trx, {
          actorUserId: caller.userId,
          accountKey: account.accountKey,
          action: 'inventory.month-fetch-asked',
          entityType: 'inventory-report',
          entityId: body.month,
          before: null,
          after: { month: body.month, aggregateBy: settings.aggregateBy },
          at,
        });
        return made;
      }));
    if (!pending) await queueInventoryFetch(deps, { accountKey: account.accountKey, fetchId: row.fetch_id });
    const fetches = await listInventoryFetches(db, account.accountKey);
    return fetches.find((f) => f.fetchId === row.fetch_id)!;
  });
}
