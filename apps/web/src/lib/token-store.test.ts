import { describe, expect, it } from 'vitest';
import { signIn } from '../test-support/fake-api';
import { STORAGE_KEYS, clearSession, readAccountKey, readTokenSet, writeAccountKey } from './token-store';

describe('token store', () => {
  it('clears the session but keeps the last login provider', () => {
    signIn();
    writeAccountKey('acc-1');
    localStorage.setItem(STORAGE_KEYS.lastLoginProvider, 'password');
    clearSession();
    expect(readTokenSet()).toBeUndefined();
    expect(readAccountKey()).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.lastLoginProvider)).toBe('password');
  });
  it('ignores a stored token set that is not one', () => {
    localStorage.setItem(STORAGE_KEYS.tokenSet, '{"accessToken":1}');
    expect(readTokenSet()).toBeUndefined();
  });
});
