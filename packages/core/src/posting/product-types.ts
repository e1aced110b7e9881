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
 * on the server, where a backtracking blow-up would stall every account, so besides being valid
 * JavaScript regular expressions they must be short, without back-references, and never repeat
 * (* + {n,}) a group that holds its own repetition or alternatives ("(a+)+", "(a|ab)*"): the shapes
 * of catastrophic backtracking. An optional group ("(-XL|-L)?") and a plain group are fine.
 */
export function checkProductTypePattern(pattern: string): string | null {
  if (pattern.length > PRODUCT_TYPE_PATTERN_LENGTH_MAX) return `The pattern must be at most ${PRODUCT_TYPE_PATTERN_LENGTH_MAX} characters.`;
  try {
    new RegExp(pattern);
  } catch (e) {
    return `The pattern is not a valid regular expression: ${(e as Error).message.replace(/^Invalid regular expression: /, '')}`;
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'The pattern refers back to a group (such as \\1); write it without back-references.';
  if (hasRepeatedComplexGroup(pattern)) {
    return 'The pattern repeats a group that itself repeats or has alternatives (such as "(a+)+" or "(a|ab)*"), which can take forever on a long SKU; write it without the nested repetition.';
  }
  return null;
}

/** A group followed by * + or {n, whose body holds a quantifier or a '|' (escapes and [classes] skipped). */
function hasRepeatedComplexGroup(pattern: string): boolean {
  const open: { isComplex: boolean }[] = [];
  let lastClosed: { isComplex: boolean } | null = null;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      i++;
      lastClosed = null;
      continue;
    }
    if (c === '[') {
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
      lastClosed = null;
      continue;
    }
    const isRepeat = c === '*' || c === '+' || (c === '{' && /^\{\d+,/.test(pattern.slice(i)));
    if (isRepeat && lastClosed?.isComplex) return true;
    if (c === '(') open.push({ isComplex: false });
    else if (c === ')') lastClosed = open.pop() ?? null;
    else lastClosed = null;
    if (c === ')' && lastClosed && open.length > 0 && lastClosed.isComplex) open[open.length - 1]!.isComplex = true;
    if ((c === '|' || c === '*' || c === '+' || c === '{' || (c === '?' && pattern[i - 1] !== '(')) && open.length > 0) open[open.length - 1]!.isComplex = true;
  }
  return false;
}
