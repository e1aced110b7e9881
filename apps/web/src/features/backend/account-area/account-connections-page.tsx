/**
 * /account/{accountKey}/connections: the account's connections with their badges, last fetch and last
 * error, read-only (support reconnects nothing for the seller), and its history requests, which support
 * may ask for as on the backend's fetch-history page (decision 0032).
 */
import { Alert, Badge, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ConnectionView } from '@ledgerport/contract';
import { api, ApiError } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { BADGE_COLORS, ROLE_LABELS, nameOf, when } from '../../account-settings/connection-labels';
import { HistoryRequestsPanel } from '../../account-settings/history-requests-panel';
import { AccountAreaFrame } from './account-area-frame';

const columns: Array<DataColumn<ConnectionView>> = [
  { id: 'name', header: 'Connection', cell: (c) => <Text fw={500}>{nameOf(c)}</Text>, sortValue: nameOf },
  { id: 'role', header: 'Type', cell: (c) => ROLE_LABELS[c.role], sortValue: (c) => ROLE_LABELS[c.role] },
  {
    id: 'badge',
    header: 'Status',
    sortValue: (c) => c.badge,
    cell: (c) => (
      <Badge color={BADGE_COLORS[c.badge]} variant="light" tt="none">
        {c.badge}
      </Badge>
    ),
  },
  {
    id: 'store',
    header: 'Store or organization',
    cell: (c) => c.storeName ?? '--',
    sortValue: (c) => c.storeName ?? '',
  },
  {
    id: 'synced',
    header: 'Last fetched',
    cell: (c) => when(c.lastSyncedAt),
    sortValue: (c) => c.lastSyncedAt ?? '',
  },
  {
    id: 'error',
    header: 'Last error',
    sortValue: (c) => c.lastErrorAt ?? '',
    cell: (c) =>
      c.lastError ? (
        <Text size="sm" c="red">
          {c.lastError} ({when(c.lastErrorAt)})
        </Text>
      ) : (
        '--'
      ),
  },
];

function AccountConnections({ account }: { account: Account }) {
  const query = useQuery({
    queryKey: ['connections', account.accountKey],
    queryFn: () =>
      api.get<{ connections: ConnectionView[] }>('/connections', { accountKey: account.accountKey }),
  });
  return (
    <>
      {query.isError && (
        <Alert color="red" role="alert" title="Could not load the connections">
          {query.error instanceof ApiError
            ? query.error.message
            : 'Something went wrong. Please try again later.'}
        </Alert>
      )}
      <DataTable
        label={`Connections of ${account.accountName}`}
        columns={columns}
        rows={query.data?.connections ?? []}
        getRowId={(c) => `${c.role}:${c.system}`}
        isLoading={query.isPending}
        emptyText="This account has no connection yet."
      />
      <Title order={3} size="h5">
        History requests
      </Title>
      <HistoryRequestsPanel accountKey={account.accountKey} salesChannel={account.salesChannel} />
    </>
  );
}

export function AccountConnectionsPage() {
  return <AccountAreaFrame>{(account) => <AccountConnections account={account} />}</AccountAreaFrame>;
}
