/**
 * Settings > PayPal (PayPal accounts only) and Settings > Amazon Pay (Amazon accounts with the
 * enableAmazonPay feature): read and save. Same access as the other settings (a view-only user reads,
 * cannot change; another account is not found); the wrong channel is a 409 naming it. Every save is a
 * new version and one audit entry with only what changed (Settings > History); send, reprocess and
 * the preview of settlements not posted yet follow the latest version at once (postingSettingsOf).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  errorMessages,
  getAmazonPaySettings,
  getPayPalSettings,
  saveAmazonPaySettings,
  savePayPalSettings,
  type AmazonPaySettingsBody,
} from '@ledgerport/contract';
import { CHANNEL_NAMES, findRoleAccount } from '@ledgerport/core/mapping';
import { isAmazonPayTypeKey, type AmazonPayPosting, type NamedAccount, type PayPalPosting } from '@ledgerport/core/posting';
import { allows, type AccessLevel } from '@ledgerport/core/rules';
import type { Channel } from '@ledgerport/core/settlements';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getAccountMappingContext, getCurrentMappings } from '../mappings/mapping-repository';
import { AMAZON_PAY_DEFAULT, findSourceSettings, insertSourceSettings, PAYPAL_DEFAULT } from './payment-source-settings-repository';
import { payPalSettingsBody } from './paypal-settings-body';

/** The account when the caller may open it and it is on the tab's channel (and, for Amazon Pay, has the feature). */
async function getSourceAccount(db: Kysely<Database>, caller: Caller, accountKey: string, channel: 'PAYPAL' | 'AMAZON'): Promise<{ accountKey: string; level: AccessLevel }> {
  const level = await assertAccountAccess(db, caller, accountKey);
  const row = await db
    .selectFrom('accounts as a')
    .leftJoin('account_features as f', 'f.account_key', 'a.account_key')
    .select(['a.account_key', 'a.account_name', 'a.sales_channel', 'f.enable_amazon_pay'])
    .where('a.account_key', '=', accountKey)
    .executeTakeFirst();
  if (!row) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
  const tab = channel === 'PAYPAL' ? 'PayPal settings are' : 'Amazon Pay settings are';
  if (row.sales_channel !== channel) {
    const sells = CHANNEL_NAMES[row.sales_channel as Channel]?.name ?? row.sales_channel;
    throw new AppError('account.wrong-channel', `${tab} only for ${CHANNEL_NAMES[channel].name} accounts, and ${row.account_name} sells on ${sells}. Open ${channel === 'AMAZON' ? 'an' : 'a'} ${CHANNEL_NAMES[channel].name} account to change them.`, { accountKey, salesChannel: row.sales_channel });
  }
  if (channel === 'AMAZON' && row.enable_amazon_pay !== true) {
    throw new AppError('account.wrong-channel', `Amazon Pay is not turned on for ${row.account_name}. Ask support to enable it for this account.`, { accountKey, feature: 'enableAmazonPay' });
  }
  return { accountKey: row.account_key, level };
}

const accountText = (a: NamedAccount | null) => (a ? `${a.code} ${a.name}` : null);

/** Only the changed fields, before and after (History shows them as one sentence). */
function changes(was: Record<string, unknown>, now: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const keys = Object.keys(now).filter((k) => now[k] !== was[k]);
  if (keys.length === 0) return null;
  return { before: Object.fromEntries(keys.map((k) => [k, was[k]])), after: Object.fromEntries(keys.map((k) => [k, now[k]])) };
}

function payPalState(s: PayPalPosting): Record<string, unknown> {
  const currencies = [...s.currencies].sort((a, b) => a.currency.localeCompare(b.currency));
  return {
    paypalCurrenciesOff: currencies.filter((c) => !c.isPosted).map((c) => c.currency).join(', '),
    paypalClearingAccounts: currencies.filter((c) => c.clearingAccount).map((c) => `${c.currency} ${accountText(c.clearingAccount)}`).join(', '),
    paypalAccountsOff: [...s.excludedAccountIds].sort().join(', '),
  };
}

function amazonPayState(s: AmazonPayPosting): Record<string, unknown> {
  return { amazonPayEnabled: s.isEnabled, amazonPayClearingAccount: accountText(s.clearingAccount), amazonPaySeparate: s.isSeparate };
}

