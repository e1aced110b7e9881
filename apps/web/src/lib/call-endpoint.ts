/**
 * Calls one contract entry: its method and url (`:name` segments filled from params), the query and
 * the JSON body. A control that calls an entry this way is gated by the same entry (`CallGate`,
 * `useMayCall`: decision 0054), so what the screen offers is what it calls. Kept out of api-client.ts,
 * which is part of the first load.
 */
import type { Endpoint, ResponseOf } from '@ledgerport/contract';
import { apiRequest, type RequestOptions } from './api-client';

export function callEndpoint<E extends Endpoint>(
  entry: E,
  request: { params?: Record<string, string>; query?: RequestOptions['query']; body?: unknown } = {},
): Promise<ResponseOf<E>> {
  const path = entry.url.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? ''));
  return apiRequest<ResponseOf<E>>(entry.method, path, { query: request.query, body: request.body });
}
