/**
 * How the server reaches channels: the connector of a channel, the environment it runs in (base URLs
 * and our app's credentials from config, the HTTP function), and a session over a stored connection
 * that saves refreshed tokens straight back, sealed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { Channel } from '@ledgerport/core/settlements';
import { CHANNEL_CONNECTORS, type ChannelConnector, type ChannelPlace, type ChannelSession, type ConnectorEnv, type FetchLike } from '@ledgerport/integrations/channels';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { openCredentials, sealCredentials, updateConnection, type ChannelRole, type ConnectionRow } from './channel-connection-repository';

/** The HTTP function for channel calls; tests of other modules may swap it. */
export const channelHttp: { fetch: FetchLike } = { fetch: (input, init) => fetch(input, init) };

export function getConnector(channel: string): ChannelConnector {
  const connector = CHANNEL_CONNECTORS[channel as Channel];
  if (!connector) throw new AppError('channel.not-supported', `Connecting ${channel} through its API is not available yet; upload its settlement files instead.`, { channel });
  return connector;
}

/** The environment of a channel's calls; `place` is the connection's (Amazon: its region's SP-API host, its marketplace's consent page). */
export function connectorEnv(deps: Deps, channel: string, place: ChannelPlace = { region: null, marketplaceId: null }): ConnectorEnv {
  const endpoints = deps.config.channels.endpoints[channel as Channel] ?? {};
  const connector = CHANNEL_CONNECTORS[channel as Channel];
  return {
    fetch: channelHttp.fetch,
    endpoints: connector?.endpointsFor ? connector.endpointsFor(endpoints, place) : endpoints,
    app: deps.config.channels.apps[channel as Channel] ?? { clientId: '', clientSecret: '' },
    now: () => deps.clock().getTime(),
  };
}

export function openSession(deps: Deps, db: Kysely<Database>, row: ConnectionRow): ChannelSession {
  const credentials = openCredentials(deps.secretBox, row);
  if (!credentials) throw new AppError('channel.not-connected', 'The sales channel is not connected. Connect it under Settings > Connections.');
  const env = connectorEnv(deps, row.system, { region: row.region, marketplaceId: credentials.params.marketplaceId ?? null });
  return {
    ...env,
    credentials,
    saveTokens: async (tokens) => {
      const sealed = sealCredentials(deps.secretBox, row.account_key, row.role, { ...credentials, tokens });
      await updateConnection(db, row.account_key, row.role as ChannelRole, { credentials_sealed: sealed, access_token_expires_at: tokens.expiresAt === null ? null : new Date(tokens.expiresAt) }, deps.clock());
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
