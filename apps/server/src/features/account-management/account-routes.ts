import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import {
  copyAccountCredsToStaging,
  createAccount,
  errorMessages,
  getAccount,
  getPublicAccountOverview,
  listAccounts,
  listBackendAccounts,
  listCopyMappingAccounts,
  renameCurrentAccount,
  switchAccount,
  switchAccountByLink,
  updateAccountingSystemReferenceName,
  type Account,
} from '@ledgerport/contract';
import crypto from 'node:crypto';
import { newAccountKey, placeNewAccount, type OrganizationRole } from '@ledgerport/core/rules';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { isSameHostRedirect, REFUSED_REDIRECT_COOKIE, toLocationHeader } from '../../http/same-host-redirect';
import { resolveAccounts } from '../users/build-auth-user';
import { resolveTargetUser } from '../users/resolve-target-user';
import { assertAccountAccess, canAccessAccount } from '../accounts/account-access';
import { findAccount, listCopyMappingCandidates, toSummary } from '../accounts/account-repository';
import { decodeCursor, encodeCursor } from '../accounts/account-cursor';
import { registerAmazonDeferredTransactionsRoutes } from './amazon-deferred-transactions-routes';
import { PAYPAL_NETSUITE_MESSAGE } from '../channel-connections/connect-routes';

export const ADMIN_PAGE = '/app/admin';
/** The account named by /switch?account=NEW: a new one (spec section 2). */
const NEW_ACCOUNT = 'NEW';

