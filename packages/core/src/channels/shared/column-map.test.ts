import { describe, expect, it } from 'vitest';
import { fieldOf, headerMatchRatio, mapColumns, normalizeHeaderName } from './column-map';
import { decimalSeparatorOf, sniffDecimalSeparator } from './sniff-decimal-separator';

describe('mapColumns', () => {
  it('finds columns by name ignoring case, spaces, dashes and accents, with aliases per language', () => {
    const map = mapColumns(['\ufeffDatum', 'Gross Amount', 'Gebühr'], { date: ['Date', 'Datum'], gross: ['gross-amount'], fee: ['Gebuhr', 'Fee'], net: ['Net'] });
    expect(map.index).toEqual({ date: 0, gross: 1, fee: 2, net: -1 });
    expect(map.missing).toEqual(['net']);
  });
  it('reads an absent column or short row as empty', () => {
    expect([fieldOf(['a'], -1), fieldOf(['a'], 3)]).toEqual(['', '']);
  });
  it('measures how much of a header matches', () => {
    expect(headerMatchRatio('settlement-id\ttotal-amount\tx', ['settlement-id', 'total-amount', 'amount', 'sku'])).toBe(0.5);
    expect(normalizeHeaderName(' Total_Amount ')).toBe('totalamount');
  });
});

describe('decimal separator sniffing', () => {
  it('reads the separator from one value when it can', () => {
    expect([decimalSeparatorOf('53,44'), decimalSeparatorOf('4.626,81'), decimalSeparatorOf('"1,653.75"'), decimalSeparatorOf('1,234'), decimalSeparatorOf('1200')]).toEqual([',', ',', '.', undefined, undefined]);
  });
  it('takes the majority over a sample', () => {
    expect(sniffDecimalSeparator(['1,234', '-32,40', '179,99'])).toBe(',');
    expect(sniffDecimalSeparator(['1200'])).toBeUndefined();
  });
});
