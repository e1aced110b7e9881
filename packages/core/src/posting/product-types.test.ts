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

  it('refuses a repeated group that already repeats (catastrophic backtracking)', () => {
    expect(checkProductTypePattern('^(a+)+$')).toMatch(/repeats a group/);
    expect(checkProductTypePattern('(\\w*)*x')).toMatch(/repeats a group/);
    expect(checkProductTypePattern('(ab)+')).toBeNull();
  });

  it('refuses a repeated group with alternatives, and back-references; accepts optional and plain groups', () => {
    expect(checkProductTypePattern('^(a|ab)*$')).toMatch(/repeats a group/);
    expect(checkProductTypePattern('(?:[A-Z]+-){2,}')).toMatch(/repeats a group/);
    expect(checkProductTypePattern('(a)\\1')).toMatch(/refers back/);
    expect(checkProductTypePattern('^(TENT|BAG)-[0-9]+(-XL|-L)?$')).toBeNull();
    expect(checkProductTypePattern('^[(|+]+x$')).toBeNull();
  });

  it('refuses a pattern longer than the limit', () => {
    expect(checkProductTypePattern('a'.repeat(201))).toMatch(/at most 200/);
  });
});
