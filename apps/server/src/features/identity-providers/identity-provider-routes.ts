/**
 * Sign-in with Google, Intuit and Xero over OpenID Connect (issue 30, decision 0064).
 * - GET /public/oauth/identity-providers: the configured providers (the sign-in page shows their buttons).
 * - POST …/:provider/start: the authorization URL, and a sealed cookie (state, nonce, PKCE verifier,
 *   expiry) that only this server can open and only this browser sends back: an answer started in
 *   another browser (a login forced on someone) is refused.
 * - POST …/finish: the provider's answer as it reached /app/oauth/firebase. State must match the
 *   cookie's; the code is exchanged with the verifier and the ID token verified (oidc-client.ts); then
 *   the linked user, the user with that verified email, or a new user (provider-users.ts) is signed in
 *   as a password sign-in is: a refresh token family, an audit entry, a token set.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorMessages, finishIdentitySignIn, identityProviders, startIdentitySignIn } from '@ledgerport/contract';
import { recordAudit } from '../../audit/record-audit';
import type { IdentityProviderConfig } from '../../config/identity-provider-config';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { buildTokenSet } from '../auth/issue-token-set';
import { issueRefreshToken, newFamilyId } from '../auth/refresh-tokens';
import { isUniqueViolation } from '../users/user-repository';
import { buildSignInUrl, redeemSignIn, type PendingSignIn } from './oidc-client';
import { resolveProviderUser } from './provider-users';

/** The cookie holding the pending sign-in, sent only to these calls. */
export const SIGN_IN_COOKIE = 'lp_identity_sign_in';
const COOKIE_PATH = '/public/oauth/identity-providers';
const SEAL_PURPOSE = 'identity-sign-in';
/** A sign-in must come back within ten minutes of its start. */
export const SIGN_IN_TTL_MS = 10 * 60 * 1000;
/** Where every provider sends its answer (registered with each provider as the redirect URI). */
export const CALLBACK_PATH = '/app/oauth/firebase';

export function registerIdentityProviderRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock, config } = deps;
  const redirectUri = `${config.publicUrl.replace(/\/$/, '')}${CALLBACK_PATH}`;
  const isSecure = config.publicUrl.startsWith('https:');

  const configured = (slug: string): IdentityProviderConfig => {
    const provider = config.identityProviders.find((p) => p.provider === slug);
    if (!provider) throw new AppError('auth.provider-not-configured', `Sign-in with "${slug}" is not available on this instance. Sign in with your email and password.`);
    return provider;
  };

  addRoute(app, deps, identityProviders, () => ({ providers: config.identityProviders.map(({ provider, name }) => ({ provider, name })) }));

  addRoute(app, deps, startIdentitySignIn, async ({ params, request, reply }) => {
    const provider = configured(params.provider);
    const now = clock();
    let started: Awaited<ReturnType<typeof buildSignInUrl>>;
    try {
      started = await buildSignInUrl(provider, redirectUri, now, SIGN_IN_TTL_MS);
    } catch (error) {
      request.log.warn({ err: error, provider: provider.provider }, 'identity provider discovery failed');
      throw new AppError('auth.provider-sign-in-failed', `Could not reach ${provider.name} to sign you in. Please try again later.`);
    }
    void reply.setCookie(SIGN_IN_COOKIE, deps.secretBox.sealJson(started.pending, SEAL_PURPOSE), {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure,
      maxAge: SIGN_IN_TTL_MS / 1000,
    });
    return { authorizationUrl: started.url.href };
  });

  addRoute(app, deps, finishIdentitySignIn, async ({ body, request, reply }) => {
    const now = clock();
    const pending = openPendingSignIn(deps, request, now);
    // The cookie is for one answer: used or refused, it goes.
    void reply.clearCookie(SIGN_IN_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: isSecure });
    const answer = new URLSearchParams(body.callbackQuery.replace(/^\?/, ''));
    if (!pending || answer.get('state') !== pending.state) {
      throw new AppError('auth.provider-sign-in-failed', 'This sign-in was not started in this browser, or it took longer than 10 minutes. Please sign in again.');
    }
    const provider = configured(pending.provider);
    const refusal = answer.get('error');
    if (refusal === 'access_denied') throw new AppError('auth.provider-cancelled', errorMessages.popupClosed, { provider: provider.provider });
    if (refusal) {
      const description = answer.get('error_description');
      throw new AppError('auth.provider-sign-in-failed', `${provider.name} could not sign you in (${refusal}${description ? `: ${description}` : ''}). Please try again.`);
    }
    let identity: Awaited<ReturnType<typeof redeemSignIn>>;
    try {
      identity = await redeemSignIn(provider, pending, new URL(`${redirectUri}?${answer.toString()}`));
    } catch (error) {
      request.log.warn({ err: error, provider: provider.provider }, 'identity provider answer refused');
      throw new AppError('auth.provider-sign-in-failed', `The answer from ${provider.name} could not be verified, so you are not signed in. Please try again.`);
    }
    const outcome = await db
      .transaction()
      .execute(async (trx) => {
        const user = await resolveProviderUser(trx, provider, identity, now);
        const issued = await issueRefreshToken(trx, user.userId, newFamilyId(), now);
        await recordAudit(trx, { actorUserId: user.userId, action: 'auth.signed-in', entityType: 'user', entityId: user.userId, after: { provider: provider.provider, how: user.how }, at: now });
        return { ...user, issued };
      })
      .catch((error: unknown) => {
        // Two first sign-ins of one person at once: the other made the user or the link; the next try signs in.
        if (isUniqueViolation(error)) throw new AppError('auth.provider-sign-in-failed', `Another sign-in with this ${provider.name} login was finishing at the same moment. Please sign in again.`);
        throw error;
      });
    const tokens = await buildTokenSet(db, deps.accessTokens, outcome.userId, outcome.issued);
    return { tokens, provider: provider.provider, party: provider.party, isNewUser: outcome.how === 'created' };
  });
}

function openPendingSignIn(deps: Deps, request: FastifyRequest, now: Date): PendingSignIn | undefined {
  const sealed = request.cookies[SIGN_IN_COOKIE];
  if (!sealed) return undefined;
  try {
    const pending = deps.secretBox.openJson<PendingSignIn>(sealed, SEAL_PURPOSE);
    return pending.expiresAt > now.getTime() ? pending : undefined;
  } catch {
    return undefined;
  }
}
