import crypto from 'node:crypto';

/**
 * An idempotency key that fits a system's limit (Xero 128, QBO requestid 50): kept as is when it
 * fits, else a stable digest of it, so every retry of one document sends the same value.
 */
export function boundedKey(key: string, max: number): string {
  if (key.length <= max) return key;
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, max);
}
