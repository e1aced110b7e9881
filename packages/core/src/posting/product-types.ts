/**
 * Product types (A2X product-type grouping): the first rule, in the account's order, whose SKU list
 * holds a SKU or whose pattern matches it names the SKU's type; a SKU no rule catches is
 * 'Unassigned'. The aggregator and the settings screen's preview both classify with this matcher.
 *
 * Patterns run on every SKU of every settlement on the server, so they run on RE2's engine (re2js, a
 * pure JavaScript port of RE2, also usable in the browser): matching is linear in the SKU's length
 * whatever the pattern, where JavaScript's backtracking RegExp could block the event loop for minutes
 * on a pattern such as '[^!]*' repeated 30 times followed by '!'. The syntax is RE2's, which is
 * JavaScript's without look-around, back-references and the \u escape (\x{00E9} instead).
 */
import { RE2JS } from 're2js';
import type { ProductTypeRule } from './model';

/** The spec's label and value of the product type of a SKU no rule catches. */
export const UNASSIGNED_PRODUCT_TYPE = { label: 'Unassigned', value: 'unassigned' } as const;

export const PRODUCT_TYPE_PATTERN_LENGTH_MAX = 200;

/** Returns sku -> product type name. Patterns must have passed checkProductTypePattern. */
export function createProductTypeMatcher(rules: readonly ProductTypeRule[]): (sku: string) => string {
  const compiled = rules.map((r) => ({ name: r.name, skus: new Set(r.skus ?? []), pattern: r.pattern ? compileRuleOf(r.name, r.pattern) : null }));
  return (sku) => compiled.find((r) => r.skus.has(sku) || (r.pattern !== null && r.pattern.test(sku)))?.name ?? UNASSIGNED_PRODUCT_TYPE.label;
}

/** Why a pattern cannot be used, or null when it can: at most 200 characters of RE2 syntax. */
export function checkProductTypePattern(pattern: string): string | null {
  if (pattern.length > PRODUCT_TYPE_PATTERN_LENGTH_MAX) return `The pattern must be at most ${PRODUCT_TYPE_PATTERN_LENGTH_MAX} characters.`;
  if (/\\[1-9]|\\k</.test(pattern)) return 'The pattern refers back to a group (such as \\1); write it without back-references.';
  if (/\(\?<?[=!]/.test(pattern)) return 'The pattern looks ahead or behind ((?= (?! (?<= (?<!), which product type patterns do not support; write it without look-around.';
  try {
    RE2JS.compile(pattern);
  } catch (e) {
    return `The pattern is not a valid regular expression: ${(e as Error).message.replace(/^error parsing regexp: /, '')}`;
  }
  return null;
}

/** A saved pattern that no longer compiles is a broken invariant: say which product type holds it. */
function compileRuleOf(name: string, pattern: string): RE2JS {
  try {
    return RE2JS.compile(pattern);
  } catch (e) {
    throw new Error(`The pattern "${pattern}" of product type "${name}" cannot be used (${(e as Error).message}); edit it under Settings, Product Types.`, { cause: e });
  }
}
