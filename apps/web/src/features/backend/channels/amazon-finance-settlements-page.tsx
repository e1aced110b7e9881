/**
 * /backend/{accountKey}/amazon/finance-api-settlements: the account's financial event groups from
 * Amazon's Finances API (listFinancialEventGroups), read live through its connection (issue 19,
 * decision 0046): dates, original total, processing and fund-transfer status, and whether Ledgerport
 * holds a settlement for the group. Each group opens its events.
 */
import { Anchor, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AmazonEventGroup } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { TimestampText } from '../../../ui/date-text';
import { MoneyText } from '../../../ui/money-text';
import { amazonEventsPath, fetchAmazonEventGroups } from './backend-channels-api';
import { CallError, ConnectionHeading } from './channel-page-parts';

const columnsFor = (accountKey: string): Array<DataColumn<AmazonEventGroup>> => [
  {
    id: 'groupId',
    header: 'Event group',
    sortValue: (g) => g.groupId,
    cell: (g) => (
      <Anchor component={Link} to={amazonEventsPath(accountKey, g.groupId)} aria-label={`Open the events of group ${g.groupId}`}>
        {g.groupId}
      </Anchor>
    ),
  },
  { id: 'startAt', header: 'Start (UTC)', sortValue: (g) => g.startAt, cell: (g) => <TimestampText value={g.startAt} /> },
  { id: 'endAt', header: 'End (UTC)', sortValue: (g) => g.endAt, cell: (g) => <TimestampText value={g.endAt} /> },
  { id: 'processingStatus', header: 'Processing', sortValue: (g) => g.processingStatus, cell: (g) => <Badge variant="light" color={g.processingStatus === 'Open' ? 'blue' : 'gray'} tt="none">{g.processingStatus ?? '--'}</Badge> },
  { id: 'fundTransferStatus', header: 'Fund transfer', sortValue: (g) => g.fundTransferStatus, cell: (g) => g.fundTransferStatus ?? '--' },
  { id: 'fundTransferAt', header: 'Transferred (UTC)', sortValue: (g) => g.fundTransferAt, cell: (g) => <TimestampText value={g.fundTransferAt} /> },
  {
    id: 'originalTotal',
    header: 'Original total',
    align: 'right',
    sortValue: (g) => (g.originalTotal ? (parseDecimalUnits(g.originalTotal.amount) ?? null) : null),
    cell: (g) => <MoneyText amount={g.originalTotal?.amount} currency={g.originalTotal?.currency} />,
  },
  {
    id: 'settlement',
    header: 'In Ledgerport',
    sortValue: (g) => g.settlement?.settlementId ?? '',
    cell: (g) =>
      g.settlement ? (
        <Stack gap={0}>
          <Text size="sm">Settlement {g.settlement.settlementId}</Text>
          <Text size="xs" c="dimmed">
            {g.settlement.status === 'open' ? 'Open' : 'Closed'} · {g.settlement.postingStatus === 'POSTED' ? 'Posted' : g.settlement.postingStatus === 'PARTIALLY_POSTED' ? 'Partly posted' : 'Not posted'}
          </Text>
        </Stack>
      ) : (
        <Badge color="orange" variant="light" tt="none">
          Not held
        </Badge>
      ),
  },
];

export function AmazonFinanceSettlementsPage() {
  const { accountKey = '' } = useParams();
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [period, setPeriod] = useState({ fromDate: '', toDate: '' });
  const [held, setHeld] = useState<string | null>(null);
  const groups = useQuery({ queryKey: ['backend', 'amazon-groups', accountKey, period], queryFn: () => fetchAmazonEventGroups(accountKey, period.fromDate, period.toDate), retry: false });
  const rows = (groups.data?.groups ?? []).filter((g) => held === null || (held === 'held') === (g.settlement !== null));
  return (
    <Stack>
      <ConnectionHeading title="Amazon finance-API settlements" channel="Amazon" connection={groups.data?.connection} />
      <Text size="sm" c="dimmed">
        Amazon&apos;s financial event groups (one per settlement period) that began in the period, read live from the Finances API.
        {groups.data ? ` Showing ${groups.data.fromDate} to ${groups.data.toDate}.` : ''}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setPeriod({ fromDate, toDate });
        }}
      >
        <Group align="end">
          <TextInput type="date" label="From date" value={fromDate} onChange={(e) => setFromDate(e.currentTarget.value)} />
          <TextInput type="date" label="To date" value={toDate} onChange={(e) => setToDate(e.currentTarget.value)} />
          <Button type="submit" variant="light" loading={groups.isFetching}>
            Show groups
          </Button>
          <Select
            label="In Ledgerport"
            placeholder="Every group"
            clearable
            value={held}
            onChange={setHeld}
            data={[
              { value: 'held', label: 'Held in Ledgerport' },
              { value: 'missing', label: 'Not held' },
            ]}
            w={200}
          />
        </Group>
      </form>
      {groups.error && <CallError error={groups.error} channel="Amazon" />}
      {!groups.error && (
        <DataTable
          label="Financial event groups"
          columns={columnsFor(accountKey)}
          rows={rows}
          getRowId={(g) => g.groupId}
          initialSort={{ id: 'startAt', desc: true }}
          clientPageSize={25}
          isLoading={groups.isPending}
          emptyText={held ? 'No event group of the period matches this filter.' : 'Amazon has no financial event group that began in this period.'}
        />
      )}
    </Stack>
  );
}
