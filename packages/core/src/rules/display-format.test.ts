import { describe, expect, it } from 'vitest';
import { buildFooterText, countOf, formatCurrency, formatDateValue, formatTimestamp } from './display-format';

describe('formatCurrency', () => {
  it('shows USD with two decimals and grouping', () => expect(formatCurrency('1234.5', 'USD')).toBe('$1,234.50'));
  it("shows '--' for a missing value", () => {
    expect(formatCurrency(null, 'USD')).toBe('--');
    expect(formatCurrency('', 'USD')).toBe('--');
  });
  it('falls back to USD for an unknown code', () => expect(formatCurrency('10', 'XYZ')).toBe('$10.00'));
  it('rounds half away from zero to the minor unit', () => expect(formatCurrency('-0.005', 'USD')).toBe('-$0.01'));
  it('keeps large amounts exact', () => expect(formatCurrency('123456789012345.67', 'USD')).toBe('$123,456,789,012,345.67'));
  it('uses the currency symbol', () => expect(formatCurrency('-12.3', 'EUR')).toBe('-€12.30'));
});

describe('dates', () => {
  it("formats a date 'MMM dd yyyy' by default", () => expect(formatDateValue('2026-11-02')).toBe('Nov 02 2026'));
  it("formats 'dd MMM yyyy' on request", () => expect(formatDateValue('2026-11-02', 'dd MMM yyyy')).toBe('02 Nov 2026'));
  it('formats timestamps in UTC by default', () => expect(formatTimestamp('2026-11-22T23:30:05Z')).toBe('2026-11-22 23:30:05'));
  it('formats timestamps in a given zone', () => expect(formatTimestamp('2026-11-22T23:30:05Z', 'Europe/Paris')).toBe('2026-11-23 00:30:05'));
  it("shows '--' for a missing or invalid date", () => {
    expect(formatDateValue(undefined)).toBe('--');
    expect(formatDateValue('not a date')).toBe('--');
  });
});

describe('footer', () => {
  it('runs from 2014 to the current year', () => expect(buildFooterText(2026)).toBe('© 2014–2026 Ledgerport'));
});

describe('countOf', () => {
  it('puts the noun in the singular for one and the plural otherwise', () => {
    expect(countOf(1, 'type')).toBe('1 type');
    expect(countOf(0, 'type')).toBe('0 types');
    expect(countOf(2, 'type')).toBe('2 types');
    expect(countOf(1_200, 'settlement')).toBe('1,200 settlements');
    expect(countOf(3, 'entry', 'entries')).toBe('3 entries');
  });
});
