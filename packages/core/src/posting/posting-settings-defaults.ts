/** What an account posts with until it chooses otherwise (the defaults PostingSettings documents). */
import type { GroupBy } from './model';

export const GROUP_BY_VALUES = ['type', 'sku', 'product-type', 'country', 'fulfilment'] as const satisfies readonly GroupBy[];

export const INCONSISTENT_SETTLEMENT_POLICIES = ['suspense', 'hold'] as const;

export const DEFAULT_POSTING_SETTINGS = {
  groupBy: 'type',
  isSplitByMonth: true,
  shouldSplitByCountry: false,
  isTrackedByMarketplace: false,
  trackingCategoryName: 'Marketplace',
  inconsistentSettlements: 'suspense',
} as const satisfies {
  groupBy: GroupBy;
  isSplitByMonth: boolean;
  shouldSplitByCountry: boolean;
  isTrackedByMarketplace: boolean;
  trackingCategoryName: string;
  inconsistentSettlements: (typeof INCONSISTENT_SETTLEMENT_POLICIES)[number];
};
