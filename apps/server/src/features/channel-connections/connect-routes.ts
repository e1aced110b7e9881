/**
 * Connect flows. The web's connect pages (/admin/sales-channel/<channel>) call startChannelConnect and
 * send the seller to the answered URL; the channel redirects to the web's /cb page, which posts the
 * query here. The OAuth state (one use, 10 minutes, bound to the user and channel) and the PKCE
 * verifier (sealed) live in oauth_states. Any failure of the channel's side answers the spec's
 * 'Could not connect to sales source.' with the reason in details.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { connectChannelWithKeys, disconnectChannel, errorMessages, finishChannelConnect, salesChannelSchema, startChannelConnect } from '@ledgerport/contract';
import { findAmazonMarketplace, type AmazonMarketplace } from '@ledgerport/core/inventory';
import { ChannelApiError, ChannelAuthError, type ChannelPlace, type ConnectedAccount } from '@ledgerport/integrations/channels';
import { AppError } from '../../http/app-error';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { roleOfChannel, saveConnectedChannel, sealCredentials, updateConnection } from './channel-connection-repository';
import { connectorEnv, getConnector } from './channel-runtime';
import { jobsOf } from './channel-jobs';
import { FETCH_CHANNEL_QUEUE } from './fetch-channel-settlements-job';
import { recordAudit } from '../../audit/record-audit';
import { assertChannelConnectAllowed } from '../billing/check-billing';

const STATE_TTL_MS = 10 * 60 * 1000;
const CHANNEL_SYSTEMS = salesChannelSchema.options;
export const PAYPAL_NETSUITE_MESSAGE = 'A PayPal source cannot be combined with a NetSuite accounting system.';

/** Where the channel sends the seller back: the web's /cb page on the host the seller uses. */
export function redirectUriOf(request: FastifyRequest, channel: string): string {
  const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  return `${origin}/app/admin/sales-channel/${channel.toLowerCase()}/cb`;
}

/** The spec's rule: a PayPal source cannot be combined with a NetSuite accounting system. */
async function assertChannelAllowed(deps: Deps, accountKey: string, channel: string): Promise<void> {
  const account = await deps.db.selectFrom('accounts').select(['accounting_system']).where('account_key', '=', accountKey).executeTakeFirstOrThrow();
  if (channel === 'PAYPAL' && account.accounting_system === 'NETSUITE') throw new AppError('channel.paypal-netsuite', PAYPAL_NETSUITE_MESSAGE);
}

async function saveAndStartFetching(deps: Deps, actorUserId: string, accountKey: string, channel: string, connected: ConnectedAccount, now: Date, region: string | null = null): Promise<void> {
  const role = roleOfChannel(channel);
  await deps.db.transaction().execute(async (trx) => {
    await saveConnectedChannel(trx, {
      accountKey,
      role,
      system: channel,
      remoteId: connected.remoteId,
      remoteName: connected.storeName,
      credentialsSealed: sealCredentials(deps.secretBox, accountKey, role, connected.credentials),
      accessTokenExpiresAt: connected.credentials.tokens.expiresAt === null ? null : new Date(connected.credentials.tokens.expiresAt),
      region,
      now,
    });
    await trx
      .updateTable('accounts')
      .set({ sales_channel: channel, sales_channel_pending: false, sales_channel_store_name: connected.storeName, requires_reauthentication: false, sales_channel_invite_status: null })
      .where('account_key', '=', accountKey)
      .execute();
    await recordAudit(trx, { actorUserId, accountKey, action: 'connection.connected', entityType: 'connection', entityId: `${accountKey}:${role}`, after: { role, system: channel, storeName: connected.storeName, ...(region ? { region } : {}) }, at: now });
  });
  // The first fetch starts right away; the schedule takes over from there.
  await jobsOf(deps).send(FETCH_CHANNEL_QUEUE, { accountKey, role, kind: 'scheduled' }, { singletonKey: `${accountKey}:${role}:scheduled` }).catch(() => null);
}

/**
 * A Shopify reconnect must come back from the store the account is connected to: a seller signed in to
 * another store would otherwise overwrite the connection and mix two stores' payouts in one account.
 * Refused before anything is saved; the web shows /shopify/reconnect/store-mismatch.
 */
