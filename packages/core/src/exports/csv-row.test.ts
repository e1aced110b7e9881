import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvNumber, csvRow, escapeFormulaText, type CsvCell } from './csv-row';

const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];
const dangerousText = fc.tuple(fc.constantFrom(...FORMULA_STARTS), fc.string()).map(([first, rest]) => first + rest);
const safeText = fc.string().filter((s) => !FORMULA_STARTS.some((c) => s.startsWith(c)));
const decimal = fc.tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 4 })).map(([units, digits]) => {
  const text = (units < 0n ? -units : units).toString().padStart(digits + 1, '0');
  const sign = units < 0n ? '-' : '';
  return digits === 0 ? sign + text : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
});
const cell: fc.Arbitrary<CsvCell> = fc.oneof(dangerousText, safeText, fc.string(), decimal.map(csvNumber));
const parseBack = (text: string): string[][] => parse(text, { relax_column_count: true, record_delimiter: '\r\n' });

describe('CSV cells against formula injection', () => {
  it('prefixes an apostrophe to text that starts with = + - @ tab or CR, and leaves other text alone', () => {
    fc.assert(
      fc.property(dangerousText, safeText, (dangerous, safe) => {
        expect(escapeFormulaText(dangerous)).toBe(`'${dangerous}`);
        expect(escapeFormulaText(safe)).toBe(safe);
      }),
    );
  });

  it('writes numbers unchanged, negative ones included', () => {
    fc.assert(
      fc.property(decimal, (text) => {
        expect(csvRow([csvNumber(text)])).toBe(`${text}\r\n`);
      }),
    );
    // The same characters as text are escaped: only a cell written as a number stays one.
    expect(csvRow(['Fees', csvNumber('-12.50'), '-12.50'])).toBe("Fees,-12.50,'-12.50\r\n");
  });

  it('refuses to mark a text as a number', () => {
    expect(() => csvNumber('=1+2')).toThrow(/not a decimal number/);
    expect(() => csvNumber('-')).toThrow(/not a decimal number/);
  });

  it('parses back to the escaped texts and the unchanged numbers, row for row', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const text = rows.map(csvRow).join('');
        const expected = rows.map((row) => row.map((c) => (typeof c === 'string' ? escapeFormulaText(c) : c.csvNumber)));
        const parsed = parseBack(text);
        expect(parsed).toEqual(expected);
        // Nothing a spreadsheet would run: no value starts a formula, except a plain negative number.
        const runnable = parsed.flat().filter((v) => /^[=+\-@\t\r]/.test(v) && !/^-\d+(\.\d+)?$/.test(v));
        expect(runnable).toEqual([]);
      }),
    );
  });
});
