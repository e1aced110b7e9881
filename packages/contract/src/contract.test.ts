import { describe, expect, it } from 'vitest';
import { login, getAccount, addFeatureFlags } from './index';
import { errorStatusByCode, statusOfErrorCode } from './errors';

describe('error codes', () => {
  it('maps the session codes to the statuses of spec section 8', () => {
    expect(errorStatusByCode['auth.access-token-expired']).toBe(403);
    expect(errorStatusByCode['auth.refresh-token-expired']).toBe(401);
    expect(errorStatusByCode['auth.rate-limited']).toBe(429);
  });

  it('treats an unknown code as a server error', () => {
    expect(statusOfErrorCode('no.such-code')).toBe(500);
  });
});

describe('request schemas', () => {
  it('rejects an unknown query parameter', () => {
    const result = getAccount.querystring.safeParse({ accountKey: 'a', sort: 'name' });
    expect(result.success).toBe(false);
  });

  it('names the missing field of a sign-in', () => {
    const result = login.body.safeParse({ email: 'a@b.c' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['password']);
  });

  it('accepts only the spec feature flag names', () => {
    expect(addFeatureFlags.body.safeParse({ accountKey: 'a', featureFlagsToAdd: ['NEW_ADMIN_PAGE'] }).success).toBe(true);
    expect(addFeatureFlags.body.safeParse({ accountKey: 'a', featureFlagsToAdd: ['MADE_UP'] }).success).toBe(false);
  });
});
