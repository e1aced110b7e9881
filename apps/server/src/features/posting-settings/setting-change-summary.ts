/** One sentence per audit entry for Settings > History: what changed, in the words of the settings screens. */
const FIELD_LABELS: Record<string, string> = {
  accountName: 'Account name',
  accountingSystemReferenceName: 'Accounting system reference name',
  timeZoneId: 'Time zone',
  groupBy: 'Group sales by',
  isSplitByMonth: 'Split by month',
  shouldSplitByCountry: 'Split by country',
  isTrackedByMarketplace: 'Track by marketplace',
  trackingCategoryName: 'Tracking category',
  inconsistentSettlements: 'Inconsistent settlements',
  productTypes: 'Product types',
  amazonDeferredTransactionEnabled: 'Post Amazon deferred transactions',
};

const ACTION_LABELS: Record<string, string> = {
  'account.renamed': 'Renamed the account',
  'account.posting-settings-changed': 'Changed the posting settings',
  'account.features-changed': 'Changed the account features',
  'settlement.hold-released': 'Released a settlement from hold',
  'user.switched-account': 'Opened the account',
};

function show(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value)) return `${value.length} rule${value.length === 1 ? '' : 's'}`;
  if (value === null || value === undefined || value === '') return 'none';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

export function summarizeSettingChange(action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const label = ACTION_LABELS[action] ?? action.replace(/^[a-z-]+\./, '').replaceAll('-', ' ').replace(/^./, (c) => c.toUpperCase());
  const fields = Object.keys(after ?? {}).filter((k) => k in FIELD_LABELS);
  if (fields.length === 0) return typeof after?.settlementId === 'string' ? `${label}: settlement ${after.settlementId}` : label;
  const changes = fields.map((k) => `${FIELD_LABELS[k]} ${show(before?.[k])} → ${show(after?.[k])}`);
  return `${label}: ${changes.join('; ')}`;
}
