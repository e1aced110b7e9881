/**
 * Encryption at rest for connection credentials (OAuth tokens, API keys, PKCE verifiers).
 * AES-256-GCM with a key derived by HKDF-SHA256 from LEDGERPORT_SECRET (config.secret), so every
 * server process of one installation opens what another sealed. Sealed text: 'v1.' + base64url of
 * iv (12 bytes) | tag (16 bytes) | ciphertext. The purpose string is bound as associated data, so a
 * token sealed for one connection field cannot be replayed into another.
 */
import crypto from 'node:crypto';

export interface SecretBox {
  seal(plain: string, purpose: string): string;
  /** Throws when the text was not sealed by this installation's secret for this purpose. */
  open(sealed: string, purpose: string): string;
  sealJson(value: unknown, purpose: string): string;
  openJson<T>(sealed: string, purpose: string): T;
}

const VERSION = 'v1.';

export function createSecretBox(secret: string): SecretBox {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'ledgerport-secret-box', 'aes-256-gcm v1', 32));
  const seal = (plain: string, purpose: string): string => {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  };
  const open = (sealed: string, purpose: string): string => {
    if (!sealed.startsWith(VERSION)) throw new Error('Not a sealed secret of this installation.');
    const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
    if (raw.length < 28) throw new Error('Sealed secret is truncated.');
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  };
  return {
    seal,
    open,
    sealJson: (value, purpose) => seal(JSON.stringify(value), purpose),
    openJson: <T>(sealed: string, purpose: string) => JSON.parse(open(sealed, purpose)) as T,
  };
}
