/**
 * Sign-up, email verification, password reset and password change (issue 15). The calls a person
 * makes before they can sign in are public and declared `self`, like /oauth/login: they act on the
 * caller's own (future) user. The password rule itself is core's checkPasswordStrength, applied by
 * the server so its message names what is wrong; the schemas here only bound the sizes.
 */
import { z } from 'zod';
import { PASSWORD_LENGTH_MAX } from '@ledgerport/core/rules';
import { safeTextSchema } from './safe-text';
import { defineEndpoint } from './endpoint';
import { tokenSetSchema } from './auth';

const emailSchema = z.email('Enter a valid email address.').max(320, 'The email address is too long.');
// Room above the rule's maximum so a long password hears the rule's sentence, not a schema error.
const newPasswordSchema = safeTextSchema.min(1, 'Enter a password.').max(PASSWORD_LENGTH_MAX * 4, 'The password is too long.');
const linkTokenSchema = safeTextSchema.trim().min(1, 'The link has no token.').max(200, 'The link is not valid.');

/** An answer that is a sentence for the person (the same whether or not the email is known, where it says so). */
export const mailSentSchema = z.object({ message: z.string() }).meta({ id: 'MailSent' });
export type MailSent = z.infer<typeof mailSentSchema>;

export const signUp = defineEndpoint({
  method: 'POST',
  url: '/oauth/sign-up',
  summary: 'Create a user with email, name and password, and mail a verification link. Sign-in works once the email is verified.',
  tag: 'auth',
  access: 'public',
  effect: 'self',
  body: z.strictObject({
    email: emailSchema,
    name: safeTextSchema.trim().min(1, 'Enter your name.').max(200, 'The name must be at most 200 characters.'),
    password: newPasswordSchema,
  }),
  response: z.object({ email: z.string(), message: z.string() }),
});

export const verifyEmail = defineEndpoint({
  method: 'POST',
  url: '/oauth/verify-email',
  summary: 'Use the token of a mailed verification link: verifies a new user, or switches a user to the new email they asked for.',
  tag: 'auth',
  access: 'public',
  effect: 'self',
  body: z.strictObject({ token: linkTokenSchema }),
  response: z.object({ email: z.string(), purpose: z.enum(['verify-email', 'change-email']), message: z.string() }),
});

export const resendVerification = defineEndpoint({
  method: 'POST',
  url: '/oauth/resend-verification',
  summary: 'Mail a new verification link to an unverified user. The answer is the same whether or not the email is known.',
  tag: 'auth',
  access: 'public',
  effect: 'self',
  body: z.strictObject({ email: emailSchema }),
  response: mailSentSchema,
});

export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  url: '/oauth/password-reset-request',
  summary: 'Mail a one-hour password reset link. The answer is the same whether or not the email is known.',
  tag: 'auth',
  access: 'public',
  effect: 'self',
  body: z.strictObject({ email: emailSchema }),
  response: mailSentSchema,
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  url: '/oauth/password-reset',
  summary: 'Set a new password with the token of a reset link; every refresh token of the user is revoked (signed out everywhere).',
  tag: 'auth',
  access: 'public',
  effect: 'self',
  body: z.strictObject({ token: linkTokenSchema, password: newPasswordSchema }),
  response: z.object({ email: z.string(), message: z.string() }),
});

export const changePassword = defineEndpoint({
  method: 'POST',
  url: '/user-profile/password',
  summary: "Change the signed-in user's password (the current one is needed). Other sessions are signed out; this one gets a new token set.",
  tag: 'user',
  access: 'user',
  effect: 'self',
  body: z.strictObject({
    currentPassword: safeTextSchema.min(1, 'Enter your current password.').max(1024, 'The password is too long.'),
    newPassword: newPasswordSchema,
  }),
  response: tokenSetSchema,
});
