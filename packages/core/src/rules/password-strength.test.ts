import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, PASSWORD_LENGTH_MIN } from './password-strength';

describe('password strength', () => {
  it('accepts a long password with letters and digits', () => expect(checkPasswordStrength('correct horse 42')).toEqual({ isStrong: true }));

  it('refuses a short one, saying how long it must be', () =>
    expect(checkPasswordStrength('abc123!')).toEqual({ isStrong: false, problem: 'The password must be at least 10 characters long.' }));

  it('refuses letters only and digits only', () => {
    expect(checkPasswordStrength('onlyletterswords')).toEqual({ isStrong: false, problem: 'The password needs at least one letter and at least one digit or symbol.' });
    expect(checkPasswordStrength('12345678901234')).toMatchObject({ isStrong: false });
  });

  it('refuses a short sequence repeated', () => expect(checkPasswordStrength('ab1ab1ab1ab1')).toEqual({ isStrong: false, problem: 'The password must not be one character or a short sequence repeated.' }));

  it("refuses the person's email or name inside it, whatever the case", () => {
    expect(checkPasswordStrength('Mariposa-2026!', { email: 'mariposa@example.com' })).toEqual({ isStrong: false, problem: 'The password must not contain your email address or name.' });
    expect(checkPasswordStrength('xx-Gonzalez-77', { name: 'Ana Gonzalez' })).toMatchObject({ isStrong: false });
    expect(checkPasswordStrength('Ana-2026-river', { name: 'Ana Gonzalez' })).toEqual({ isStrong: true });
  });

  it('counts characters, not UTF-16 units', () => expect(checkPasswordStrength('🔒🔒🔒🔒🔒ab1')).toMatchObject({ isStrong: false }));

  it('never accepts anything shorter than the minimum', () =>
    fc.assert(fc.property(fc.string({ maxLength: PASSWORD_LENGTH_MIN - 1 }), (p) => !checkPasswordStrength(p).isStrong)));
});
