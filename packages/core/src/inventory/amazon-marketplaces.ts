/**
 * Amazon's marketplaces, the one table of them (Amazon SP-API documentation: "Marketplace IDs",
 * "SP-API Endpoints" and the Seller Central URLs of "Authorizing Selling Partner API applications"):
 * SP-API's marketplace id, the marketplace's currency (the default for valuing its inventory), its
 * selling region and its own Seller Central host, where the seller consents to our app (issue 28).
 * The region decides the SP-API host of every call (integrations' AMAZON_REGION_API_KEYS); the
 * Inventory Ledger is kept per region too: FBA Europe and North America pool inventory, so one
 * marketplace of the region brings every fulfilment centre the seller uses there.
 */

/** Amazon's selling regions: North America (with Brazil), Europe (with the Middle East, India and Africa), Far East. */
export const AMAZON_REGIONS = ['NA', 'EU', 'FE'] as const;
export type AmazonRegion = (typeof AMAZON_REGIONS)[number];
export const AMAZON_REGION_NAMES: Record<AmazonRegion, string> = { NA: 'North America', EU: 'Europe', FE: 'Far East' };

export interface AmazonMarketplace {
  id: string;
  country: string;
  name: string;
  currency: string;
  region: AmazonRegion;
  /** Host of the marketplace's Seller Central (its consent page is /apps/authorize/consent there). */
  sellerCentral: string;
}

export const AMAZON_MARKETPLACES: readonly AmazonMarketplace[] = [
  { id: 'ATVPDKIKX0DER', country: 'US', name: 'Amazon.com', currency: 'USD', region: 'NA', sellerCentral: 'sellercentral.amazon.com' },
  { id: 'A2EUQ1WTGCTBG2', country: 'CA', name: 'Amazon.ca', currency: 'CAD', region: 'NA', sellerCentral: 'sellercentral.amazon.ca' },
  { id: 'A1AM78C64UM0Y8', country: 'MX', name: 'Amazon.com.mx', currency: 'MXN', region: 'NA', sellerCentral: 'sellercentral.amazon.com.mx' },
  { id: 'A2Q3Y263D00KWC', country: 'BR', name: 'Amazon.com.br', currency: 'BRL', region: 'NA', sellerCentral: 'sellercentral.amazon.com.br' },
  { id: 'A1F83G8C2ARO7P', country: 'GB', name: 'Amazon.co.uk', currency: 'GBP', region: 'EU', sellerCentral: 'sellercentral-europe.amazon.com' },
  { id: 'A1PA6795UKMFR9', country: 'DE', name: 'Amazon.de', currency: 'EUR', region: 'EU', sellerCentral: 'sellercentral-europe.amazon.com' },
  { id: 'A13V1IB3VIYZZH', country: 'FR', name: 'Amazon.fr', currency: 'EUR', region: 'EU', sellerCentral: 'sellercentral-europe.amazon.com' },
  { id: 'APJ6JRA9NG5V4', country: 'IT', name: 'Amazon.it', currency: 'EUR', region: 'EU', sellerCentral: 'sellercentral-europe.amazon.com' },
  { id: 'A1RKKUPIHCS9HS', country: 'ES', name: 'Amazon.es', currency: 'EUR', region: 'EU', sellerCentral: 'sellercentral-europe.amazon.com' },
  { id: 'A1805IZSGTT6HS', country: 'NL', name: 'Amazon.nl', currency: 'EUR', region: 'EU', sellerCentral: 'sellercentral.amazon.nl' },
  { id: 'A2NODRKZP88ZB9', country: 'SE', name: 'Amazon.se', currency: 'SEK', region: 'EU', sellerCentral: 'sellercentral.amazon.se' },
  { id: 'A1C3SOZRARQ6R3', country: 'PL', name: 'Amazon.pl', currency: 'PLN', region: 'EU', sellerCentral: 'sellercentral.amazon.pl' },
  { id: 'AMEN7PMS3EDWL', country: 'BE', name: 'Amazon.com.be', currency: 'EUR', region: 'EU', sellerCentral: 'sellercentral.amazon.com.be' },
  { id: 'A28R8C7NBKEWEA', country: 'IE', name: 'Amazon.ie', currency: 'EUR', region: 'EU', sellerCentral: 'sellercentral.amazon.ie' },
  { id: 'A33AVAJ2PDY3EV', country: 'TR', name: 'Amazon.com.tr', currency: 'TRY', region: 'EU', sellerCentral: 'sellercentral.amazon.com.tr' },
  { id: 'A2VIGQ35RCS4UG', country: 'AE', name: 'Amazon.ae', currency: 'AED', region: 'EU', sellerCentral: 'sellercentral.amazon.ae' },
  { id: 'A17E79C6D8DWNP', country: 'SA', name: 'Amazon.sa', currency: 'SAR', region: 'EU', sellerCentral: 'sellercentral.amazon.sa' },
  { id: 'ARBP9OOSHTCHU', country: 'EG', name: 'Amazon.eg', currency: 'EGP', region: 'EU', sellerCentral: 'sellercentral.amazon.eg' },
  { id: 'AE08WJ6YKNBMC', country: 'ZA', name: 'Amazon.co.za', currency: 'ZAR', region: 'EU', sellerCentral: 'sellercentral.amazon.co.za' },
  { id: 'A21TJRUUN4KGV', country: 'IN', name: 'Amazon.in', currency: 'INR', region: 'EU', sellerCentral: 'sellercentral.amazon.in' },
  { id: 'A1VC38T7YXB528', country: 'JP', name: 'Amazon.co.jp', currency: 'JPY', region: 'FE', sellerCentral: 'sellercentral.amazon.co.jp' },
  { id: 'A39IBJ37TRP1C6', country: 'AU', name: 'Amazon.com.au', currency: 'AUD', region: 'FE', sellerCentral: 'sellercentral.amazon.com.au' },
  { id: 'A19VAU5U5O7RUS', country: 'SG', name: 'Amazon.sg', currency: 'SGD', region: 'FE', sellerCentral: 'sellercentral.amazon.sg' },
];

export const DEFAULT_AMAZON_MARKETPLACE_ID = 'ATVPDKIKX0DER';

export function findAmazonMarketplace(id: string): AmazonMarketplace | undefined {
  return AMAZON_MARKETPLACES.find((m) => m.id === id);
}

/** The marketplace of a settlement's currency (its first in the table), else Amazon.com. */
export function marketplaceForCurrency(currency: string | null | undefined): AmazonMarketplace {
  return AMAZON_MARKETPLACES.find((m) => m.currency === currency) ?? AMAZON_MARKETPLACES[0]!;
}

/** The region of a stored connection: an Amazon connection made before regions existed is North America. */
export function amazonRegionOf(region: string | null | undefined): AmazonRegion {
  return (AMAZON_REGIONS as readonly string[]).includes(region ?? '') ? (region as AmazonRegion) : 'NA';
}

/**
 * Why a marketplace cannot be asked for through a connection of this region (each region's SP-API
 * answers only its own marketplaces), or null when it can.
 */
export function marketplaceRegionProblem(marketplace: AmazonMarketplace, region: AmazonRegion): string | null {
  if (marketplace.region === region) return null;
  const [its, ours] = [AMAZON_REGION_NAMES[marketplace.region], AMAZON_REGION_NAMES[region]];
  return `${marketplace.name} is in Amazon's ${its} region, but this account's Amazon connection is in ${ours}: choose a marketplace of ${ours}, or reconnect Amazon choosing ${marketplace.name}.`;
}
