/**
 * Sign-in with identity providers over OpenID Connect (issue 30, decision 0064): the configured
 * providers, the start of a sign-in (an authorization URL, and a sealed cookie that binds the flow to
 * this browser) and its end (the provider's answer as it reached /app/oauth/firebase).
 */
import { z } from 'zod';
import { safeTextSchema } from './safe-text';
import { defineEndpoint } from './endpoint';
import { tokenSetSchema } from './auth';
import { loginEnablingPartySchema } from './enums';

export const identityProviderSchema = z.enum(['google', 'intuit', 'xero']);
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

export const identityProvidersSchema = z
  .object({ providers: z.array(z.object({ provider: identityProviderSchema, name: z.string() })) })
  .meta({ id: 'IdentityProviders' });
export type IdentityProviders = z.infer<typeof identityProvidersSchema>;

export const identityProviders = defineEndpoint({
  method: 'GET',
  url: '/public/oauth/identity-providers',
  summary: 'The identity providers this instance signs in with (only those configured).',
  tag: 'auth',
  access: 'public',
  effect: 'read',
  querystring: z.strictObject({}),
  response: identityProvidersSchema,
});

export const startIdentitySignIn = defineEndpoint({
  method: 'POST',
  url: '/public/oauth/identity-providers/:provider/start',
  summary: "Start a sign-in with a provider: answers the provider's authorization URL (code flow with PKCE, state and nonce) and sets a sealed cookie binding the flow to this browser.",
  tag: 'auth',
  access: 'public',
  effect: 'self',
  params: z.strictObject({ provider: safeTextSchema.trim().min(1).max(40) }),
  body: z.strictObject({}),
  response: z.object({ authorizationUrl: z.string() }),
});

export const finishIdentitySignIn = defineEndpoint({
  method: 'POST',
  url: '/public/oauth/identity-providers/finish',
  summary: "End a sign-in with a provider: the query string the provider sent to /app/oauth/firebase. Checks state, exchanges the code with the PKCE verifier, verifies the ID token (signature, issuer, audience, expiry, nonce), then signs in the linked user, links the user with that verified email, or creates one.",
  tag: 'auth',
  access: 'public',
  effect: 'self',
  body: z.strictObject({ callbackQuery: safeTextSchema.max(8192, 'The answer of the provider is too long.') }),
  response: z.object({ tokens: tokenSetSchema, provider: identityProviderSchema, party: loginEnablingPartySchema, isNewUser: z.boolean() }),
});
export type FinishedIdentitySignIn = z.infer<typeof finishIdentitySignIn.response>;
