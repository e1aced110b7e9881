import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkProductTypePattern, createProductTypeMatcher, UNASSIGNED_PRODUCT_TYPE } from './product-types';

const sku = fc.stringMatching(/^[A-Z0-9-]{1,12}$/);
const rule = fc.record({ name: fc.stringMatching(/^[A-Za-z]{1,8}$/), skus: fc.array(sku, { maxLength: 5 }), prefix: fc.option(fc.stringMatching(/^[A-Z]{1,3}$/), { nil: undefined }) });

describe('product types', () => {
  it('names a SKU after the first rule (in order) that lists it or matches it, else Unassigned', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 5 }), fc.array(sku, { maxLength: 20 }), (rules, skus) => {
        const asRules = rules.map((r) => ({ name: r.name, skus: r.skus, ...(r.prefix ? { pattern: `^${r.prefix}` } : {}) }));
        const match = createProductTypeMatcher(asRules);
        for (const s of skus) {
          const first = rules.find((r) => r.skus.includes(s) || (r.prefix !== undefined && s.startsWith(r.prefix)));
          expect(match(s)).toBe(first?.name ?? UNASSIGNED_PRODUCT_TYPE.label);
        }
      }),
    );
  });

  it('accepts an ordinary pattern', () => {
    expect(checkProductTypePattern('^TENT-(S|M|L)$')).toBeNull();
    expect(checkProductTypePattern('\\d+-[A-Z]{2}')).toBeNull();
  });

  it('refuses an invalid regular expression and says why', () => {
    expect(checkProductTypePattern('TENT-(')).toMatch(/not a valid regular expression/);
  });

  it('accepts the nested repetitions JavaScript would backtrack on, since matching is linear', () => {
    expect(checkProductTypePattern('^(a+)+$')).toBeNull();
    expect(checkProductTypePattern('(\\w*)*x')).toBeNull();
    expect(checkProductTypePattern('^(a|ab)*$')).toBeNull();
    expect(checkProductTypePattern('^(TENT|BAG)-[0-9]+(-XL|-L)?$')).toBeNull();
    expect(checkProductTypePattern('^[(|+]+x$')).toBeNull();
  });

  it('refuses back-references and look-around, which a linear-time engine cannot run, naming them', () => {
    expect(checkProductTypePattern('(a)\\1')).toMatch(/refers back/);
    expect(checkProductTypePattern('^TENT-(?!XL)')).toMatch(/looks ahead or behind/);
    expect(checkProductTypePattern('(?<=BAG-)\\d+')).toMatch(/looks ahead or behind/);
    expect(checkProductTypePattern('\\u00e9')).toMatch(/not a valid regular expression: invalid escape sequence/);
    expect(checkProductTypePattern('\\x{00E9}')).toBeNull();
  });

  it('answers at once on patterns that block a backtracking engine for minutes', () => {
    // Before: RegExp ran these on the event loop far beyond the test's timeout (12 repetitions of the
    // first already take 4 s on 40 quotes; 28 fit in the 200 characters; 18 of the second, 111 s on 17 letters).
    const quotes = "'[^!]*'".repeat(28) + '!';
    const words = '\\w*'.repeat(18) + '!';
    for (const pattern of [quotes, words]) expect(checkProductTypePattern(pattern)).toBeNull();
    const match = createProductTypeMatcher([
      { name: 'Quoted', pattern: quotes },
      { name: 'Words', pattern: words },
    ]);
    expect(["'a'".repeat(15), "'".repeat(60), 'A'.repeat(17)].map(match)).toEqual(['Unassigned', 'Unassigned', 'Unassigned']);
    expect(match("'".repeat(56) + '!')).toBe('Quoted');
    expect(match('SKU!')).toBe('Words');
  });

  it('matches like a regular expression search anywhere in the SKU', () => {
    const match = createProductTypeMatcher([{ name: 'Tents', pattern: '^TENT-(S|M|L)$' }, { name: 'Sized', pattern: '\\d+-[A-Z]{2}' }]);
    expect(['TENT-M', 'TENT-XL', 'X12-AB9', 'AB'].map(match)).toEqual(['Tents', 'Unassigned', 'Sized', 'Unassigned']);
  });

  it('says which product type holds a saved pattern that cannot be compiled', () => {
    expect(() => createProductTypeMatcher([{ name: 'Old', pattern: '(?=x)' }])).toThrow(/pattern "\(\?=x\)" of product type "Old"/);
  });

  it('refuses a pattern longer than the limit', () => {
    expect(checkProductTypePattern('a'.repeat(201))).toMatch(/at most 200/);
  });
});
