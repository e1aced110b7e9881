import { describe, expect, it } from 'vitest';
import { isErrorBody, isFailureStatus, normalizeError } from './normalize-error';

const response = (status: number, bodyText: string, contentType = 'application/json') =>
  normalizeError({ kind: 'response', status, bodyText, contentType });

describe('normalizeError', () => {
  it('turns a non-HTTP error into the unexpected-error message', () =>
    expect(normalizeError({ kind: 'other', error: new TypeError('x is undefined') })).toEqual({ message: 'Unexpected error. Please try later.', status: 0 }));
  it('uses the message and code of a contract error body', () =>
    expect(response(403, JSON.stringify({ message: 'Access Token has expired.', code: 'auth.access-token-expired', httpStatusCode: 403 }))).toEqual({
      message: 'Access Token has expired.',
      status: 403,
      code: 'auth.access-token-expired',
    }));
  it('takes the status from httpStatusCode', () => expect(response(200, JSON.stringify({ message: 'Nope', httpStatusCode: 409 })).status).toBe(409));
  it('answers a 502 with the generic message', () => expect(response(502, '{"message":"bad gateway"}').message).toBe('Something went wrong, please try later.'));
  it('answers an empty body with the generic message', () => expect(response(500, '').message).toBe('Something went wrong, please try later.'));
  it('answers an HTML body with the generic message', () =>
    expect(response(500, '<html><body>oops</body></html>', 'text/html').message).toBe('Something went wrong, please try later.'));
  it('uses an error field when there is no message', () => expect(response(400, '{"error":"Bad date"}').message).toBe('Bad date'));
  it('names the path of a timed-out request', () =>
    expect(normalizeError({ kind: 'timeout', path: '/user-meta' }).message).toBe('The request to /user-meta timed out.'));
  it('reports a network failure', () => expect(normalizeError({ kind: 'network' }).message).toBe('Network error. Please try again later.'));
});

describe('error detection', () => {
  it('a body with message, error, posterr or status 500 is an error', () => {
    expect(isErrorBody({ message: 'x' })).toBe(true);
    expect(isErrorBody({ posterr: 'x' })).toBe(true);
    expect(isErrorBody({ status: 500 })).toBe(true);
    expect(isErrorBody({ accounts: [] })).toBe(false);
  });
  it('a status over 399 is a failure', () => {
    expect(isFailureStatus(399)).toBe(false);
    expect(isFailureStatus(400)).toBe(true);
  });
});
