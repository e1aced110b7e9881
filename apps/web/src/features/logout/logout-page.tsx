/** /logout: revokes the refresh token, clears the session (keeping the last login provider), goes to /login. */
import { useEffect } from 'react';
import { apiRequest } from '../../lib/api-client';
import { clearSession, readTokenSet } from '../../lib/token-store';
import { StartUpSkeleton } from '../../app/signed-in-root';

export function LogoutPage() {
  useEffect(() => {
    const tokens = readTokenSet();
    const revoke = tokens
      ? apiRequest('POST', '/oauth/logout', { body: { refreshToken: tokens.refreshToken }, anonymous: true }).catch(() => undefined)
      : Promise.resolve();
    void revoke.then(() => {
      clearSession();
      window.location.assign('/app/login');
    });
  }, []);
  return <StartUpSkeleton />;
}
