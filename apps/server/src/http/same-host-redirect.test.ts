import { describe, expect, it } from 'vitest';
import { isSameHostRedirect } from './same-host-redirect';

describe('isSameHostRedirect', () => {
  it('accepts relative paths and absolute URLs on the request host', () => {
    expect(isSameHostRedirect('/app/settlements?x=1', '127.0.0.1:8070')).toBe(true);
    expect(isSameHostRedirect('http://127.0.0.1:8070/app/admin', '127.0.0.1:8070')).toBe(true);
  });

  it('refuses other hosts, other ports and protocol-relative or backslash tricks', () => {
    for (const target of ['https://evil.example/', 'http://127.0.0.1:9999/app/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '']) {
      expect(isSameHostRedirect(target, '127.0.0.1:8070'), target).toBe(false);
    }
  });

  it('refuses everything when the request has no host', () => {
    expect(isSameHostRedirect('/app/', undefined)).toBe(false);
  });
});
