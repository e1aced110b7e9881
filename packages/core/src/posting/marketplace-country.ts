/**
 * The country of a marketplace name, for country grouping and tax variants: 'Amazon.co.uk' -> GB,
 * 'Amazon.com' -> US, 'Non-Amazon CA' -> CA, 'DE' -> DE. Null when the name says nothing about it.
 */
const SPECIAL: Record<string, string> = { uk: 'GB', com: 'US' };

export function countryOfMarketplace(marketplace: string | null): string | null {
  if (!marketplace) return null;
  const name = marketplace.trim().toLowerCase();
  const domain = /\.([a-z]{2,3})$/.exec(name);
  if (domain) return SPECIAL[domain[1]!] ?? (domain[1]!.length === 2 ? domain[1]!.toUpperCase() : null);
  const word = /(?:^|[\s_-])([a-z]{2})$/.exec(name);
  return word ? word[1]!.toUpperCase() : null;
}
