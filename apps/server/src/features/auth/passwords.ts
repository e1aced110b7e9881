/** Passwords: argon2id (@node-rs/argon2 defaults: m=19456 KiB, t=2, p=1). */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this when the email is unknown makes both failures take the same time.
let decoyHash: Promise<string> | undefined;

/** An unknown user (undefined) and a user without a password (null: made by an identity provider) both fail, after the same work. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined || passwordHash === null) {
    decoyHash ??= hash('ledgerport decoy password');
    await verify(await decoyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
