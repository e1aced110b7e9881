/**
 * Amazon marketplaces an inventory report can be asked for: SP-API's marketplace ids (Amazon's
 * "Marketplace IDs" table) with the marketplace's currency, the default for valuing its inventory.
 * The Inventory Ledger is kept per marketplace region; FBA Europe and North America pool inventory,
 * so one marketplace of the region brings every fulfilment centre the seller uses there.
 */
export interface AmazonMarketplace {
  id: string;
  country: string;
  name: string;
  currency: string;
}

export const AMAZON_MARKETPLACES: readonly AmazonMarketplace[] = [
  { id: 'ATVPDKIKX0DER', country: 'US', name: 'Amazon.com', currency: 'USD' },
  { id: 'A2EUQ1WTGCTBG2', country: 'CA', name: 'Amazon.ca', currency: 'CAD' },
  { id: 'A1AM78C64UM0Y8', country: 'MX', name: 'Amazon.com.mx', currency: 'MXN' },
  { id: 'A2Q3Y263D00KWC', country: 'BR', name: 'Amazon.com.br', currency: 'BRL' },
  { id: 'A1F83G8C2ARO7P', country: 'GB', name: 'Amazon.co.uk', currency: 'GBP' },
  { id: 'A1PA6795UKMFR9', country: 'DE', name: 'Amazon.de', currency: 'EUR' },
  { id: 'A13V1IB3VIYZZH', country: 'FR', name: 'Amazon.fr', currency: 'EUR' },
  { id: 'APJ6JRA9NG5V4', country: 'IT', name: 'Amazon.it', currency: 'EUR' },
  { id: 'A1RKKUPIHCS9HS', country: 'ES', name: 'Amazon.es', currency: 'EUR' },
  { id: 'A1805IZSGTT6HS', country: 'NL', name: 'Amazon.nl', currency: 'EUR' },
  { id: 'A2NODRKZP88ZB9', country: 'SE', name: 'Amazon.se', currency: 'SEK' },
  { id: 'A1C3SOZRARQ6R3', country: 'PL', name: 'Amazon.pl', currency: 'PLN' },
  { id: 'AMEN7PMS3EDWL', country: 'BE', name: 'Amazon.com.be', currency: 'EUR' },
  { id: 'A28R8C7NBKEWEA', country: 'IE', name: 'Amazon.ie', currency: 'EUR' },
  { id: 'A33AVAJ2PDY3EV', country: 'TR', name: 'Amazon.com.tr', currency: 'TRY' },
  { id: 'A2VIGQ35RCS4UG', country: 'AE', name: 'Amazon.ae', currency: 'AED' },
  { id: 'A17E79C6D8DWNP', country: 'SA', name: 'Amazon.sa', currency: 'SAR' },
  { id: 'ARBP9OOSHTCHU', country: 'EG', name: 'Amazon.eg', currency: 'EGP' },
  { id: 'A21TJRUUN4KGV', country: 'IN', name: 'Amazon.in', currency: 'INR' },
  { id: 'A1VC38T7YXB528', country: 'JP', name: 'Amazon.co.jp', currency: 'JPY' },
  { id: 'A39IBJ37TRP1C6', country: 'AU', name: 'Amazon.com.au', currency: 'AUD' },
  { id: 'A19VAU5U5O7RUS', country: 'SG', name: 'Amazon.sg', currency: 'SGD' },
];

export const DEFAULT_AMAZON_MARKETPLACE_ID = 'ATVPDKIKX0DER';

export function findAmazonMarketplace(id: string): AmazonMarketplace | undefined {
  return AMAZON_MARKETPLACES.find((m) => m.id === id);
}

/** The marketplace of a settlement's currency (its first in the table), else Amazon.com. */
export function marketplaceForCurrency(currency: string | null | undefined): AmazonMarketplace {
  return AMAZON_MARKETPLACES.find((m) => m.currency === currency) ?? AMAZON_MARKETPLACES[0]!;
}
