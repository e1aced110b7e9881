/**
 * /account/{accountKey}/walmart/utilities: the Walmart connection, the reports last fetched from
 * Walmart, and a re-fetch of a date range through the account's own history request (the fetch job,
 * audited with the staff member as on the backend's fetch-history page, decision 0032). A
 * non-Walmart account gets a sentence saying the page does not apply.
 */
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AccountReportRow, ConnectionView } from '@ledgerport/contract';
import { ApiError, api } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { channelName } from '../../../ui/channel-icon';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { DateText, TimestampText } from '../../../ui/date-text';
import { BADGE_COLORS } from '../../account-settings/connection-labels';
import { HistoryRequestsPanel } from '../../account-settings/history-requests-panel';
import { accountAreaPath } from '../backend-users-api';
import { AccountAreaFrame } from './account-area-frame';
import { REPORT_STATUS_LABELS, fetchAccountReports, reportPath } from './account-area-api';

function reportColumns(accountKey: string): Array<DataColumn<AccountReportRow>> {
  return [
    {
      id: 'reportId',
      header: 'Report',
      sortValue: (r) => r.reportId,
      cell: (r) => (
        <Anchor component={Link} to={reportPath(accountKey, r.reportId)} size="sm" aria-label={`Open report ${r.reportId}`}>
          {r.reportId}
        </Anchor>
      ),
    },
    { id: 'period', header: 'Period', sortValue: (r) => r.periodEnd ?? '', cell: (r) => <>{r.periodStart ? <DateText value={r.periodStart} /> : '?'} to {r.periodEnd ? <DateText value={r.periodEnd} /> : '?'}</> },
    { id: 'receivedAt', header: 'Fetched', sortValue: (r) => r.receivedAt, cell: (r) => <TimestampText value={r.receivedAt} /> },
    { id: 'rowCount', header: 'Rows', align: 'right', sortValue: (r) => r.rowCount, cell: (r) => r.rowCount },
    { id: 'status', header: 'Status', sortValue: (r) => r.status, cell: (r) => REPORT_STATUS_LABELS[r.status] },
  ];
}

function WalmartUtilities({ account }: { account: Account }) {
  const connections = useQuery({ queryKey: ['connections', account.accountKey], queryFn: () => api.get<{ connections: ConnectionView[] }>('/connections', { accountKey: account.accountKey }) });
  const q = { search: '', source: 'api' as const, status: '', sort: 'receivedAt', desc: true, limit: 10, offset: 0 };
  const reports = useQuery({ queryKey: ['backend', 'account-reports', account.accountKey, q], queryFn: () => fetchAccountReports(account.accountKey, q) });
  const walmart = connections.data?.connections.find((c) => c.system === 'WALMART');
  const error = connections.error ?? reports.error;
  return (
    <Stack>
      {error && (
        <Alert color="red" role="alert" title="Could not load the Walmart data">
          {error instanceof ApiError ? error.message : 'Something went wrong. Please try again later.'}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Title order={3} size="h5" mb="sm">
          Walmart connection
        </Title>
        {connections.isPending ? (
          <Text size="sm">Loading…</Text>
        ) : walmart ? (
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Status
              </Text>
              <Group>
                <Badge color={BADGE_COLORS[walmart.badge]} variant="light" tt="none">
                  {walmart.badge}
                </Badge>
              </Group>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Store
              </Text>
              <Text size="sm">{walmart.storeName ?? '--'}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Last fetch
              </Text>
              <Text size="sm">{walmart.lastSyncedAt ? <TimestampText value={walmart.lastSyncedAt} /> : 'Never'}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Last error
              </Text>
              <Text size="sm" c={walmart.lastError ? 'red' : undefined}>
                {walmart.lastError ?? 'None'}
              </Text>
            </Stack>
          </SimpleGrid>
        ) : (
          <Text size="sm">This account has no Walmart connection yet; reports can only be uploaded.</Text>
        )}
      </Card>
      <Group justify="space-between">
        <Title order={3} size="h5">
          Reports last fetched from Walmart
        </Title>
        <Anchor component={Link} to={accountAreaPath(account.accountKey, 'transactions/raw')} size="sm">
          All reports
        </Anchor>
      </Group>
      <DataTable label="Reports last fetched from Walmart" columns={reportColumns(account.accountKey)} rows={reports.data?.reports ?? []} getRowId={(r) => r.reportId} isLoading={reports.isPending} emptyText="Nothing was fetched from Walmart for this account yet." />
      <Title order={3} size="h5">
        Fetch a period again
      </Title>
      <Text size="sm" c="dimmed">
        Asks Walmart for the settlements of a period through the account&apos;s own fetch; settlements already stored are recognised, not stored twice. The request shows in the account&apos;s Settings &gt; History with your name.
      </Text>
      <HistoryRequestsPanel accountKey={account.accountKey} salesChannel={account.salesChannel} />
    </Stack>
  );
}

export function AccountWalmartUtilitiesPage() {
  return (
    <AccountAreaFrame>
      {(account) =>
        account.salesChannel === 'WALMART' ? (
          <WalmartUtilities account={account} />
        ) : (
          <Alert color="gray" title="Not a Walmart account">
            {account.accountName} sells on {channelName(account.salesChannel)}, not Walmart, so the Walmart utilities do not apply.
          </Alert>
        )
      }
    </AccountAreaFrame>
  );
}
