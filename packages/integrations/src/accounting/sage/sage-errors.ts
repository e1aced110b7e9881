/**
 * Sage Accounting's error bodies, `[{ "$severity", "$dataCode", "$message", "$source" }]`, as a
 * bookkeeper reads them (422 invalid data, 401 authorisation, 429 throttling).
 */
import type { AccountingFailure } from '@ledgerport/core/posting';
import { failureKindOf } from '../shared/vendor-http';

interface SageError {
  $severity?: string;
  $dataCode?: string;
  $message?: string;
  $source?: string;
}

export function describeSageError(status: number, body: unknown): AccountingFailure {
  const list = (Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : []) as SageError[];
  const kind = failureKindOf(status);
  const detail = typeof body === 'string' ? body : JSON.stringify(body);
  if (kind === 'auth') return { kind, message: 'Sage did not accept this connection. Reconnect Sage from the admin page.', detail };
  if (kind === 'rate-limit') return { kind, message: 'Sage asked us to slow down. The send will be retried automatically.', detail };
  const messages = list.filter((e) => e.$message).map((e) => `${e.$message}${e.$source ? ` (field ${e.$source})` : ''}`);
  if (messages.length > 0) return { kind, message: `Sage refused the document: ${messages.join('; ')}`, detail };
  if (kind === 'unavailable') return { kind, message: 'Sage is not available at the moment. Try again shortly.', detail };
  return { kind, message: `Sage refused the request (HTTP ${status}).`, detail };
}
