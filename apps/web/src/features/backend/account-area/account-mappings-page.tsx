/**
 * /account/{accountKey}/mappings: every transaction type of the account with the account and tax rate
 * it posts to, unmapped first, read-only (the seller maps on /mapping); filtered by text or unmapped.
 */
import { Alert, Badge, Checkbox, Group, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MappingRow, Mappings } from '@ledgerport/contract';
import { api, ApiError } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { MoneyText } from '../../../ui/money-text';
import { AccountAreaFrame } from './account-area-frame';

const SOURCE_LABELS: Record<MappingRow['source'], string> = {
  explicit: 'Own rule',
  category: 'Category default',
  unmapped: 'Unmapped',
};

const columns: Array<DataColumn<MappingRow>> = [
  { id: 'label', header: 'Transaction type', sortValue: (r) => r.label.toLowerCase(), cell: (r) => r.label },
  { id: 'category', header: 'Category', sortValue: (r) => r.category, cell: (r) => r.category },
  {
    id: 'accountCode',
    header: 'Account',
    sortValue: (r) => r.accountCode ?? '',
    cell: (r) => r.accountCode ?? '--',
  },
  {
    id: 'taxRateCode',
    header: 'Tax rate',
    sortValue: (r) => r.taxRateCode ?? '',
    cell: (r) => r.taxRateCode ?? '--',
  },
  {
    id: 'source',
    header: 'From',
    sortValue: (r) => (r.isUnmapped ? 0 : 1),
    cell: (r) => (
      <Badge
        size="sm"
        variant="light"
        color={r.isUnmapped ? 'red' : r.source === 'explicit' ? 'blue' : 'gray'}
      >
        {SOURCE_LABELS[r.source]}
      </Badge>
    ),
  },
  {
    id: 'lineCount',
    header: 'Lines',
    align: 'right',
    sortValue: (r) => r.lineCount,
    cell: (r) => r.lineCount,
  },
  {
    id: 'amounts',
    header: 'Amounts',
    align: 'right',
    cell: (r) => (
      <Text size="sm" ff="monospace" component="div">
        {r.amounts.map((a) => (
          <div key={a.currency}>
            <MoneyText amount={a.amount} currency={a.currency} />
          </div>
        ))}
      </Text>
    ),
  },
];

function AccountMappings({ account }: { account: Account }) {
  const [text, setText] = useState('');
  const [isUnmappedOnly, setUnmappedOnly] = useState(false);
  const query = useQuery({
    queryKey: ['mappings', account.accountKey],
    queryFn: () => api.get<Mappings>('/mappings', { accountKey: account.accountKey }),
  });
  const needle = text.trim().toLowerCase();
  const rows = (query.data?.rows ?? []).filter(
    (r) =>
      (!isUnmappedOnly || r.isUnmapped) &&
      (!needle ||
        [r.label, r.typeKey, r.category, r.accountCode ?? ''].some((v) => v.toLowerCase().includes(needle))),
  );
  const m = query.data;
  return (
    <>
      {query.isError && (
        <Alert color="red" role="alert" title="Could not load the mappings">
          {query.error instanceof ApiError
            ? query.error.message
            : 'Something went wrong. Please try again later.'}
        </Alert>
      )}
      {m && (
        <Text size="sm" c="dimmed">
          Version {m.version} · {m.system} chart (
          {m.chartSource === 'connected' ? 'from the connected system' : 'Ledgerport default'}) ·{' '}
          {m.unmappedCount} unmapped
          {m.isUnmappedToSuspense ? ' (posted to suspense)' : ''}
          {m.copiedFrom ? ` · copied from ${m.copiedFrom.accountKey} version ${m.copiedFrom.version}` : ''}
        </Text>
      )}
      <Group align="end">
        <TextInput
          label="Filter types"
          placeholder="Type, category or account"
          leftSection={<IconSearch size={14} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={300}
        />
        <Checkbox
          label="Unmapped only"
          checked={isUnmappedOnly}
          onChange={(e) => setUnmappedOnly(e.currentTarget.checked)}
          mb={6}
        />
      </Group>
      <DataTable
        label={`Mappings of ${account.accountName}`}
        columns={columns}
        rows={rows}
        getRowId={(r) => `${r.channel}:${r.typeKey}`}
        initialSort={{ id: 'source', desc: false }}
        clientPageSize={50}
        isLoading={query.isPending}
        emptyText={
          needle || isUnmappedOnly
            ? 'No transaction type matches.'
            : 'This account has no settlement yet, so no transaction type to map.'
        }
      />
    </>
  );
}

export function AccountMappingsPage() {
  return <AccountAreaFrame>{(account) => <AccountMappings account={account} />}</AccountAreaFrame>;
}
