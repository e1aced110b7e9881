import { describe, expect, it } from 'vitest';
import { toAccountingSystem } from './accounting-systems';

describe('accounting connect routing rules', () => {
  it('maps the route parameter to the contract system and refuses others', () => {
    expect(['xero', 'qbo', 'sage', 'netsuite', 'myob'].map(toAccountingSystem)).toEqual(['XERO', 'QBO', 'SAGE', 'NETSUITE', null]);
  });
});
