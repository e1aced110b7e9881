/**
 * The mapping a new account starts with: no explicit rules, every category of every channel mapped
 * to the default chart's account for it, with the system's "no tax" rate. A type the channel
 * catalogue does not know is mapped here only through describeTypeByShape (its category from its
 * shape, flagged as a new type); with describeKnownType it stays unmapped (type-describers.ts).
 */
import { CATEGORIES, CHANNELS, type Category, type Channel } from '../settlements/model';
import { defaultCategoryAccountCode, defaultChart, defaultTaxRate } from './default-charts';
import type { AccountingSystem, CategoryMappings, MappingSet, MappingTarget } from './model';

export interface DefaultMappingOptions {
  ownerKey?: string;
  channels?: readonly Channel[];
  isUnmappedToSuspense?: boolean;
  currencies?: string[] | null;
}

export function defaultMappings(system: AccountingSystem, options: DefaultMappingOptions = {}): MappingSet {
  const channels = options.channels ?? CHANNELS;
  const taxRateCode = defaultTaxRate(system).code;
  const categories: CategoryMappings = {};
  for (const channel of channels) {
    const perCategory: Partial<Record<Category, MappingTarget>> = {};
    for (const category of CATEGORIES) {
      perCategory[category] = { accountCode: defaultCategoryAccountCode(system, channel, category), taxRateCode };
    }
    categories[channel] = perCategory;
  }
  return {
    ownerKey: options.ownerKey ?? 'default',
    version: 1,
    system,
    chart: defaultChart(system, channels),
    entries: [],
    categories,
    isUnmappedToSuspense: options.isUnmappedToSuspense ?? false,
    currencies: options.currencies ?? null,
  };
}
