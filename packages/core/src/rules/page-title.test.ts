import { describe, expect, it } from 'vitest';
import { buildPageTitle, truncateText } from './page-title';

describe('truncateText', () => {
  it('keeps text that fits', () => expect(truncateText('Acme Outdoor', 12)).toBe('Acme Outdoor'));
  it('cuts longer text to 11 characters plus an ellipsis', () => expect(truncateText('Acme Outdoor Co', 12)).toBe('Acme Outdoo…'));
  it('counts characters, not code units', () => expect(truncateText('😀😀😀😀', 3)).toBe('😀😀…'));
  it('returns an empty text for a zero maximum', () => expect(truncateText('abc', 0)).toBe(''));
  it("refuses a negative maximum with 'maxLength must be ≥ 0'", () => expect(() => truncateText('abc', -1)).toThrow('maxLength must be ≥ 0'));
});

describe('buildPageTitle', () => {
  it("is '{title} | Ledgerport' without an account", () => expect(buildPageTitle('Sign in')).toBe('Sign in | Ledgerport'));
  it('is prefixed by the account name cut to 12 characters', () =>
    expect(buildPageTitle('Admin', 'Acme Outdoor Co')).toBe('Acme Outdoo… - Admin | Ledgerport'));
  it('keeps a short account name whole', () => expect(buildPageTitle('Admin', 'Trial Shop')).toBe('Trial Shop - Admin | Ledgerport'));
});
