/** Identifier schemas shared by the calls' query strings and bodies. */
import { safeTextSchema } from './safe-text';

/** An account's key as a call names it (query string or body). */
export const accountKeySchema = safeTextSchema.trim().min(1, 'The accountKey is missing.').max(100, 'The accountKey is too long.');
