/**
 * Runs a system's OAuth round trip against the local vendor server and builds its port, the way the
 * server's connection feature does (authorize URL → consent → code exchange → identify → port).
 */
import type { AccountingPort } from '@ledgerport/core/posting';
import { authorizeOnLocalSandbox } from '../local-sandboxes/authorize-on-local-sandbox';
import { createConnectionLimiter, type LimiterClock } from '../shared/connection-limiter';
import { createOAuthClient } from '../shared/oauth-client';
import type { AccountingSystemDefinition, ConnectionSettings, SystemEndpoints } from '../shared/system-definition';
import type { VendorTokenSet } from '../shared/token-set';

export interface TestConnection {
  port: AccountingPort;
  tokens: VendorTokenSet;
  remoteId: string;
  remoteName: string;
  refreshCount: number;
}

export async function connectForTest(
  definition: AccountingSystemDefinition,
  endpoints: SystemEndpoints,
  options: { settings?: ConnectionSettings; clock?: LimiterClock; timeoutMs?: number } = {},
): Promise<TestConnection> {
  const settings = options.settings ?? {};
  const oauth = createOAuthClient(definition.oauth(endpoints));
  const { tokens, org } = await authorizeOnLocalSandbox(definition, endpoints, { settings });
  const connection: TestConnection = { port: undefined as never, tokens, remoteId: org.remoteId, remoteName: org.remoteName, refreshCount: 0 };
  connection.port = definition.createPort({
    endpoints,
    remoteId: org.remoteId,
    settings,
    limiter: createConnectionLimiter(definition.limits, options.clock),
    clock: options.clock,
    timeoutMs: options.timeoutMs,
    async accessToken(forceRefresh) {
      if (forceRefresh) {
        connection.tokens = await oauth.refresh(connection.tokens.refreshToken!, new Date());
        connection.refreshCount += 1;
      }
      return connection.tokens.accessToken;
    },
  });
  return connection;
}
