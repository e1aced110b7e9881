/**
 * The base URLs of one Amazon connection (issue 28): the SP-API host of its selling region, used by
 * every call (settlement reports, the Finances APIs, inventory reports), and the consent page of the
 * marketplace the seller picked, on that marketplace's own Seller Central. The marketplaces and their
 * regions are core's table (AMAZON_MARKETPLACES); the hosts are channel-endpoints.ts's, each region's
 * overridable on its own so a local SP-API can play every region in tests.
 */
import { AMAZON_MARKETPLACES, amazonRegionOf, findAmazonMarketplace, type AmazonRegion } from '@ledgerport/core/inventory';
import type { ChannelPlace } from '../channel-connector';

/** The endpoint names of a region: North America keeps the unsuffixed names it always had. */
const REGION_SUFFIX: Record<AmazonRegion, string> = { NA: '', EU: '_eu', FE: '_fe' };

export function amazonEndpointsFor(endpoints: Record<string, string>, place: ChannelPlace): Record<string, string> {
  const marketplace = place.marketplaceId ? findAmazonMarketplace(place.marketplaceId) : undefined;
  const region = marketplace?.region ?? amazonRegionOf(place.region);
  const suffix = REGION_SUFFIX[region];
  const sellerCentral = (marketplace ?? AMAZON_MARKETPLACES.find((m) => m.region === region)!).sellerCentral;
  const consent = endpoints[`consent${suffix}`] ?? endpoints.consent ?? '';
  return { ...endpoints, api: endpoints[`api${suffix}`] ?? endpoints.api ?? '', consent: consent.replace('{sellerCentral}', sellerCentral) };
}
