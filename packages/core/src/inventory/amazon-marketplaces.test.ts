import { describe, expect, it } from 'vitest';
import { AMAZON_MARKETPLACES, amazonRegionOf, findAmazonMarketplace, marketplaceRegionProblem } from './amazon-marketplaces';

const regionOfDomain = (domain: string) => AMAZON_MARKETPLACES.find((m) => m.name === `Amazon.${domain}`)?.region;

describe('Amazon marketplaces and their regions (issue 28)', () => {
  it('puts each marketplace in the selling region Amazon documents', () => {
    for (const domain of ['com', 'ca', 'com.mx', 'com.br']) expect(regionOfDomain(domain), domain).toBe('NA');
    for (const domain of ['de', 'co.uk', 'fr', 'it', 'es', 'nl', 'se', 'pl', 'com.tr', 'ae', 'in', 'sa']) expect(regionOfDomain(domain), domain).toBe('EU');
    for (const domain of ['co.jp', 'com.au', 'sg']) expect(regionOfDomain(domain), domain).toBe('FE');
  });

  it("gives every marketplace its own Seller Central host, Europe's big five sharing sellercentral-europe", () => {
    for (const m of AMAZON_MARKETPLACES) expect(m.sellerCentral, m.name).toMatch(/^sellercentral(-europe)?\.amazon\.[a-z.]+$/);
    expect(findAmazonMarketplace('A1PA6795UKMFR9')?.sellerCentral).toBe('sellercentral-europe.amazon.com');
    expect(findAmazonMarketplace('A1VC38T7YXB528')?.sellerCentral).toBe('sellercentral.amazon.co.jp');
    expect(findAmazonMarketplace('A2EUQ1WTGCTBG2')?.sellerCentral).toBe('sellercentral.amazon.ca');
  });

  it('reads a connection stored before regions as North America, and keeps a stored one', () => {
    expect(amazonRegionOf(null)).toBe('NA');
    expect(amazonRegionOf(undefined)).toBe('NA');
    expect(amazonRegionOf('XX')).toBe('NA');
    expect(amazonRegionOf('EU')).toBe('EU');
    expect(amazonRegionOf('FE')).toBe('FE');
  });
});

describe('a marketplace asked for through a connection', () => {
  it("is refused outside the connection's region, naming both regions", () => {
    const de = findAmazonMarketplace('A1PA6795UKMFR9')!;
    expect(marketplaceRegionProblem(de, 'EU')).toBeNull();
    expect(marketplaceRegionProblem(de, 'NA')).toBe(
      "Amazon.de is in Amazon's Europe region, but this account's Amazon connection is in North America: choose a marketplace of North America, or reconnect Amazon choosing Amazon.de.",
    );
  });
});
