import { describe, expect, it } from 'vitest';
import { toAccountingSystem } from './accounting-systems';
import { isForeignReferrer } from './use-strict-referrer';

describe('accounting connect routing rules', () => {
  it('maps the route parameter to the contract system and refuses others', () => {
    expect(['xero', 'qbo', 'sage', 'netsuite', 'myob'].map(toAccountingSystem)).toEqual(['XERO', 'QBO', 'SAGE', 'NETSUITE', null]);
  });

  it('strict referrer: another origin is refused, our own origin and a typed address are not', () => {
    expect(isForeignReferrer('https://evil.example/page', 'http://127.0.0.1:8171')).toBe(true);
    expect(isForeignReferrer('http://127.0.0.1:8171/app/admin', 'http://127.0.0.1:8171')).toBe(false);
    expect(isForeignReferrer('', 'http://127.0.0.1:8171')).toBe(false);
  });
});
