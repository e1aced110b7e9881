/**
 * /reconciliation-reports: the account's saved reconciliation reports, newest first, in a client
 * table (a few hundred at most) with sortable columns and a text filter; each opens its report.
 */
import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReconciliationReport } from '@ledgerport/contract';
import { formatDateValue } from '@ledgerport/core/rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session-context';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { TimestampText } from '../../ui/date-text';
import { fetchReconciliationReports, reportPath } from './reconciliation-api';
import { ErrorAlert } from '../../ui/error-alert';

const KIND_LABELS: Record<ReconciliationReport['kind'], string> = { deposits: 'Settlements vs bank deposits', orders: 'Orders vs settlements' };

export function reportPeriod(r: ReconciliationReport): string {
  return r.start && r.end ? `${formatDateValue(r.start)} – ${formatDateValue(r.end)}` : 'All settlements';
}

const columns: Array<DataColumn<ReconciliationReport>> = [
  { id: 'createdAt', header: 'Created', sortValue: (r) => r.createdAt, cell: (r) => <TimestampText value={r.createdAt} /> },
  {
    id: 'fileName',
    header: 'File',
    sortValue: (r) => r.fileName.toLowerCase(),
    cell: (r) => (
      <Stack gap={0}>
        <Anchor component={Link} to={reportPath(r.reconciliationReportId)} size="sm" aria-label={`Open the reconciliation of ${r.fileName}`}>
          {r.fileName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {KIND_LABELS[r.kind]}
        </Text>
      </Stack>
    ),
  },
  { id: 'period', header: 'Settlements ended', sortValue: (r) => r.start ?? '', cell: reportPeriod },
  { id: 'matched', header: 'Matched', align: 'right', sortValue: (r) => (r.kind === 'orders' ? r.counts.paidOrders : r.counts.matched), cell: (r) => (r.kind === 'orders' ? r.counts.paidOrders : r.counts.matched) },
  {
    id: 'unmatched',
    header: 'Unmatched',
    align: 'right',
    sortValue: (r) => unmatchedOf(r),
    cell: (r) => <Badge color={unmatchedOf(r) === 0 ? 'green' : 'orange'} variant="light">{unmatchedOf(r)}</Badge>,
  },
  { id: 'createdBy', header: 'By', sortValue: (r) => r.createdBy ?? '', cell: (r) => r.createdBy ?? '--' },
];

const unmatchedOf = (r: ReconciliationReport) => (r.kind === 'orders' ? r.counts.unpaidOrders : r.counts.unmatchedSettlements + r.counts.unmatchedDeposits);

export function ReconciliationReportsPage() {
  const { account } = useSession();
  const [text, setText] = useState('');
  const query = useQuery({ queryKey: ['reconciliation-reports', account.accountKey], queryFn: () => fetchReconciliationReports(account.accountKey) });
  const needle = text.trim().toLowerCase();
  const rows = (query.data?.reports ?? []).filter((r) => !needle || [r.fileName, r.createdBy ?? '', KIND_LABELS[r.kind], r.start ?? '', r.end ?? ''].some((v) => v.toLowerCase().includes(needle)));
  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md">
        <TextInput label="Filter reports" placeholder="File, kind, date or person" leftSection={<IconSearch size={14} />} value={text} onChange={(e) => setText(e.currentTarget.value)} w={300} />
        <Button component={Link} to="/reconciliation-reports/report" leftSection={<IconPlus size={16} />}>
          New reconciliation
        </Button>
      </Group>
      <ErrorAlert error={query.error} mb="sm" />
      <DataTable
        label="Reconciliation reports"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.reconciliationReportId}
        clientPageSize={25}
        initialSort={{ id: 'createdAt', desc: true }}
        isLoading={query.isPending}
        emptyText={needle ? 'No report matches this filter.' : 'No reconciliation yet: upload a bank statement to match your settlements against the deposits.'}
      />
    </>
  );
}
