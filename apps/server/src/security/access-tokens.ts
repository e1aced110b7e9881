/**
 * Access tokens: JWT HS256 (jose), 15 minutes, subject = userId. The signing key is derived from
 * the server secret for this one purpose, so the same secret can key other things without reuse.
 */
import crypto from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock';

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
const ISSUER = 'ledgerport';
const AUDIENCE = 'ledgerport-api';
const VERIFIED_MAX = 10_000;

export type AccessTokenCheck = { status: 'valid'; userId: string } | { status: 'expired' } | { status: 'invalid' };

export interface AccessTokens {
  issue(userId: string): Promise<{ token: string; expiresAt: Date }>;
  check(token: string): Promise<AccessTokenCheck>;
}

export function createAccessTokens(secret: string, clock: Clock): AccessTokens {
  const key = crypto.createHmac('sha256', secret).update('ledgerport access token v1').digest();
  // Tokens already verified (signature, issuer, audience) with their subject and expiry: a token
  // string and its signature check never change, so every server process answers the same; only
  // the expiry is compared with the clock again on each use (as jose does: expired once now >= exp).
  // The oldest entry goes first when full.
  const verified = new Map<string, { userId: string; exp: number }>();
  // Imported once: jose would otherwise import the raw key again on every verify.
  const verifyKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
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
      const known = verified.get(token);
      if (known) return Math.floor(clock().getTime() / 1000) >= known.exp ? { status: 'expired' } : { status: 'valid', userId: known.userId };
      try {
        const { payload } = await jwtVerify(token, await verifyKey, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock(),
          // jose checks exp only when present: a token without one (signed with our key, say by a
          // future bug or a leaked test script) would never expire. Every token we issue has one.
          requiredClaims: ['exp', 'sub'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return { status: 'invalid' };
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, { userId: payload.sub, exp: payload.exp });
        return { status: 'valid', userId: payload.sub };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { status: 'expired' };
        return { status: 'invalid' };
      }
    },
  };
}
