import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyTable } from './key-table';

describe('KeyTable', () => {
  it('finds every key added, by text not by instance, and nothing else, as a Map does', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 400 }), fc.array(fc.string({ maxLength: 40 }), { maxLength: 50 }), (keys, probes) => {
        const table = new KeyTable();
        const map = new Map<string, number>();
        for (const key of keys) {
          if (map.has(key)) continue;
          map.set(key, map.size);
          table.set(key, map.size - 1);
        }
        expect(table.size).toBe(map.size);
        for (const [key, value] of map) expect(table.get(key.split('').join(''))).toBe(value);
        for (const probe of probes) expect(table.get(probe)).toBe(map.get(probe) ?? -1);
      }),
    );
  });

  it('keeps keys that share a hash slot apart (empty key, one-character keys, long keys)', () => {
    const table = new KeyTable();
    const keys = ['', 'a', 'b', 'SKU-1\u001fDE', 'SKU-1\u001fFR', 'x'.repeat(3000), `${'x'.repeat(2999)}y`];
    keys.forEach((k, i) => table.set(k, i));
    keys.forEach((k, i) => expect(table.get(k)).toBe(i));
    expect(table.get('c')).toBe(-1);
    expect(table.get('x'.repeat(2999))).toBe(-1);
  });
});
