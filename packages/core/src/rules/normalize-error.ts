/**
 * Error normalisation of spec section 8: whatever failed (a response, the network, a timeout, a bug)
 * becomes one `{ message, status, code }` the web can show in a toast or branch on.
 */
export interface NormalizedError {
  message: string;
  /** HTTP status, or 0 when no response came back. */
  status: number;
  /** The contract's namespaced code when the server sent one. */
  code?: string;
}

export const UNEXPECTED_ERROR = 'Unexpected error. Please try later.';
export const SOMETHING_WENT_WRONG = 'Something went wrong, please try later.';
export const NETWORK_ERROR = 'Network error. Please try again later.';

export type FailureInput =
  | { kind: 'response'; status: number; contentType: string; bodyText: string }
  | { kind: 'network' }
  | { kind: 'timeout'; path: string }
  | { kind: 'other'; error: unknown };

/** Status over 399 is a failure. */
export function isFailureStatus(status: number): boolean {
  return status > 399;
}

/** A body is an error if it has message, error, posterr, or status 500. */
export function isErrorBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return 'message' in b || 'error' in b || 'posterr' in b || b.status === 500 || b.status === '500';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isHtml = (contentType: string, text: string) => contentType.includes('text/html') || /^\s*</.test(text);

export function normalizeError(input: FailureInput): NormalizedError {
  switch (input.kind) {
    case 'other':
      return { message: UNEXPECTED_ERROR, status: 0 };
    case 'network':
      return { message: NETWORK_ERROR, status: 0 };
    case 'timeout':
      return { message: `The request to ${input.path} timed out.`, status: 0, code: 'ECONNABORTED' };
    case 'response':
      return normalizeResponse(input.status, input.contentType, input.bodyText);
  }
}

function normalizeResponse(status: number, contentType: string, bodyText: string): NormalizedError {
  if (status === 502 || bodyText.trim() === '' || isHtml(contentType, bodyText)) return { message: SOMETHING_WENT_WRONG, status };
  const body = parseJson(bodyText);
  if (typeof body !== 'object' || body === null) return { message: bodyText.trim() || SOMETHING_WENT_WRONG, status };
  const b = body as Record<string, unknown>;
  const message = typeof b.message === 'string' ? b.message : undefined;
  if (message !== undefined && (typeof b.httpStatusCode === 'number' || typeof b.code === 'string')) {
    const out: NormalizedError = { message, status: typeof b.httpStatusCode === 'number' ? b.httpStatusCode : status };
    if (typeof b.code === 'string') out.code = b.code;
    return out;
  }
  const text = message ?? (typeof b.error === 'string' ? b.error : typeof b.posterr === 'string' ? b.posterr : undefined);
  return { message: text ?? SOMETHING_WENT_WRONG, status };
}
