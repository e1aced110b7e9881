/**
 * /account/{accountKey}/transactions/raw: the channel reports and files the account received (uploads
 * and fetched reports), searched, filtered, sorted and paged by the server; each row opens the
 * report's stored transactions and its resulting settlement.
 */
import { Anchor, Badge, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AccountReportRow } from '@ledgerport/contract';
import type { Account } from '../../../lib/api-types';
import { channelName } from '../../../ui/channel-icon';
import { DataTable, type ColumnSortState, type DataColumn } from '../../../ui/data-table';
import { DateText, TimestampText } from '../../../ui/date-text';
import { detailPath } from '../../settlements/settlement-path';
import { AccountAreaFrame } from './account-area-frame';
import { REPORT_STATUS_COLORS, REPORT_STATUS_LABELS, fetchAccountReports, reportPath, type ReportListQuery } from './account-area-api';
import { ErrorAlert } from '../../../ui/error-alert';

function columnsFor(accountKey: string): Array<DataColumn<AccountReportRow>> {
  return [
    {
      id: 'reportId',
      header: 'Report',
      isSortable: true,
      cell: (r) => (
        <Anchor component={Link} to={reportPath(accountKey, r.reportId)} size="sm" aria-label={`Open report ${r.reportId}`}>
          {r.reportId}
        </Anchor>
      ),
    },
    { id: 'channel', header: 'Channel', cell: (r) => (r.channel ? channelName(r.channel) : '--') },
    { id: 'source', header: 'Kind', cell: (r) => (r.source === 'api' ? 'Fetched' : 'Upload') + (r.format ? ` · ${r.format}` : '') },
    { id: 'periodEnd', header: 'Period', isSortable: true, cell: (r) => (r.periodStart || r.periodEnd ? <>{r.periodStart ? <DateText value={r.periodStart} /> : '?'} to {r.periodEnd ? <DateText value={r.periodEnd} /> : '?'}</> : '--') },
    { id: 'receivedAt', header: 'Received', isSortable: true, cell: (r) => <TimestampText value={r.receivedAt} /> },
    { id: 'rowCount', header: 'Rows', isSortable: true, align: 'right', cell: (r) => r.rowCount.toLocaleString('en-US') },
    {
      id: 'status',
      header: 'Status',
      isSortable: true,
      cell: (r) => (
        <Stack gap={2}>
          <Badge color={REPORT_STATUS_COLORS[r.status]} variant="light" tt="none">
            {REPORT_STATUS_LABELS[r.status]}
          </Badge>
          {r.message && (
            <Text size="xs" c="dimmed">
              {r.message}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'settlement',
      header: 'Settlement',
      cell: (r) =>
        r.settlementKey ? (
          <Anchor component={Link} to={detailPath(r.settlementKey)} size="sm" aria-label={`Open settlement ${r.settlementId ?? ''} of report ${r.reportId}`}>
            {r.settlementId}
            {r.settlementCount > 1 ? ` (+${r.settlementCount - 1})` : ''}
          </Anchor>
        ) : (
          '--'
        ),
    },
  ];
}

function RawTransactions({ account }: { account: Account }) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, 250);
  const [source, setSource] = useState<ReportListQuery['source']>('');
  const [status, setStatus] = useState('');
  const [sort, setSort] = useState<ColumnSortState | null>({ id: 'receivedAt', desc: true });
  const [page, setPage] = useState({ pageIndex: 0, pageSize: 25 });
  const firstPage = () => setPage((p) => ({ ...p, pageIndex: 0 }));
  const q: ReportListQuery = { search, source, status, sort: sort?.id ?? 'receivedAt', desc: sort?.desc ?? true, limit: page.pageSize, offset: page.pageIndex * page.pageSize };
  const query = useQuery({ queryKey: ['backend', 'account-reports', account.accountKey, q], queryFn: () => fetchAccountReports(account.accountKey, q), placeholderData: keepPreviousData });
  const total = query.data?.total ?? null;
  return (
    <Stack>
      <Group align="end">
        <TextInput
          label="Search reports"
          placeholder="Report id, file or settlement id"
          leftSection={<IconSearch size={14} />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            firstPage();
          }}
          w={300}
        />
        <Select
          label="Kind"
          data={[{ value: '', label: 'Uploads and fetched' }, { value: 'upload', label: 'Uploads' }, { value: 'api', label: 'Fetched' }]}
          value={source}
          onChange={(v) => {
            setSource(v === 'upload' || v === 'api' ? v : '');
            firstPage();
          }}
          allowDeselect={false}
          w={200}
        />
        <Select
          label="Status"
          data={[{ value: '', label: 'Any status' }, ...Object.entries(REPORT_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
          value={status}
          onChange={(v) => {
            setStatus(v ?? '');
            firstPage();
          }}
          allowDeselect={false}
          w={220}
        />
        <Text size="sm" c="dimmed">
          {total === null ? '' : total === 1 ? '1 report' : `${total.toLocaleString('en-US')} reports`}
        </Text>
      </Group>
      <ErrorAlert error={query.error} title="Could not load the reports" />
      <DataTable
        label={`Reports received by ${account.accountName}`}
        columns={columnsFor(account.accountKey)}
        rows={query.data?.reports ?? []}
        getRowId={(r) => `${r.source}:${r.reportId}:${r.receivedAt}`}
        sorting={sort}
        onSortingChange={(next) => {
          setSort(next);
          firstPage();
        }}
        paging={{ ...page, totalRows: total, hasMore: total !== null && (page.pageIndex + 1) * page.pageSize < total, onChange: setPage }}
        isLoading={query.isPending}
        emptyText={search.trim() || source || status ? 'No report matches these filters.' : 'This account has received no report or file yet.'}
      />
    </Stack>
  );
}

export function AccountRawTransactionsPage() {
  return <AccountAreaFrame>{(account) => <RawTransactions account={account} />}</AccountAreaFrame>;
}
