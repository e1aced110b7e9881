/**
 * Connect flows behind /admin/accounting/{xero|qbo|sage|netsuite}. The web page calls
 * startAccountingConnect and sends the user to the answered URL; the system redirects to the web's
 * /cb page, which posts the query here. The state (one use, 10 minutes, bound to user and system) and
 * the sealed PKCE verifier live in oauth_states. A failure on the system's side answers the spec's
 * 'Could not connect to accounting system.' with the reason in details; Cancel at the system answers
 * 'We were unable to connect to your account because the authorization was cancelled.'
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountingErrorMessages, connectAccountingManually, disconnectAccounting, finishAccountingConnect, startAccountingConnect } from '@ledgerport/contract';
import { AccountingError } from '@ledgerport/core/posting';
import { localSandboxUrlOf } from '@ledgerport/core/connections';
import { ACCOUNTING_SYSTEM_DEFINITIONS, createOAuthClient, newCodeVerifier, newState, type ConnectionSettings, type RemoteSystem } from '@ledgerport/integrations/accounting';
import { AppError } from '../../http/app-error';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { endpointsFor, findAccountingConnection, settingsOfRow } from './accounting-connection-store';
import { saveAccountingConnection } from './save-accounting-connection';
import { refreshReferenceData } from './accounting-reference-data';
import { recordAudit } from '../../audit/record-audit';

const STATE_TTL_MS = 10 * 60 * 1000;

/** Where the system sends the user back: the web's /cb page on the host the user uses. */
export function accountingRedirectUri(request: FastifyRequest, system: RemoteSystem): string {
  return `${request.protocol}://${request.headers.host ?? 'localhost'}/app/admin/accounting/${system.toLowerCase()}/cb`;
}

const verifierPurpose = (state: string) => `oauth-verifier:${state}`;

export function registerAccountingConnectRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock, secretBox } = deps;

  addRoute(app, deps, startAccountingConnect, async ({ caller, body, request }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    if (body.system === 'NETSUITE' && !body.netSuiteAccountId) {
      throw new AppError('request.invalid', 'Enter your NetSuite account id (Setup > Company > Company Information) to connect.', [{ path: 'netSuiteAccountId', message: 'missing' }]);
    }
    // A demo account recorded on a local sandbox connects again to that sandbox (decision 0056).
    const current = await findAccountingConnection(db, body.accountKey);
    const sandboxUrl = current ? localSandboxUrlOf(settingsOfRow(current)) : null;
    const settings: ConnectionSettings = { ...(body.netSuiteAccountId ? { accountId: body.netSuiteAccountId } : {}), ...(sandboxUrl ? { localSandboxUrl: sandboxUrl } : {}) };
    const endpoints = endpointsFor(deps, body.system, settings);
    if (!endpoints.clientId) throw new AppError('accounting.connect-failed', accountingErrorMessages.couldNotConnect, { reason: `This installation has no ${body.system} app credentials (LEDGERPORT_${body.system}_CLIENT_ID).` });
    const oauth = createOAuthClient(ACCOUNTING_SYSTEM_DEFINITIONS[body.system].oauth(endpoints));
    const state = newState();
    const verifier = newCodeVerifier();
    const authorizeUrl = await oauth.authorizeUrl({ state, redirectUri: accountingRedirectUri(request, body.system), codeVerifier: verifier });
    const now = clock();
    await db
      .insertInto('oauth_states')
      .values({
        state,
        account_key: body.accountKey,
        user_id: caller.userId,
        system: body.system,
        code_verifier_sealed: secretBox.sealJson({ verifier, settings }, verifierPurpose(state)),
        redirect_after: null,
        created_at: now,
        expires_at: new Date(now.getTime() + STATE_TTL_MS),
      })
      .execute();
    return { authorizeUrl };
  });

  addRoute(app, deps, finishAccountingConnect, async ({ caller, body, request }) => {
    const now = clock();
    const state = body.query.state ?? '';
    const stored = await db.deleteFrom('oauth_states').where('state', '=', state).where('user_id', '=', caller.userId).where('system', '=', body.system).returningAll().executeTakeFirst();
    if (!stored || stored.expires_at.getTime() < now.getTime()) {
      throw new AppError('accounting.state-invalid', 'This connect link has expired or was already used. Please start connecting again.');
    }
    await assertAccountAccess(db, caller, stored.account_key);
    if (body.query.error) throw new AppError('accounting.connect-failed', accountingErrorMessages.authorizationCancelled, { reason: body.query.error });
    const { verifier, settings } = secretBox.openJson<{ verifier: string; settings: ConnectionSettings }>(stored.code_verifier_sealed ?? '', verifierPurpose(state));
    const definition = ACCOUNTING_SYSTEM_DEFINITIONS[body.system];
    const endpoints = endpointsFor(deps, body.system, settings);
    let connected;
    try {
      const { tokens } = await createOAuthClient(definition.oauth(endpoints)).exchangeCode({ code: body.query.code ?? '', redirectUri: accountingRedirectUri(request, body.system), codeVerifier: verifier }, now);
      const org = await definition.identify({ endpoints, accessToken: tokens.accessToken, callbackParams: body.query, settings });
      connected = { tokens, org };
    } catch (error) {
      if (error instanceof AccountingError || error instanceof TypeError) throw new AppError('accounting.connect-failed', accountingErrorMessages.couldNotConnect, { reason: error.message });
      throw error;
    }
    const accountKey = stored.account_key;
    await db.transaction().execute((trx) => saveAccountingConnection(trx, secretBox, { accountKey, system: body.system, tokens: connected.tokens, org: connected.org, settings, actorUserId: caller.userId, now }));
    // The chart feeds the mappings screen at once; a failure here leaves the connection usable.
    await refreshReferenceData(deps, accountKey).catch(() => null);
    const nextStep = body.system === 'QBO' ? ('bank-account-settings' as const) : body.system === 'SAGE' ? ('financial-settings' as const) : null;
    return { accountKey, organizationName: connected.org.remoteName, nextStep };
  });

  addRoute(app, deps, connectAccountingManually, async ({ caller, body }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('connections').set({ status: 'DISCONNECTED', credentials_sealed: null, updated_at: now }).where('account_key', '=', body.accountKey).where('role', '=', 'accounting').execute();
      await trx
        .updateTable('accounts')
        .set({ accounting_system: 'MANUAL', accounting_system_organization_name: accountingErrorMessages.connectedManually })
        .where('account_key', '=', body.accountKey)
        .execute();
      await recordAudit(trx, { actorUserId: caller.userId, accountKey: body.accountKey, action: 'connection.connected', entityType: 'connection', entityId: `${body.accountKey}:accounting`, after: { role: 'accounting', system: 'MANUAL' }, at: now });
    });
  });

  addRoute(app, deps, disconnectAccounting, async ({ caller, body }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('connections')
        .set({ status: 'DISCONNECTED', credentials_sealed: null, access_token_expires_at: null, refresh_token_expires_at: null, last_error: null, last_error_at: null, updated_at: now })
        .where('account_key', '=', body.accountKey)
        .where('role', '=', 'accounting')
        .execute();
      const before = await trx.selectFrom('accounts').select(['accounting_system', 'accounting_system_organization_name']).where('account_key', '=', body.accountKey).executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actorUserId: caller.userId,
        accountKey: body.accountKey,
        action: 'connection.disconnected',
        entityType: 'connection',
        entityId: `${body.accountKey}:accounting`,
        before: { role: 'accounting', system: before.accounting_system, organizationName: before.accounting_system_organization_name },
        after: { role: 'accounting', status: 'DISCONNECTED' },
        at: now,
      });
    });
  });
}
