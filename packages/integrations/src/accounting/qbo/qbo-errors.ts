/**
 * QuickBooks Online's Fault bodies, `{ Fault: { Error: [{ Message, Detail, code, element }], type } }`,
 * as a bookkeeper reads them. The codes that need a specific hint are named here.
 */
import type { AccountingFailure } from '@ledgerport/core/posting';
import { failureKindOf } from '../shared/vendor-http';

// 401s come in lower case ({ fault: { error: [{ message, detail, code }] } }), other faults capitalised.
interface QboFaultError {
  Message?: string;
  message?: string;
  Detail?: string;
  detail?: string;
  code?: string;
  element?: string;
}

interface QboFault {
  Fault?: { Error?: QboFaultError[]; error?: QboFaultError[]; type?: string };
  fault?: QboFault['Fault'];
}

const HINTS: Record<string, string> = {
  '6000': 'QuickBooks refused the journal entry',
  '6140': 'QuickBooks already has a journal entry with this number',
  '2500': 'An account or tax code in the mappings no longer exists in QuickBooks: refresh the chart of accounts and check the mappings',
  '2020': 'A required field is missing',
  '610': 'The document no longer exists in QuickBooks',
  '5010': 'The document was changed in QuickBooks meanwhile',
  '3200': 'QuickBooks did not accept this connection. Reconnect QuickBooks Online from the admin page',
  '3100': 'QuickBooks did not accept this connection. Reconnect QuickBooks Online from the admin page',
  '6190': 'The QuickBooks subscription of this company has lapsed',
  '6210': 'The date is in a period QuickBooks has closed',
};

export function describeQboError(status: number, body: unknown): AccountingFailure {
  const fault = (body && typeof body === 'object' ? ((body as QboFault).Fault ?? (body as QboFault).fault) : undefined) ?? {};
  const errors = (fault.Error ?? fault.error ?? []).map((e) => ({ Message: e.Message ?? e.message, Detail: e.Detail ?? e.detail, code: e.code, element: e.element }));
  const detail = typeof body === 'string' ? body : JSON.stringify(body);
  let kind = failureKindOf(status);
  if (fault.type === 'AuthenticationFault' || fault.type === 'AUTHENTICATION' || errors.some((e) => e.code === '3200' || e.code === '3100')) kind = 'auth';
  if (errors.some((e) => e.code === '610')) kind = 'not-found';
  if (errors.some((e) => e.code === '5010')) kind = 'conflict';
  if (kind === 'rate-limit') return { kind, message: 'QuickBooks asked us to slow down (500 calls per minute, 10 per second). The send will be retried automatically.', detail };
  if (errors.length === 0) {
    if (kind === 'auth') return { kind, message: 'QuickBooks did not accept this connection. Reconnect QuickBooks Online from the admin page.', detail };
    if (kind === 'unavailable') return { kind, message: 'QuickBooks Online is not available at the moment. Try again shortly.', detail };
    return { kind, message: `QuickBooks refused the request (HTTP ${status}).`, detail };
  }
  const parts = errors.map((e) => {
    const hint = e.code ? HINTS[e.code] : undefined;
    const what = e.Detail ?? e.Message ?? '';
    const head = hint ?? e.Message ?? 'QuickBooks refused the request';
    return `${head}${what && what !== head ? `: ${what}` : ''}${e.element ? ` (field ${e.element})` : ''}${e.code ? ` [code ${e.code}]` : ''}`;
  });
  return { kind, message: `${parts.join('; ')}.`.replace(/\.\.$/, '.'), detail };
}
