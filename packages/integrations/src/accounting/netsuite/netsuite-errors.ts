/**
 * NetSuite REST errors, `{ type, title, status, "o:errorDetails": [{ detail, "o:errorCode", "o:errorPath" }] }`,
 * as a bookkeeper reads them.
 */
import type { AccountingFailure } from '@ledgerport/core/posting';
import { failureKindOf } from '../shared/vendor-http';

interface NetSuiteError {
  title?: string;
  'o:errorDetails'?: { detail?: string; 'o:errorCode'?: string; 'o:errorPath'?: string }[];
}

export function describeNetSuiteError(status: number, body: unknown): AccountingFailure {
  return describeRefusal(status, body, 'the journal entry');
}

/** The same for the backend console's SuiteQL and record reads: NetSuite refused the query. */
export function describeNetSuiteQueryError(status: number, body: unknown): AccountingFailure {
  return describeRefusal(status, body, 'the query');
}

function describeRefusal(status: number, body: unknown, what: string): AccountingFailure {
  const b = (body && typeof body === 'object' ? body : {}) as NetSuiteError;
  const details = b['o:errorDetails'] ?? [];
  const detail = typeof body === 'string' ? body : JSON.stringify(body);
  let kind = failureKindOf(status);
  if (details.some((d) => d['o:errorCode'] === 'CONCURRENCY_LIMIT_EXCEEDED')) kind = 'rate-limit';
  if (details.some((d) => d['o:errorCode'] === 'INVALID_LOGIN' || d['o:errorCode'] === 'INSUFFICIENT_PERMISSION')) kind = 'auth';
  if (kind === 'auth') return { kind, message: 'NetSuite did not accept this connection. Reconnect NetSuite from the admin page.', detail };
  if (kind === 'rate-limit') return { kind, message: 'NetSuite is busy with other requests of your account (its concurrency limit). The send will be retried automatically.', detail };
  const messages = details.map((d) => `${d.detail ?? d['o:errorCode'] ?? ''}${d['o:errorPath'] ? ` (field ${d['o:errorPath']})` : ''}`).filter(Boolean);
  if (messages.length > 0) return { kind, message: `NetSuite refused ${what}: ${messages.join('; ')}`, detail };
  if (kind === 'unavailable') return { kind, message: 'NetSuite is not available at the moment. Try again shortly.', detail };
  return { kind, message: `NetSuite refused the request${b.title ? `: ${b.title}` : ` (HTTP ${status})`}.`, detail };
}
