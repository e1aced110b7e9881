/**
 * Product types (A2X product-type grouping): the first rule, in the account's order, whose SKU list
 * holds a SKU or whose pattern matches it names the SKU's type; a SKU no rule catches is
 * 'Unassigned'. The aggregator and the settings screen's preview both classify with this matcher.
 */
import type { ProductTypeRule } from './model';

/** The spec's label and value of the product type of a SKU no rule catches. */
export const UNASSIGNED_PRODUCT_TYPE = { label: 'Unassigned', value: 'unassigned' } as const;

export const PRODUCT_TYPE_PATTERN_LENGTH_MAX = 200;

/** Returns sku -> product type name. Patterns must have passed checkProductTypePattern. */
export function createProductTypeMatcher(rules: readonly ProductTypeRule[]): (sku: string) => string {
  const compiled = rules.map((r) => ({ name: r.name, skus: new Set(r.skus ?? []), regex: r.pattern ? new RegExp(r.pattern) : null }));
  return (sku) => compiled.find((r) => r.skus.has(sku) || (r.regex !== null && r.regex.test(sku)))?.name ?? UNASSIGNED_PRODUCT_TYPE.label;
}

/**
 * Why a pattern cannot be used, or null when it can. Patterns run on every SKU of every settlement
 * on the server, so besides being valid JavaScript regular expressions they must be short and free
 * of a quantified group that itself ends in a quantifier ("(a+)+"), the classic catastrophic
 * backtracking shape.
 */
export function checkProductTypePattern(pattern: string): string | null {
  if (pattern.length > PRODUCT_TYPE_PATTERN_LENGTH_MAX) return `The pattern must be at most ${PRODUCT_TYPE_PATTERN_LENGTH_MAX} characters.`;
  try {
    new RegExp(pattern);
  } catch (e) {
    return `The pattern is not a valid regular expression: ${(e as Error).message.replace(/^Invalid regular expression: /, '')}`;
  }
  if (/[+*}]\)[+*{]/.test(pattern.replace(/\\./g, ''))) {
    return 'The pattern repeats a group that already repeats (such as "(a+)+"), which can take forever on a long SKU; write it without the nested repetition.';
  }
  return null;
}
