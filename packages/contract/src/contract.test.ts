import { describe, expect, it } from 'vitest';
import { login, getAccount, addFeatureFlags, getQuestionnaire, type Endpoint } from './index';
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

describe('path parameters', () => {
  it('every :name segment of a url has its params schema, and every params schema names segments of its url', async () => {
    const contract = await import('./index');
    const endpoints = (Object.values(contract) as unknown[]).filter((v): v is Endpoint => typeof v === 'object' && v !== null && 'url' in v && 'method' in v && 'access' in v);
    for (const e of endpoints) {
      const segments = [...e.url.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const keys = e.params ? Object.keys((e.params as unknown as { shape: Record<string, unknown> }).shape).sort() : [];
      expect(keys, `${e.method} ${e.url}`).toEqual(segments);
    }
    expect(getQuestionnaire.params.safeParse({ id: 'acme\u0000' }).error?.issues[0]?.message).toMatch(/control character/);
  });
});
