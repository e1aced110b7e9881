import { describe, expect, it } from 'vitest';
import { isSameHostRedirect, toLocationHeader } from './same-host-redirect';

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

describe('toLocationHeader', () => {
  it('percent-encodes what a header cannot hold and keeps a relative target relative', () => {
    expect(toLocationHeader('/app/caf\u00e9?q=\u0100#x', '127.0.0.1:8070')).toBe('/app/caf%C3%A9?q=%C4%80#x');
    expect(toLocationHeader('http://127.0.0.1:8070/app/\u0100', '127.0.0.1:8070')).toBe('http://127.0.0.1:8070/app/%C4%80');
    expect(toLocationHeader('/app/admin', '127.0.0.1:8070')).toBe('/app/admin');
  });
});
