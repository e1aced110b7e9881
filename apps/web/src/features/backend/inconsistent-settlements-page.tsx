/**
 * /backend/inconsistent-settlements: every inconsistent settlement across accounts (issue 19), the
 * largest difference first by default; from a row, support asks the account's channel for that
 * period again or switches to the account to look closer.
 */
import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { InconsistentSettlement } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { channelName } from '../../ui/channel-icon';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { MoneyText } from '../../ui/money-text';
import { fetchInconsistentSettlements } from './backend-api';
import { ErrorAlert } from '../../ui/error-alert';
import { AccountActionLinks } from './account-action-links';

const unitsOf = (text: string) => parseDecimalUnits(text) ?? 0n;
const absUnits = (text: string) => {
  const units = unitsOf(text);
  return units < 0n ? -units : units;
};

const columns: Array<DataColumn<InconsistentSettlement>> = [
  {
    id: 'account',
    header: 'Account',
    sortValue: (r) => r.accountName.toLowerCase(),
    cell: (r) => (
      <Stack gap={0}>
        <Text size="sm">{r.accountName}</Text>
        <Text size="xs" c="dimmed">
          {channelName(r.salesChannel)} · {r.accountKey}
        </Text>
      </Stack>
    ),
  },
  { id: 'settlementId', header: 'Settlement', sortValue: (r) => r.settlementId, cell: (r) => r.settlementId },
  { id: 'period', header: 'Period', sortValue: (r) => r.endDate ?? '', cell: (r) => `${r.startDate ?? '?'} to ${r.endDate ?? '?'}` },
  { id: 'total', header: 'Deposit', align: 'right', sortValue: (r) => (r.total === null ? null : unitsOf(r.total)), cell: (r) => <MoneyText amount={r.total} currency={r.currency} /> },
  { id: 'linesTotal', header: 'Lines add up to', align: 'right', sortValue: (r) => unitsOf(r.linesTotal), cell: (r) => <MoneyText amount={r.linesTotal} currency={r.currency} /> },
  {
    id: 'difference',
    header: 'Difference',
    align: 'right',
    sortValue: (r) => absUnits(r.difference),
    cell: (r) => (
      <Text size="sm" c="red" fw={600}>
        <MoneyText amount={r.difference} currency={r.currency} />
      </Text>
    ),
  },
  {
    id: 'state',
    header: 'State',
    sortValue: (r) => `${r.isOnHold ? 0 : 1}${r.postingStatus}`,
    cell: (r) => (
      <Group gap={4}>
        {r.isOnHold && <Badge color="orange" variant="light">On hold</Badge>}
        <Badge color={r.postingStatus === 'POSTED' ? 'green' : 'gray'} variant="light" tt="none">
          {r.postingStatus === 'POSTED' ? 'Posted' : r.postingStatus === 'PARTIALLY_POSTED' ? 'Partly posted' : 'Not posted'}
        </Badge>
      </Group>
    ),
  },
  { id: 'reason', header: 'Why', cell: (r) => <Text size="xs">{r.reason ?? '--'}</Text> },
  {
    id: 'actions',
    header: 'Actions',
    cell: (r) => <AccountActionLinks account={r} />,
  },
];

export function InconsistentSettlementsPage() {
  const [text, setText] = useState('');
  const query = useQuery({ queryKey: ['backend', 'inconsistent-settlements'], queryFn: fetchInconsistentSettlements });
  const needle = text.trim().toLowerCase();
  const rows = (query.data?.settlements ?? []).filter((r) => !needle || [r.accountName, r.accountKey, r.settlementId].some((v) => v.toLowerCase().includes(needle)));
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Settlements whose lines do not add up to the deposit the channel reported, across every account. Posting them needs a suspense line or a hold; asking the channel again often brings the missing lines.
      </Text>
      <TextInput label="Filter" placeholder="Account or settlement" leftSection={<IconSearch size={14} />} value={text} onChange={(e) => setText(e.currentTarget.value)} w={300} />
      <ErrorAlert error={query.error} />
      <DataTable
        label="Inconsistent settlements"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.settlementKey}
        clientPageSize={50}
        initialSort={{ id: 'difference', desc: true }}
        isLoading={query.isPending}
        emptyText="No inconsistent settlement in any account."
      />
    </Stack>
  );
}