async function assertSameStore(deps: Deps, accountKey: string, channel: string, connected: ConnectedAccount): Promise<void> {
  if (channel !== 'SHOPIFY') return;
  const existing = await deps.db.selectFrom('connections').select(['remote_id', 'remote_name']).where('account_key', '=', accountKey).where('role', '=', roleOfChannel(channel)).where('system', '=', channel).executeTakeFirst();
  if (!existing?.remote_id || existing.remote_id === connected.remoteId) return;
  throw new AppError('channel.store-mismatch', `This account is connected to the Shopify store ${existing.remote_id}, but you authorised ${connected.remoteId}. Sign in to ${existing.remote_id} in Shopify and reconnect, or create a new account for ${connected.remoteId}.`, {
    connectedStore: existing.remote_id,
    returnedStore: connected.remoteId,
  });
}

/**
 * Amazon: the marketplace the seller picked, which decides the consent page and the region stored with
 * the connection (none sent: North America and Amazon.com's Seller Central, as before regions). Other
 * channels have no marketplace.
 */
function chosenMarketplace(channel: string, marketplaceId: string | undefined): AmazonMarketplace | undefined {
  if (marketplaceId === undefined) return undefined;
  if (channel !== 'AMAZON') throw new AppError('request.invalid', `A marketplace is chosen only when connecting Amazon, not ${channel}.`, [{ path: 'marketplaceId', message: 'only for Amazon' }]);
  const marketplace = findAmazonMarketplace(marketplaceId);
  if (!marketplace) throw new AppError('request.invalid', `${marketplaceId} is not an Amazon marketplace we know; choose one from the list.`, [{ path: 'marketplaceId', message: 'unknown marketplace' }]);
  return marketplace;
}

function placeOf(channel: string, marketplace: AmazonMarketplace | undefined): ChannelPlace {
  if (channel !== 'AMAZON') return { region: null, marketplaceId: null };
  return { region: marketplace?.region ?? 'NA', marketplaceId: marketplace?.id ?? null };
}

