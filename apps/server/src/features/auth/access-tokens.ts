/**
 * Access tokens: JWT HS256 (jose), 15 minutes, subject = userId. The signing key is derived from
 * the server secret for this one purpose, so the same secret can key other things without reuse.
 */
import crypto from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock';

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
const ISSUER = 'ledgerport';
const AUDIENCE = 'ledgerport-api';

export type AccessTokenCheck = { status: 'valid'; userId: string } | { status: 'expired' } | { status: 'invalid' };

export interface AccessTokens {
  issue(userId: string): Promise<{ token: string; expiresAt: Date }>;
  check(token: string): Promise<AccessTokenCheck>;
}

export function createAccessTokens(secret: string, clock: Clock): AccessTokens {
  const key = crypto.createHmac('sha256', secret).update('ledgerport access token v1').digest();
  return {
    async issue(userId) {
      const now = clock();
      const expiresAt = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    async check(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock(),
        });
        return typeof payload.sub === 'string' ? { status: 'valid', userId: payload.sub } : { status: 'invalid' };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { status: 'expired' };
        return { status: 'invalid' };
      }
    },
  };
}
