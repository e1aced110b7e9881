import { describe, expect, it } from 'vitest';
import type { ProductTypeRule } from './model';
import { marketplacesOfCountry, skusOfProductType } from './selector-values';

describe('skusOfProductType', () => {
  const rules: ProductTypeRule[] = [
    { name: 'Tents', skus: ['TENT-1'] },
    { name: 'Boots', skus: [], pattern: 'BOOT-*' },
  ];
  it('gives the SKUs the rules put in the type, in the order given', () => {
    expect(skusOfProductType(['BOOT-9', 'TENT-1', 'CUP-2', 'BOOT-1'], rules, 'Boots')).toEqual(['BOOT-9', 'BOOT-1']);
    expect(skusOfProductType(['BOOT-9', 'TENT-1', 'CUP-2'], rules, 'Tents')).toEqual(['TENT-1']);
  });
  it('puts every SKU no rule matches in Unassigned, and none in a type that does not exist', () => {
    expect(skusOfProductType(['BOOT-9', 'CUP-2'], rules, 'Unassigned')).toEqual(['CUP-2']);
    expect(skusOfProductType(['BOOT-9'], rules, 'Hats')).toEqual([]);
  });
});

describe('marketplacesOfCountry', () => {
  it("gives the marketplaces in the country, and counts lines without one in the settlement's country", () => {
    expect(marketplacesOfCountry(['Amazon.co.uk', 'Amazon.de', 'Amazon.com'], 'Amazon.co.uk', 'GB')).toEqual({ marketplaces: ['Amazon.co.uk'], isUnsetIncluded: true });
    expect(marketplacesOfCountry(['Amazon.co.uk', 'Amazon.de'], 'Amazon.co.uk', 'DE')).toEqual({ marketplaces: ['Amazon.de'], isUnsetIncluded: false });
    expect(marketplacesOfCountry([], null, 'US')).toEqual({ marketplaces: [], isUnsetIncluded: false });
  });
});