export function registerAccountRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  const scopeOf = (caller: Caller) => ({ userId: caller.userId, partnerCode: caller.partnerCode });
  const getAccountOrThrow = async (caller: Caller, accountKey: string, withSettings = false): Promise<Account> => {
    await assertAccountAccess(db, caller, accountKey);
    const account = await findAccount(db, accountKey, { now: clock(), withSettings, scope: scopeOf(caller) });
    if (!account) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
    return account;
  };

  addRoute(app, deps, listAccounts, async ({ caller, query }) => {
    const user = await resolveTargetUser(db, caller, query.userId);
    return { accounts: (await resolveAccounts(db, user, undefined)).accounts };
  });

  addRoute(app, deps, listBackendAccounts, async ({ query }) => {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    let q = db
      .selectFrom('accounts')
      .select(['account_key', 'account_name', 'sales_channel', 'accounting_system', 'plan_code', 'organization_id'])
      .orderBy(sql`lower(account_name)`)
      .orderBy('account_key')
      .limit(query.limit + 1);
    if (after) q = q.where(sql<boolean>`(lower(account_name), account_key) > (${after.name}, ${after.key})`);
    const rows = await q.execute();
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      accounts: page.map((r) => toSummary(r, null)),
      cursor: rows.length > query.limit && last ? encodeCursor(last.account_name.toLowerCase(), last.account_key) : null,
    };
  });

  addRoute(app, deps, getAccount, async ({ caller, query }) => getAccountOrThrow(caller, query.accountKey, query.settings === 'true'));

  addRoute(app, deps, listCopyMappingAccounts, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    return { accounts: await listCopyMappingCandidates(db, query.accountKey, scopeOf(caller)) };
  });

  addRoute(app, deps, copyAccountCredsToStaging, async ({ caller, body }) => {
    await assertAccountAccess(db, caller, body.accountKeyCopyFrom);
    // Connections (and their encrypted credentials) arrive with the channel and accounting issues;
    // until an account has one there is nothing to copy, and saying so beats pretending.
    throw new AppError('account.no-credentials', `Account "${body.accountKeyCopyFrom}" has no stored sales channel or accounting system credentials to copy.`);
  });

  addRoute(app, deps, getPublicAccountOverview, async ({ caller, query }) => {
    const { accountKey, accountName, salesChannel, accountingSystem } = await getAccountOrThrow(caller, query.accountKey);
    return { accountKey, accountName, salesChannel, accountingSystem };
  });

  const switchTo = async (caller: Caller, accountKey: string) => {
    await assertAccountAccess(db, caller, accountKey);
    const now = clock();
    await db.transaction().execute((trx) => makeCurrentAccount(trx, caller.userId, accountKey, now));
  };

  addRoute(app, deps, switchAccountByLink, async ({ caller, query, request, reply }) => {
    const target = query.continue;
    const sameHost = target !== undefined && isSameHostRedirect(target, request.headers.host);
    if (target !== undefined && !sameHost) {
      reply.setCookie(REFUSED_REDIRECT_COOKIE, '1', { path: '/', sameSite: 'lax', httpOnly: false, maxAge: 60 });
    }
    if (!caller) {
      // A browser navigation carries no bearer token: the web app switches with POST /switch/account.
      const params = new URLSearchParams({ account: query.account, ...(sameHost && target ? { continue: target } : {}) });
      return void reply.redirect(`/app/switch?${params.toString()}`, 302);
    }
    // /switch?account=NEW starts a new account: the web app's form asks its name, channel and system.
    if (query.account === NEW_ACCOUNT) return void reply.redirect(`/app/switch?account=${NEW_ACCOUNT}`, 302);
    if (!(await canAccessAccount(db, caller, query.account))) return void reply.redirect('/app/404', 302);
    await switchTo(caller, query.account);
    return void reply.redirect(sameHost && target ? toLocationHeader(target, request.headers.host!) : ADMIN_PAGE, 302);
  });

  addRoute(app, deps, switchAccount, async ({ caller, body }) => {
    await switchTo(caller, body.destinationAccountKey);
    return { redirectUrl: ADMIN_PAGE };
  });

  addRoute(app, deps, createAccount, async ({ caller, body }) => {
    if (body.salesChannel === 'PAYPAL' && body.accountingSystem === 'NETSUITE') throw new AppError('channel.paypal-netsuite', PAYPAL_NETSUITE_MESSAGE);
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('name').where('user_id', '=', caller.userId).executeTakeFirstOrThrow();
      const organizations = await trx
        .selectFrom('organization_memberships as m')
        .innerJoin('organizations as o', 'o.organization_id', 'm.organization_id')
        .select(['o.organization_id as organizationId', 'o.name', 'm.role'])
        .where('m.user_id', '=', caller.userId)
        .orderBy('o.organization_id')
        .execute();
      const placement = placeNewAccount(
        organizations.map((o) => ({ ...o, role: o.role as OrganizationRole })),
        body.organizationId ?? null,
        user.name,
      );
      if (placement.kind === 'refused') throw new AppError('auth.forbidden', placement.message, { organizationId: body.organizationId });
      let organizationId: string;
      if (placement.kind === 'existing') organizationId = placement.organizationId;
      else {
        organizationId = `org_${crypto.randomBytes(9).toString('base64url')}`;
        await trx.insertInto('organizations').values({ organization_id: organizationId, name: placement.name, created_at: now, updated_at: now }).execute();
        await trx.insertInto('organization_memberships').values({ organization_id: organizationId, user_id: caller.userId, role: 'admin', created_at: now }).execute();
      }
      const accountKey = newAccountKey(body.accountName, crypto.randomBytes(6).toString('hex').slice(0, 6));
      // A trial (no plan code), owned by its maker; it starts with nothing connected and nothing mapped.
      await trx
        .insertInto('accounts')
        .values({
          account_key: accountKey,
          account_name: body.accountName,
          accounting_system: body.accountingSystem,
          sales_channel: body.salesChannel,
          plan_code: null,
          // A partner firm's member creates client accounts: they carry the firm's code (decision 0035).
          partner_code: caller.partnerCode,
          organization_id: organizationId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx.insertInto('account_features').values({ account_key: accountKey }).execute();
      await trx.insertInto('account_memberships').values({ account_key: accountKey, user_id: caller.userId, role: 'owner', created_at: now }).execute();
      await recordAudit(trx, {
        actorUserId: caller.userId,
        accountKey,
        action: 'account.created',
        entityType: 'account',
        entityId: accountKey,
        after: { accountName: body.accountName, salesChannel: body.salesChannel, accountingSystem: body.accountingSystem, organizationId, isNewOrganization: placement.kind === 'new-organization', partnerCode: caller.partnerCode },
        at: now,
      });
      await makeCurrentAccount(trx, caller.userId, accountKey, now);
      return { accountKey, organizationId, redirectUrl: ADMIN_PAGE };
    });
  });

  addRoute(app, deps, renameCurrentAccount, async ({ caller, query }) => {
    const user = await resolveTargetUser(db, caller, undefined);
    const { currentAccountKey } = await resolveAccounts(db, user, undefined);
    if (!currentAccountKey) throw new AppError('account.not-found', 'You have no current account to rename.');
    const before = await getAccountOrThrow(caller, currentAccountKey);
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('accounts').set({ account_name: query.accountName, updated_at: now }).where('account_key', '=', currentAccountKey).execute();
      await recordAudit(trx, {
        actorUserId: caller.userId,
        accountKey: currentAccountKey,
        action: 'account.renamed',
        entityType: 'account',
        entityId: currentAccountKey,
        before: { accountName: before.accountName },
        after: { accountName: query.accountName },
        at: now,
      });
    });
    return getAccountOrThrow(caller, currentAccountKey);
  });

  addRoute(app, deps, updateAccountingSystemReferenceName, async ({ caller, query, body }) => {
    const before = await getAccountOrThrow(caller, query.accountKey);
    const name = body.accountingSystemReferenceName === '' ? null : body.accountingSystemReferenceName;
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('accounts').set({ accounting_system_reference_name: name, updated_at: now }).where('account_key', '=', query.accountKey).execute();
      await recordAudit(trx, {
        actorUserId: caller.userId,
        accountKey: query.accountKey,
        action: 'account.accounting-system-reference-name-changed',
        entityType: 'account',
        entityId: query.accountKey,
        before: { accountingSystemReferenceName: before.accountingSystemReferenceName },
        after: { accountingSystemReferenceName: name },
        at: now,
      });
    });
    return getAccountOrThrow(caller, query.accountKey);
  });

  registerAmazonDeferredTransactionsRoutes(app, deps);
}

/** Makes the account the user's current one, audited with the one it replaces (in the caller's transaction). */
async function makeCurrentAccount(trx: Kysely<Database>, userId: string, accountKey: string, now: Date): Promise<void> {
  const before = await trx.selectFrom('users').select('current_account_key').where('user_id', '=', userId).executeTakeFirstOrThrow();
  await trx.updateTable('users').set({ current_account_key: accountKey, updated_at: now }).where('user_id', '=', userId).execute();
  await recordAudit(trx, {
    actorUserId: userId,
    accountKey,
    action: 'user.switched-account',
    entityType: 'user',
    entityId: userId,
    before: { currentAccount: before.current_account_key },
    after: { currentAccount: accountKey },
    at: now,
  });
}
