/**
 * Who a verified identity signs in as (decision 0064), in the sign-in's transaction:
 * 1. the user linked to this provider subject (identity_links), whatever the email says now;
 * 2. else the user with the provider's email, when the provider says the email is verified: the link
 *    is recorded. A local user whose own address was never verified had no proven owner: the
 *    provider proves it now, so the address becomes verified and a password set by whoever signed up
 *    with it is dropped (else a stranger who signed up first with someone's address would share the
 *    account with its owner);
 * 3. else a new user, made as sign-up makes one (the first user of an instance without an
 *    administrator becomes it; invites to the address are accepted), already verified, without a
 *    password, and linked.
 * An email the provider does not say is verified never links or creates: that is an error.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/app-error';
import type { IdentityProviderConfig } from '../../config/identity-provider-config';
import { acceptInvitesOfVerifiedEmail } from '../account-users/account-users-routes';
import { acceptFirmInvitesOfVerifiedEmail } from '../teams/firm-invite-routes';
import { makeFirstSignUpAdmin } from '../users/instance-admin';
import { findUserByEmail } from '../users/user-repository';
import type { VerifiedIdentity } from './oidc-client';

export type ProviderUserOutcome = { userId: string; how: 'linked-before' | 'linked-now' | 'created' };

export function unverifiedEmailError(provider: IdentityProviderConfig, email: string | undefined): AppError {
  const which = email ? `the email address ${email}` : 'an email address';
  return new AppError(
    'auth.provider-email-unverified',
    `${provider.name} did not confirm ${which} for this ${provider.name} login, so it cannot sign you in here. Verify the address with ${provider.name}, or sign in with your email and password.`,
  );
}

export async function resolveProviderUser(trx: Kysely<Database>, provider: IdentityProviderConfig, identity: VerifiedIdentity, now: Date): Promise<ProviderUserOutcome> {
  const link = await trx
    .selectFrom('identity_links')
    .select('user_id')
    .where('provider', '=', provider.provider)
    .where('subject', '=', identity.subject)
    .forUpdate()
    .executeTakeFirst();
  if (link) {
    await trx
      .updateTable('identity_links')
      .set({ last_sign_in_at: now, ...(identity.email && identity.isEmailVerified ? { email: identity.email } : {}) })
      .where('provider', '=', provider.provider)
      .where('subject', '=', identity.subject)
      .execute();
    return { userId: link.user_id, how: 'linked-before' };
  }
  const email = identity.email;
  if (!email || !identity.isEmailVerified) throw unverifiedEmailError(provider, email);

  const existing = await findUserByEmail(trx, email);
  if (existing) {
    const other = await trx.selectFrom('identity_links').select('subject').where('user_id', '=', existing.user_id).where('provider', '=', provider.provider).executeTakeFirst();
    if (other) {
      throw new AppError(
        'auth.provider-sign-in-failed',
        `The user with the email address ${existing.email} already signs in with another ${provider.name} login. Sign in with that one, or with your email and password.`,
      );
    }
    if (existing.email_verified_at === null) {
      await trx.updateTable('users').set({ email_verified_at: now, password_hash: null, updated_at: now }).where('user_id', '=', existing.user_id).execute();
      await recordAudit(trx, {
        actorUserId: existing.user_id,
        action: 'user.email-verified',
        entityType: 'user',
        entityId: existing.user_id,
        before: { emailVerified: false },
        after: { emailVerified: true, email: existing.email, by: provider.provider, passwordRemoved: existing.password_hash !== null },
        at: now,
      });
      await acceptInvitesOfVerifiedEmail(trx, existing.user_id, existing.email, now);
      await acceptFirmInvitesOfVerifiedEmail(trx, existing.user_id, existing.email, now);
    }
    await insertLink(trx, provider, identity.subject, existing.user_id, email, now);
    return { userId: existing.user_id, how: 'linked-now' };
  }

  const userId = `user-${crypto.randomUUID()}`;
  const name = identity.name ?? email.slice(0, email.indexOf('@') > 0 ? email.indexOf('@') : email.length);
  await trx
    .insertInto('users')
    .values({ user_id: userId, email, name, password_hash: null, partner_code: null, billing_account_id: null, billing_data: null, login_enabling_party: provider.party, current_account_key: null, email_verified_at: now, created_at: now, updated_at: now })
    .execute();
  await recordAudit(trx, { actorUserId: userId, action: 'user.signed-up', entityType: 'user', entityId: userId, after: { email, name, by: provider.provider }, at: now });
  // As a sign-up: an instance without an administrator gets its first user as one (decision 0057).
  await makeFirstSignUpAdmin(trx, userId, now);
  await acceptInvitesOfVerifiedEmail(trx, userId, email, now);
  await acceptFirmInvitesOfVerifiedEmail(trx, userId, email, now);
  await insertLink(trx, provider, identity.subject, userId, email, now);
  return { userId, how: 'created' };
}

async function insertLink(trx: Kysely<Database>, provider: IdentityProviderConfig, subject: string, userId: string, email: string, now: Date): Promise<void> {
  await trx.insertInto('identity_links').values({ provider: provider.provider, subject, user_id: userId, email, created_at: now, last_sign_in_at: now }).execute();
  await recordAudit(trx, { actorUserId: userId, action: 'user.identity-linked', entityType: 'user', entityId: userId, after: { provider: provider.provider, email }, at: now });
}
