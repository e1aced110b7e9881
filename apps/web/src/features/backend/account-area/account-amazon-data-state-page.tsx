/**
 * /account/{accountKey}/amazon/data-state: what Amazon data the account holds (decision 0047): the
 * connection's last fetch, error and next window, each kind of data (settlement reports, open Finances
 * API event groups, deferred transactions, uploads), the open groups, history requests and the gaps in
 * the settlement sequence. A non-Amazon account gets a sentence saying there is nothing to show.
 */
import { Alert, Badge, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AmazonDataState } from '@ledgerport/contract';
import { ApiError } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { channelName } from '../../../ui/channel-icon';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { DateText, TimestampText } from '../../../ui/date-text';
import { AccountAreaFrame } from './account-area-frame';
import { fetchAmazonDataState } from './account-area-api';

const KIND_LABELS: Record<AmazonDataState['kinds'][number]['kind'], string> = {
  'settlement-report': 'Settlement reports (fetched)',
  'open-event-group': 'Open financial event groups',
  'deferred-transactions': 'Deferred transactions',
  upload: 'Uploaded settlement files',
};

const kindColumns: Array<DataColumn<AmazonDataState['kinds'][number]>> = [
  { id: 'kind', header: 'Data', sortValue: (k) => KIND_LABELS[k.kind], cell: (k) => KIND_LABELS[k.kind] },
  { id: 'count', header: 'Settlements', align: 'right', sortValue: (k) => k.count, cell: (k) => k.count },
  { id: 'window', header: 'Covers', sortValue: (k) => k.firstStart ?? '', cell: (k) => (k.firstStart ? <>{<DateText value={k.firstStart} />} to {k.lastEnd ? <DateText value={k.lastEnd} /> : '?'}</> : '--') },
  { id: 'lastReceivedAt', header: 'Last received', sortValue: (k) => k.lastReceivedAt ?? '', cell: (k) => <TimestampText value={k.lastReceivedAt} /> },
];

const groupColumns: Array<DataColumn<AmazonDataState['openGroups'][number]>> = [
  { id: 'groupId', header: 'Event group', sortValue: (g) => g.groupId, cell: (g) => g.groupId },
  { id: 'period', header: 'Period so far', sortValue: (g) => g.startDate ?? '', cell: (g) => <>{g.startDate ? <DateText value={g.startDate} /> : '?'} to {g.endDate ? <DateText value={g.endDate} /> : '?'}</> },
  { id: 'lineCount', header: 'Lines', align: 'right', sortValue: (g) => g.lineCount, cell: (g) => g.lineCount },
  { id: 'fetchedAt', header: 'Fetched', sortValue: (g) => g.fetchedAt, cell: (g) => <TimestampText value={g.fetchedAt} /> },
];

const gapColumns: Array<DataColumn<AmazonDataState['gaps'][number]>> = [
  { id: 'from', header: 'Missing from', sortValue: (g) => g.fromAt, cell: (g) => <DateText value={g.fromAt} /> },
  { id: 'to', header: 'to', sortValue: (g) => g.toAt, cell: (g) => <DateText value={g.toAt} /> },
  { id: 'days', header: 'Days', align: 'right', sortValue: (g) => g.days, cell: (g) => g.days },
  { id: 'between', header: 'Between settlements', cell: (g) => `${g.afterSettlementId} and ${g.beforeSettlementId}` },
  { id: 'where', header: 'Currency / marketplace', sortValue: (g) => g.currency, cell: (g) => `${g.currency}${g.marketplace ? ` · ${g.marketplace}` : ''}` },
];

const historyColumns: Array<DataColumn<AmazonDataState['historyRequests'][number]>> = [
  { id: 'period', header: 'Period', sortValue: (h) => h.fromDate, cell: (h) => `${h.fromDate} to ${h.toDate}` },
  { id: 'requestedAt', header: 'Requested', sortValue: (h) => h.requestedAt, cell: (h) => <TimestampText value={h.requestedAt} /> },
  { id: 'status', header: 'Status', sortValue: (h) => h.status, cell: (h) => h.status },
  { id: 'message', header: 'Message', cell: (h) => h.message ?? '--' },
];

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

function AmazonData({ account }: { account: Account }) {
  const query = useQuery({ queryKey: ['backend', 'amazon-data-state', account.accountKey], queryFn: () => fetchAmazonDataState(account.accountKey), retry: false });
  if (query.isPending) return <Loader aria-label="Loading the Amazon data state" />;
  if (query.isError)
    return (
      <Alert color="red" role="alert" title="Could not load the Amazon data state">
        {query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}
      </Alert>
    );
  const s = query.data;
  const c = s.connection;
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Title order={3} size="h5" mb="sm">
          Amazon connection
        </Title>
        {c ? (
          <SimpleGrid cols={{ base: 2, md: 5 }}>
            <Field label="Status">
              <Badge variant="light" color={c.status === 'CONNECTED' ? 'green' : c.status === 'PENDING' ? 'gray' : 'red'}>
                {c.status}
              </Badge>
            </Field>
            <Field label="Seller id">{c.sellerId ?? '--'}</Field>
            <Field label="Last fetch">{c.lastFetchedAt ? <TimestampText value={c.lastFetchedAt} /> : 'Never'}</Field>
            <Field label="Next fetch starts from">{c.nextFetchFrom ? <TimestampText value={c.nextFetchFrom} /> : 'The look-back window'}</Field>
            <Field label="Last error">{c.lastError ? `${c.lastError}${c.lastErrorAt ? ` (${c.lastErrorAt.slice(0, 16).replace('T', ' ')})` : ''}` : 'None'}</Field>
          </SimpleGrid>
        ) : (
          <Text size="sm">This account has no Amazon connection: its data comes from uploaded files only.</Text>
        )}
      </Card>
      <DataTable label="Amazon data held" columns={kindColumns} rows={s.kinds} getRowId={(k) => k.kind} emptyText="No Amazon settlement is stored for this account." />
      <Title order={3} size="h5">
        Gaps in the settlement sequence
      </Title>
      {s.gaps.length === 0 ? (
        <Text size="sm" c="dimmed">
          No gap: each closed settlement starts where the one before it ended.
        </Text>
      ) : (
        <DataTable label="Gaps in the settlement sequence" columns={gapColumns} rows={s.gaps} getRowId={(g) => `${g.currency}:${g.marketplace ?? ''}:${g.fromAt}`} emptyText="No gap." />
      )}
      <Title order={3} size="h5">
        Open financial event groups
      </Title>
      <DataTable label="Open financial event groups" columns={groupColumns} rows={s.openGroups} getRowId={(g) => g.settlementKey} emptyText="No event group is open: every fetched settlement is closed." />
      <Title order={3} size="h5">
        History requests
      </Title>
      <DataTable label="Amazon history requests" columns={historyColumns} rows={s.historyRequests} getRowId={(h) => h.requestId} emptyText="No history request was made for this account." />
    </Stack>
  );
}

export function AccountAmazonDataStatePage() {
  return (
    <AccountAreaFrame>
      {(account) =>
        account.salesChannel === 'AMAZON' ? (
          <AmazonData account={account} />
        ) : (
          <Alert color="gray" title="Not an Amazon account">
            {account.accountName} sells on {channelName(account.salesChannel)}, not Amazon, so it has no Amazon data to show.
          </Alert>
        )
      }
    </AccountAreaFrame>
  );
}
