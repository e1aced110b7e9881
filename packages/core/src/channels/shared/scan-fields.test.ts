import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimalUnits } from '../../money/money';
import { FieldMemo, LastSlice, parsePlainCount, parsePlainDecimalUnits, rangeEquals, scanFields } from './scan-fields';

const fieldsOf = (text: string, start: number, end: number, max: number) => {
  const starts = new Int32Array(max + 1);
  const count = scanFields(text, start, end, '\t', starts);
  if (count > max) return 'more';
  return Array.from({ length: count }, (_, i) => text.slice(starts[i], starts[i + 1]! - 1));
};

describe('scanFields', () => {
  it('finds the same fields as split, empty ones included', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z\t]{0,6}$/), { minLength: 1, maxLength: 8 }), (parts) => {
        const line = parts.join('\t');
        const text = `x\n${line}\ny`;
        const expected = line.split('\t');
        expect(fieldsOf(text, 2, 2 + line.length, 64)).toEqual(expected);
      }),
    );
  });

  it('says there are more fields than expected instead of overrunning', () => {
    expect(fieldsOf('a\tb\tc', 0, 5, 2)).toBe('more');
    expect(fieldsOf('a\tb', 0, 3, 2)).toEqual(['a', 'b']);
  });
});

describe('rangeEquals and LastSlice', () => {
  it('compares a range with a value without slicing, length included', () => {
    expect(rangeEquals('xxAmazon.comyy', 2, 12, 'Amazon.com')).toBe(true);
    expect(rangeEquals('xxAmazon.comyy', 2, 11, 'Amazon.com')).toBe(false);
    expect(rangeEquals('xxAmazon.coMyy', 2, 12, 'Amazon.com')).toBe(false);
  });

  it('returns the very same string while the range repeats it', () => {
    const memo = new LastSlice();
    const first = memo.get('AFN\tAFN', 0, 3);
    expect(memo.get('AFN\tAFN', 4, 7)).toBe(first);
    expect(memo.get('MFN', 0, 3)).toBe('MFN');
  });
});

describe('parsePlainDecimalUnits', () => {
  it('agrees with parseDecimalUnits on every plain amount', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.stringMatching(/^[0-9]{1,11}$/), fc.option(fc.stringMatching(/^[0-9]{1,4}$/)), fc.constantFrom('.', ','), (minus, whole, frac, sep: '.' | ',') => {
        const text = `${minus ? '-' : ''}${whole}${frac === null ? '' : sep + frac}`;
        expect(parsePlainDecimalUnits(`\t${text}\t`, 1, 1 + text.length, sep)).toBe(parseDecimalUnits(text, sep));
      }),
    );
  });

  it('leaves anything else to parseDecimalUnits', () => {
    for (const text of ['', '-', '1,234.56', ' 5.00', '5.', '.5', '5.12345', '+5', '(5.00)', '$5', '123456789012', '5,00'] ) {
      expect(parsePlainDecimalUnits(text, 0, text.length, '.')).toBeUndefined();
    }
    expect(parsePlainDecimalUnits('-0.00', 0, 5, '.')).toBe(0n);
    expect(parsePlainDecimalUnits('12,5', 0, 4, ',')).toBe(125_000n);
  });
});

describe('parsePlainCount', () => {
  it('reads 1 to 9 digits and nothing else', () => {
    expect(parsePlainCount('x12y', 1, 3)).toBe(12);
    for (const text of ['', '-1', ' 1', '1.0', '1234567890']) expect(parsePlainCount(text, 0, text.length)).toBeUndefined();
  });
});

describe('FieldMemo', () => {
  it('recognises the remembered value in a range, and nothing before remember()', () => {
    const memo = new FieldMemo();
    expect(memo.matches('', 0, 0)).toBe(false);
    memo.remember('x\t2026-10-01 07:12:05 UTC\t', 2, 25);
    expect(memo.matches('2026-10-01 07:12:05 UTC', 0, 23)).toBe(true);
    expect(memo.matches('2026-10-01 07:12:06 UTC', 0, 23)).toBe(false);
    expect(memo.matches('2026-10-01 07:12:05 UTCX', 0, 24)).toBe(false);
    memo.forget();
    expect(memo.matches('2026-10-01 07:12:05 UTC', 0, 23)).toBe(false);
  });

  it('holds values longer than its first buffer', () => {
    const memo = new FieldMemo();
    const long = 'amzn1:crow:'.repeat(10);
    memo.remember(long, 0, long.length);
    expect(memo.matches(`\t${long}`, 1, long.length + 1)).toBe(true);
  });
});
