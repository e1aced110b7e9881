/**
 * Amazon SP-API authorisation: Login with Amazon (LWA) tokens. Calls carry `x-amz-access-token`
 * (SigV4 signing is no longer required since Oct 2023). LWA access tokens live one hour; the refresh
 * token from the seller's consent does not expire unless the seller revokes it. An expired access
 * token gets a 403 'Unauthorized' from SP-API, not a 401, so 403 also triggers one refresh.
 */
import type { CallPolicy, ChannelSession } from '../shared/channel-session';
import { ChannelAuthError } from '../shared/channel-errors';
import { requestToken } from '../shared/oauth-token';

export const AMAZON = 'Amazon';

export const amazonPolicy: CallPolicy = {
  channel: AMAZON,
  authorize: (headers, token) => headers.set('x-amz-access-token', token),
  isExpiredToken: (response) => response.status === 403,
  refresh: async (s: ChannelSession) => {
    const refreshToken = s.credentials.tokens.refreshToken;
    if (!refreshToken) throw new ChannelAuthError(AMAZON, 'Amazon gave us no refresh token. Please reconnect.');
    return requestToken(
      s.fetch,
      {
        channel: AMAZON,
        tokenUrl: s.endpoints.token!,
        clientId: s.app.clientId,
        clientSecret: s.app.clientSecret,
        clientAuth: 'body',
        params: { grant_type: 'refresh_token', refresh_token: refreshToken },
        now: s.now(),
      },
      refreshToken,
    );
  },
};
