/**
 * The marketplace an Amazon seller sells on, chosen before connecting (issue 28): it decides the
 * Seller Central that asks for consent and the region whose SP-API every later call goes to. Grouped
 * by Amazon's selling regions, from core's one table of marketplaces.
 */
import { Select } from '@mantine/core';
import { AMAZON_MARKETPLACES, AMAZON_REGION_NAMES, AMAZON_REGIONS } from '@ledgerport/core/inventory';

const GROUPS = AMAZON_REGIONS.map((region) => ({
  group: AMAZON_REGION_NAMES[region],
  items: AMAZON_MARKETPLACES.filter((m) => m.region === region).map((m) => ({ value: m.id, label: `${m.name} (${m.country})` })),
}));

export function AmazonMarketplaceSelect({ value, onChange }: { value: string; onChange: (marketplaceId: string) => void }) {
  return (
    <Select
      label="Amazon marketplace"
      description="Where you sell. Amazon asks for your consent in that marketplace's Seller Central, and Ledgerport reads your settlements from its region."
      searchable
      allowDeselect={false}
      data={GROUPS}
      value={value}
      onChange={(v) => v && onChange(v)}
    />
  );
}
