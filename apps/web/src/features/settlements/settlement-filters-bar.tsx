/** The filters above a settlement list: dates (92-day picker), status, channel or gateway, currency, text. */
import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { PostingStatus } from '@ledgerport/contract';
import type { Account } from '../../lib/api-types';
import { DateRangePicker } from '../../ui/date-range-picker';
import { fetchAccountCurrencies, fetchChannelsOrGateways } from './settlements-api';
import { EMPTY_FILTERS, countActiveFilters, type SettlementFilters } from './settlement-filters';

export const STATUS_OPTIONS: Array<{ value: PostingStatus; label: string }> = [
  { value: 'POSTED', label: 'Posted' },
  { value: 'PARTIALLY_POSTED', label: 'Partially posted' },
  { value: 'NOT_POSTED', label: 'Not posted' },
];

/** `dataDay`: a day of the listed settlements, where the date picker opens (not today). */
export function SettlementFiltersBar({ account, isSingleOrder, value, onChange, dataDay }: { account: Account; isSingleOrder: boolean; value: SettlementFilters; onChange: (f: SettlementFilters) => void; dataDay?: string | undefined }) {
  const sources = useQuery({
    queryKey: ['channels-or-gateways', account.accountKey, isSingleOrder],
    queryFn: () => fetchChannelsOrGateways(account.accountKey, account.salesChannel, isSingleOrder),
  });
  const currencies = useQuery({ queryKey: ['account-currencies', account.accountKey], queryFn: () => fetchAccountCurrencies(account.accountKey) });
  const sourceData = [
    { group: 'Channels', items: (sources.data?.channels ?? []).map((c) => ({ value: `channel:${c}`, label: c })) },
    { group: 'Gateways', items: (sources.data?.gateways ?? []).map((g) => ({ value: `gateway:${g}`, label: g })) },
  ].filter((g) => g.items.length > 0);
  const sourceValue = [...value.channels.map((c) => `channel:${c}`), ...value.gateways.map((g) => `gateway:${g}`)];

  return (
    <Group align="flex-end" gap="sm" mb="md" role="search" aria-label="Settlement filters">
      <DateRangePicker label="Dates" value={value.range} onChange={(range) => onChange({ ...value, range })} defaultDate={dataDay} />
      <MultiSelect
        label="Status"
        placeholder={value.statuses.length ? undefined : 'Any status'}
        data={STATUS_OPTIONS}
        value={value.statuses}
        onChange={(s) => onChange({ ...value, statuses: s })}
        clearable
        w={220}
      />
      <MultiSelect
        label="Channel or gateway"
        placeholder={sourceValue.length ? undefined : 'Any'}
        data={sourceData}
        value={sourceValue}
        onChange={(v) =>
          onChange({
            ...value,
            channels: v.filter((x) => x.startsWith('channel:')).map((x) => x.slice(8)),
            gateways: v.filter((x) => x.startsWith('gateway:')).map((x) => x.slice(8)),
          })
        }
        clearable
        w={220}
      />
      <Select
        label="Currency"
        placeholder="Any currency"
        data={currencies.data?.currencies ?? []}
        value={value.currency}
        onChange={(c) => onChange({ ...value, currency: c })}
        clearable
        w={140}
      />
      <TextInput
        label="Search"
        placeholder="Search by text"
        leftSection={<IconSearch size={14} />}
        value={value.text}
        onChange={(e) => onChange({ ...value, text: e.currentTarget.value })}
        w={220}
      />
      {countActiveFilters(value) > 0 && (
        <Button variant="subtle" onClick={() => onChange(EMPTY_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
