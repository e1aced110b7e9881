/**
 * The stored values a group's selector stands for, so its lines can be found with plain equality
 * (the drill-down from a document line to its source rows): the SKUs a product type covers, and the
 * marketplaces a country covers. Read the same way as the aggregator groups lines (settlement-aggregator.ts):
 * a line without a SKU has no product type; a line without a marketplace is in the settlement's country.
 */
import { countryOfMarketplace } from './marketplace-country';
import type { ProductTypeRule } from './model';
import { createProductTypeMatcher } from './product-types';

/** The SKUs among `skus` that the rules put in `productType` (the unmatched ones are in the default type). */
export function skusOfProductType(skus: readonly string[], rules: readonly ProductTypeRule[], productType: string): string[] {
  const match = createProductTypeMatcher(rules);
  return skus.filter((sku) => match(sku) === productType);
}

/**
 * The marketplaces among `marketplaces` in `country`, and whether lines without a marketplace are
 * (they are in the country of the settlement's own marketplace).
 */
export function marketplacesOfCountry(marketplaces: readonly string[], settlementMarketplace: string | null, country: string): { marketplaces: string[]; isUnsetIncluded: boolean } {
  return {
    marketplaces: marketplaces.filter((m) => countryOfMarketplace(m) === country),
    isUnsetIncluded: countryOfMarketplace(settlementMarketplace) === country,
  };
}
