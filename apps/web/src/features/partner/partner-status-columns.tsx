/** The Partner Dashboard's table columns: each client account's plan (where billing is on), systems and status counts. */
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PartnerAccountStatus } from '@ledgerport/contract';
import { accountingSystemLabel } from '@ledgerport/core/posting';
import { planLabel } from '@ledgerport/core/billing';
import { channelName } from '../../ui/channel-icon';
import type { DataColumn } from '../../ui/data-table';
import { switchPath } from './partner-api';

const day = (iso: string | null) => (iso === null ? '—' : iso.slice(0, 10));

const count = (id: keyof PartnerAccountStatus & `${string}Count`, header: string, color: string): DataColumn<PartnerAccountStatus> => ({
  id,
  header,
  align: 'right',
  sortValue: (r) => r[id],
  cell: (r) => (r[id] > 0 ? <Text c={color} fw={600} size="sm">{r[id]}</Text> : <Text size="sm" c="dimmed">0</Text>),
});

const planColumn: DataColumn<PartnerAccountStatus> = {
  id: 'plan',
  header: 'Plan',
  sortValue: (r) => r.planCode ?? '',
  cell: (r) => (r.planCode ? planLabel(r, true) : <Badge size="sm" color="orange" variant="light" style={{ overflow: 'visible' }}>Trial</Badge>),
};

/** The columns; the Plan column only where billing is on (billing off has no plans: core's plan gate). */
export function partnerStatusColumns(isBillingEnabled: boolean): Array<DataColumn<PartnerAccountStatus>> {
  return allColumns.filter((c) => c.id !== 'plan' || isBillingEnabled);
}

const allColumns: Array<DataColumn<PartnerAccountStatus>> = [
  {
    id: 'accountName',
    header: 'Client',
    sortValue: (r) => r.accountName.toLowerCase(),
    cell: (r) => (
      <Group gap={6} wrap="nowrap">
        <Anchor component={Link} to={switchPath(r.accountKey)} size="sm" aria-label={`Open ${r.accountName}`}>
          {r.accountName}
        </Anchor>
        {r.isCurrent && <Text size="xs" c="dimmed">(current)</Text>}
      </Group>
    ),
  },
  planColumn,
  {
    id: 'attention',
    header: 'Needs attention',
    sortValue: (r) => r.attentionReasons.length,
    cell: (r) => (r.attentionReasons.length === 0 ? <Text size="sm" c="teal">All good</Text> : <Text size="sm" c="orange.8">{r.attentionReasons.join(', ')}</Text>),
  },
  { id: 'salesChannel', header: 'Channel', sortValue: (r) => channelName(r.salesChannel), cell: (r) => channelName(r.salesChannel) },
  { id: 'accountingSystem', header: 'Accounting', sortValue: (r) => accountingSystemLabel(r.accountingSystem), cell: (r) => accountingSystemLabel(r.accountingSystem) },
  count('waitingCount', 'Waiting', 'blue'),
  count('unmappedCount', 'Unmapped', 'orange'),
  count('inconsistentCount', 'Inconsistent', 'red'),
  count('onHoldCount', 'Held', 'gray'),
  count('failedCount', 'Failed', 'red'),
  {
    id: 'connection',
    header: 'Connection',
    sortValue: (r) => r.connectionStatus ?? '',
    cell: (r) =>
      r.connectionStatus === null ? (
        <Text size="sm" c="dimmed">File uploads</Text>
      ) : (
        <Badge size="sm" variant="light" color={r.attentionReasons.includes('connection error') ? 'red' : 'teal'} title={r.connectionError ?? undefined}>
          {r.connectionStatus.toLowerCase()}
        </Badge>
      ),
  },
  { id: 'lastPostedAt', header: 'Last post', sortValue: (r) => r.lastPostedAt, cell: (r) => day(r.lastPostedAt) },
  { id: 'lastFetchedAt', header: 'Last fetch', sortValue: (r) => r.lastFetchedAt, cell: (r) => day(r.lastFetchedAt) },
];