export function registerPaymentSourceSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, getPayPalSettings, async ({ caller, query }) => {
    const account = await getSourceAccount(db, caller, query.accountKey, 'PAYPAL');
    return payPalSettingsBody(db, account.accountKey, allows(account.level, 'write'));
  });

  addRoute(app, deps, savePayPalSettings, async ({ caller, query, body }) => {
    const account = await getSourceAccount(db, caller, query.accountKey, 'PAYPAL');
    const current = await findSourceSettings(db, account.accountKey, 'paypal', PAYPAL_DEFAULT);
    const next: PayPalPosting = {
      excludedAccountIds: body.paypalAccounts.filter((a) => !a.isImported).map((a) => a.accountId),
      currencies: body.currencies.map((c) => ({ currency: c.currency, isPosted: c.isImported, clearingAccount: c.clearingAccount })),
    };
    const changed = changes(payPalState(current.settings), payPalState(next)) ?? (current.version === 0 ? { before: {}, after: { created: true } } : null);
    if (changed) await saveVersion(account.accountKey, 'paypal', 'account.paypal-settings-changed', next, changed, caller.userId);
    return payPalSettingsBody(db, account.accountKey, true);
  });

  addRoute(app, deps, getAmazonPaySettings, async ({ caller, query }) => {
    const account = await getSourceAccount(db, caller, query.accountKey, 'AMAZON');
    return amazonPayBody(db, account.accountKey, allows(account.level, 'write'));
  });

  addRoute(app, deps, saveAmazonPaySettings, async ({ caller, query, body }) => {
    const account = await getSourceAccount(db, caller, query.accountKey, 'AMAZON');
    const current = await findSourceSettings(db, account.accountKey, 'amazon-pay', AMAZON_PAY_DEFAULT);
    const next: AmazonPayPosting = { isEnabled: body.isEnabled, clearingAccount: body.clearingAccount, isSeparate: body.isSeparate };
    const changed = changes(amazonPayState(current.settings), amazonPayState(next));
    if (changed) await saveVersion(account.accountKey, 'amazon-pay', 'account.amazon-pay-settings-changed', next, changed, caller.userId);
    return amazonPayBody(db, account.accountKey, true);
  });

  async function saveVersion(accountKey: string, source: 'paypal' | 'amazon-pay', action: string, next: PayPalPosting | AmazonPayPosting, changed: { before: Record<string, unknown>; after: Record<string, unknown> }, userId: string) {
    const at = clock();
    await db.transaction().execute(async (trx) => {
      const version = await insertSourceSettings(trx, accountKey, source, next, userId, at);
      await recordAudit(trx, { actorUserId: userId, accountKey, action, entityType: 'payment-source-settings', entityId: `${accountKey}:${source}:${version}`, before: changed.before, after: changed.after, at });
    });
  }
}

async function amazonPayBody(db: Kysely<Database>, accountKey: string, canEdit: boolean): Promise<AmazonPaySettingsBody> {
  const found = await findSourceSettings(db, accountKey, 'amazon-pay', AMAZON_PAY_DEFAULT);
  const context = await getAccountMappingContext(db, accountKey);
  const clearing = findRoleAccount(await getCurrentMappings(db, context), 'clearing', 'AMAZON');
  const totals = await db
    .selectFrom('settlement_type_totals as t')
    .innerJoin('settlements as s', (j) => j.onRef('s.account_key', '=', 't.account_key').onRef('s.settlement_key', '=', 't.settlement_key'))
    .select(['t.type_key', 't.settlement_key', 't.line_count'])
    .where('t.account_key', '=', accountKey)
    .where('s.duplicate_of', 'is', null)
    .execute();
  const pay = totals.filter((t) => isAmazonPayTypeKey(t.type_key));
  return {
    accountKey,
    version: found.version,
    isEnabled: found.settings.isEnabled,
    clearingAccount: found.settings.clearingAccount,
    isSeparate: found.settings.isSeparate,
    marketplaceClearingAccount: clearing ? { code: clearing.code, name: clearing.name } : null,
    lineCount: pay.reduce((a, t) => a + Number(t.line_count), 0),
    settlementCount: new Set(pay.map((t) => t.settlement_key)).size,
    canEdit,
    updatedAt: found.createdAt?.toISOString() ?? null,
    updatedBy: found.createdBy,
  };
}
