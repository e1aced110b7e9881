/**
 * The page title rule of spec section 2: '{title} | Ledgerport', prefixed by the current account's
 * name cut to 12 characters (11 plus an ellipsis when longer).
 */
export const PRODUCT_NAME = 'Ledgerport';
export const ACCOUNT_NAME_TITLE_LENGTH = 12;

/** Cuts `text` to at most `maxLength` characters, the last one an ellipsis when something was cut. */
export function truncateText(text: string, maxLength: number): string {
  if (!(maxLength >= 0)) throw new RangeError('maxLength must be ≥ 0');
  const chars = Array.from(text); // count characters, not UTF-16 code units
  if (chars.length <= maxLength) return text;
  if (maxLength === 0) return '';
  return `${chars.slice(0, maxLength - 1).join('')}…`;
}

export function buildPageTitle(title: string, accountName?: string | null): string {
  const base = `${title} | ${PRODUCT_NAME}`;
  const name = accountName?.trim();
  return name ? `${truncateText(name, ACCOUNT_NAME_TITLE_LENGTH)} - ${base}` : base;
}
