/**
 * Xero's error bodies as a bookkeeper reads them. 400s carry
 * `{ ErrorNumber, Type, Message, Elements: [{ ValidationErrors: [{ Message }] }] }`; 429s say which
 * limit was hit in X-Rate-Limit-Problem (minute, daily, concurrent).
 */
import type { AccountingFailure } from '@ledgerport/core/posting';
import { failureKindOf } from '../shared/vendor-http';

interface XeroErrorBody {
  ErrorNumber?: number;
  Type?: string;
  Message?: string;
  Detail?: string;
  Title?: string;
  Elements?: { ValidationErrors?: { Message?: string }[] }[];
}

export function describeXeroError(status: number, body: unknown, headers: Headers): AccountingFailure {
  const b = (body && typeof body === 'object' ? body : {}) as XeroErrorBody;
  const kind = failureKindOf(status);
  const detail = typeof body === 'string' ? body : JSON.stringify(body);
  if (kind === 'auth') {
    return { kind, message: 'Xero did not accept this connection. Reconnect Xero from the admin page.', detail };
  }
  if (kind === 'rate-limit') {
    const problem = headers.get('x-rate-limit-problem');
    const which = problem === 'daily' ? 'its daily limit of 5,000 calls' : problem === 'concurrent' ? 'its limit of 5 calls at once' : 'its limit of 60 calls per minute';
    return { kind, message: `Xero asked us to slow down (${which}). The send will be retried automatically.`, detail };
  }
  const validation = (b.Elements ?? []).flatMap((e) => e.ValidationErrors ?? []).map((v) => v.Message).filter((m): m is string => !!m);
  if (validation.length > 0) {
    return { kind: 'validation', message: `Xero refused the document: ${[...new Set(validation)].join('; ')}`, detail };
  }
  if (kind === 'unavailable') return { kind, message: 'Xero is not available at the moment. Try again shortly.', detail };
  const text = b.Message ?? b.Detail ?? b.Title;
  return { kind, message: text ? `Xero refused the request: ${text}` : `Xero refused the request (HTTP ${status}).`, detail };
}