export function registerConnectRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock, secretBox } = deps;

  addRoute(app, deps, startChannelConnect, async ({ caller, body, request }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    await assertChannelAllowed(deps, body.accountKey, body.channel);
    await assertChannelConnectAllowed(deps, body.accountKey, roleOfChannel(body.channel));
    const connector = getConnector(body.channel);
    if (body.channel === 'SHOPIFY' && !body.shop) throw new AppError('request.invalid', 'Enter your Shopify store address, like your-store.myshopify.com.', [{ path: 'shop', message: 'missing' }]);
    const marketplace = chosenMarketplace(body.channel, body.marketplaceId);
    const state = randomBytes(24).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    let authorizeUrl: string;
    try {
      authorizeUrl = connector.authorizeUrl(connectorEnv(deps, body.channel, placeOf(body.channel, marketplace)), {
        redirectUri: redirectUriOf(request, body.channel),
        state,
        codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
        params: body.shop ? { shop: body.shop.toLowerCase() } : {},
      });
    } catch (error) {
      if (error instanceof ChannelApiError) throw new AppError('request.invalid', error.message, [{ path: 'shop', message: error.message }]);
      throw error;
    }
    const now = clock();
    await db
      .insertInto('oauth_states')
      .values({ state, account_key: body.accountKey, user_id: caller.userId, system: body.channel, code_verifier_sealed: secretBox.seal(verifier, `oauth-verifier:${state}`), redirect_after: '/account-settings/connections', marketplace_id: marketplace?.id ?? null, created_at: now, expires_at: new Date(now.getTime() + STATE_TTL_MS) })
      .execute();
    await db.updateTable('accounts').set({ sales_channel_pending: true }).where('account_key', '=', body.accountKey).execute();
    return { authorizeUrl };
  });

  addRoute(app, deps, finishChannelConnect, async ({ caller, body, request }) => {
    const now = clock();
    const state = body.query.state ?? '';
    let pending = db.deleteFrom('oauth_states').where('state', '=', state).where('user_id', '=', caller.userId);
    // /admin/auth-token names no channel: the state the connect stored says which one it was.
    pending = body.channel ? pending.where('system', '=', body.channel) : pending.where('system', 'in', [...CHANNEL_SYSTEMS]);
    const stored = await pending.returningAll().executeTakeFirst();
    if (!stored || stored.expires_at.getTime() < now.getTime())
      throw new AppError('channel.state-invalid', 'This connect link has expired or was already used. Please start connecting again.');
    await assertAccountAccess(db, caller, stored.account_key);
    const channel = salesChannelSchema.parse(stored.system);
    if (body.query.error) throw new AppError('channel.connect-failed', errorMessages.couldNotConnectSalesSource, { reason: 'We were unable to connect to your account because the authorization was cancelled.' });
    const connector = getConnector(channel);
    const marketplace = stored.marketplace_id ? findAmazonMarketplace(stored.marketplace_id) : undefined;
    const place = placeOf(channel, marketplace);
    let connected;
    try {
      connected = await connector.finishConnect(connectorEnv(deps, channel, place), {
        redirectUri: redirectUriOf(request, channel),
        query: body.query,
        codeVerifier: stored.code_verifier_sealed ? secretBox.open(stored.code_verifier_sealed, `oauth-verifier:${state}`) : '',
        form: marketplace ? { marketplaceId: marketplace.id } : {},
      });
    } catch (error) {
      if (error instanceof ChannelAuthError || error instanceof ChannelApiError || error instanceof TypeError)
        throw new AppError('channel.connect-failed', errorMessages.couldNotConnectSalesSource, { reason: error.message });
      throw error;
    }
    await assertSameStore(deps, stored.account_key, channel, connected);
    // Asked again: another channel may have been connected since the connect started.
    await assertChannelConnectAllowed(deps, stored.account_key, roleOfChannel(channel));
    await saveAndStartFetching(deps, caller.userId, stored.account_key, channel, connected, now, place.region);
    return { accountKey: stored.account_key, channel, storeName: connected.storeName, redirectAfter: stored.redirect_after };
  });

  addRoute(app, deps, connectChannelWithKeys, async ({ caller, body }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    await assertChannelAllowed(deps, body.accountKey, body.channel);
    await assertChannelConnectAllowed(deps, body.accountKey, roleOfChannel(body.channel));
    const connector = getConnector(body.channel);
    if (connector.connectKind !== 'keys') throw new AppError('request.invalid', `${body.channel} connects by signing in at the channel, not with typed keys.`, [{ path: 'channel', message: 'not a key-based channel' }]);
    const missing = connector.keyFields.filter((f) => !body.fields[f.name]?.trim());
    if (missing.length) throw new AppError('request.invalid', `Enter ${missing.map((f) => f.label).join(' and ')}.`, missing.map((f) => ({ path: `fields.${f.name}`, message: 'missing' })));
    let connected;
    try {
      connected = await connector.finishConnect(connectorEnv(deps, body.channel), { redirectUri: '', query: {}, codeVerifier: '', form: body.fields });
    } catch (error) {
      if (error instanceof ChannelAuthError || error instanceof ChannelApiError || error instanceof TypeError)
        throw new AppError('channel.connect-failed', errorMessages.couldNotConnectSalesSource, { reason: error.message });
      throw error;
    }
    await saveAndStartFetching(deps, caller.userId, body.accountKey, body.channel, connected, clock());
    return { accountKey: body.accountKey, storeName: connected.storeName, redirectAfter: '/account-settings/connections' };
  });

  addRoute(app, deps, disconnectChannel, async ({ caller, body }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    const now = clock();
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('connections').select(['system', 'status', 'remote_name']).where('account_key', '=', body.accountKey).where('role', '=', body.role).executeTakeFirst();
      await updateConnection(trx, body.accountKey, body.role, { status: 'DISCONNECTED', credentials_sealed: null, access_token_expires_at: null, last_error: null, last_error_at: null }, now);
      await trx.updateTable('accounts').set({ sales_channel_pending: false }).where('account_key', '=', body.accountKey).execute();
      await recordAudit(trx, {
        actorUserId: caller.userId,
        accountKey: body.accountKey,
        action: 'connection.disconnected',
        entityType: 'connection',
        entityId: `${body.accountKey}:${body.role}`,
        before: before ? { role: body.role, system: before.system, status: before.status, storeName: before.remote_name } : null,
        after: { role: body.role, status: 'DISCONNECTED' },
        at: now,
      });
    });
  });
}
