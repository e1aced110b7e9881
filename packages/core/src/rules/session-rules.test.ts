import { describe, expect, it } from 'vitest';
import { acceptSameHostRedirect, isInternalDeveloper, isTokenExpired, nameInitials, resolveIdleDurations, toastAutoCloseMs } from './session-rules';

const now = Date.parse('2026-11-22T12:00:00Z');

describe('token expiry', () => {
  it('is expired when no expiry is stored', () => expect(isTokenExpired(null, now)).toBe(true));
  it('is expired when now is past the expiry', () => expect(isTokenExpired('2026-11-22T11:59:59Z', now)).toBe(true));
  it('is valid before the expiry', () => expect(isTokenExpired('2026-11-22T12:15:00Z', now)).toBe(false));
});

describe('same-host redirects', () => {
  const origin = 'http://127.0.0.1:8070';
  it('accepts an in-app path', () => expect(acceptSameHostRedirect('/app/settlements?x=1', origin)).toBe('/app/settlements?x=1'));
  it('accepts a full address on the same host', () => expect(acceptSameHostRedirect('http://127.0.0.1:8070/app/mapping', origin)).toBe('/app/mapping'));
  it('refuses another host', () => expect(acceptSameHostRedirect('https://evil.example/app/admin', origin)).toBeUndefined());
  it('refuses protocol-relative addresses', () => expect(acceptSameHostRedirect('//evil.example/app', origin)).toBeUndefined());
  it('refuses javascript: addresses', () => expect(acceptSameHostRedirect('javascript:alert(1)', origin)).toBeUndefined());
});

describe('idle timer', () => {
  it('applies only to developers with an internal address', () => {
    expect(isInternalDeveloper({ developer: true, email: 'dev@ledgerport.com' })).toBe(true);
    expect(isInternalDeveloper({ developer: true, email: 'dev@example.com' })).toBe(false);
    expect(isInternalDeveloper({ developer: false, email: 'ops@ledgerport.com' })).toBe(false);
  });
  it('defaults to 8 hours and a 5 minute warning', () => expect(resolveIdleDurations({})).toEqual({ timeoutMs: 28_800_000, warningMs: 300_000 }));
  it('takes overrides that are positive whole numbers and ignores others', () =>
    expect(resolveIdleDurations({ timeoutMs: '60000', warningMs: 'soon' })).toEqual({ timeoutMs: 60_000, warningMs: 300_000 }));
});

describe('toasts', () => {
  it('hide a short toast after 3000 ms', () => expect(toastAutoCloseMs('success', 'Saved', 'x'.repeat(49))).toBe(3000));
  it('give a toast of 50 or more characters 6000 ms, then hide it', () => expect(toastAutoCloseMs('success', undefined, 'x'.repeat(50))).toBe(6000));
  it('count the title too', () => expect(toastAutoCloseMs('info', 't'.repeat(50), 'ok')).toBe(6000));
  it('keep an error longest, whatever its length', () => {
    expect(toastAutoCloseMs('error', undefined, 'x')).toBe(8000);
    expect(toastAutoCloseMs('error', undefined, 'x'.repeat(200))).toBe(8000);
  });
  it('close every kind of toast by itself', () => {
    for (const kind of ['success', 'error', 'info', 'warning'] as const) for (const n of [0, 49, 50, 500]) expect(toastAutoCloseMs(kind, undefined, 'x'.repeat(n))).toBeGreaterThan(0);
  });
});

describe('name initials', () => {
  it('are the first two characters', () => expect(nameInitials('acme')).toBe('AC'));
  it("are 'NA' when empty", () => expect(nameInitials('  ')).toBe('NA'));
});
