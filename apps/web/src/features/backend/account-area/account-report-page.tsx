/**
 * /account/{accountKey}/transactions/{reportId}: one received report as stored: the settlements it
 * produced (linked), its totals by type (exact, from the stored type totals), the uploads of that name
 * that stored nothing, and its transactions a page at a time.
 */
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AccountReportDetail } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import type { Account } from '../../../lib/api-types';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { DateText, TimestampText } from '../../../ui/date-text';
import { MoneyText } from '../../../ui/money-text';
import { detailPath } from '../../settlements/settlement-path';
import { AccountAreaFrame } from './account-area-frame';
import { fetchAccountReport } from './account-area-api';
import { accountAreaPath } from '../backend-users-api';
import { ErrorAlert } from '../../../ui/error-alert';

type Detail = AccountReportDetail;
const unitsOf = (text: string | null) => (text === null ? null : (parseDecimalUnits(text) ?? 0n));

const settlementColumns: Array<DataColumn<Detail['settlements'][number]>> = [
  {
    id: 'settlementId',
    header: 'Settlement',
    sortValue: (s) => s.settlementId,
    cell: (s) => (
      <Anchor component={Link} to={detailPath(s.settlementKey)} size="sm" aria-label={`Open settlement ${s.settlementId}`}>
        {s.settlementId}
      </Anchor>
    ),
  },
  { id: 'period', header: 'Period', sortValue: (s) => s.startDate ?? '', cell: (s) => <>{s.startDate ? <DateText value={s.startDate} /> : '?'} to {s.endDate ? <DateText value={s.endDate} /> : '?'}</> },
  { id: 'total', header: 'Deposit', align: 'right', sortValue: (s) => unitsOf(s.total), cell: (s) => <MoneyText amount={s.total} currency={s.currency} /> },
  { id: 'linesTotal', header: 'Lines add up to', align: 'right', sortValue: (s) => unitsOf(s.linesTotal), cell: (s) => <MoneyText amount={s.linesTotal} currency={s.currency} /> },
  { id: 'lineCount', header: 'Lines', align: 'right', sortValue: (s) => s.lineCount, cell: (s) => s.lineCount.toLocaleString('en-US') },
  {
    id: 'state',
    header: 'State',
    sortValue: (s) => `${s.status}${s.postingStatus}`,
    cell: (s) => (
      <Group gap={4}>
        {s.status === 'open' && <Badge variant="light">Open</Badge>}
        {s.isInconsistent && <Badge variant="light" color="orange">Inconsistent</Badge>}
        {s.duplicateOf && <Badge variant="light" color="gray">Duplicate</Badge>}
        <Badge variant="light" color={s.postingStatus === 'POSTED' ? 'green' : 'gray'} tt="none">
          {s.postingStatus === 'POSTED' ? 'Posted' : s.postingStatus === 'PARTIALLY_POSTED' ? 'Partly posted' : 'Not posted'}
        </Badge>
      </Group>
    ),
  },
];

const totalColumns: Array<DataColumn<Detail['totalsByType'][number]>> = [
  { id: 'typeKey', header: 'Transaction type', sortValue: (t) => t.typeKey, cell: (t) => t.typeKey },
  { id: 'lineCount', header: 'Lines', align: 'right', sortValue: (t) => t.lineCount, cell: (t) => t.lineCount.toLocaleString('en-US') },
  { id: 'amount', header: 'Total', align: 'right', sortValue: (t) => unitsOf(t.amount), cell: (t) => <MoneyText amount={t.amount} currency={t.currency} /> },
];

const lineColumns: Array<DataColumn<Detail['lines'][number]>> = [
  { id: 'lineNo', header: 'Line', align: 'right', cell: (l) => l.lineNo },
  { id: 'postedAt', header: 'Date', cell: (l) => (l.postedAt ? <DateText value={l.postedAt} /> : '--') },
  { id: 'typeKey', header: 'Type', cell: (l) => l.typeKey },
  { id: 'orderId', header: 'Order id', cell: (l) => l.orderId ?? '--' },
  { id: 'sku', header: 'SKU', cell: (l) => l.sku ?? '--' },
  { id: 'quantity', header: 'Qty', align: 'right', cell: (l) => l.quantity ?? '--' },
  { id: 'marketplace', header: 'Marketplace', cell: (l) => l.marketplace ?? '--' },
  { id: 'amount', header: 'Amount', align: 'right', cell: (l) => <MoneyText amount={l.amount} currency={l.currency} /> },
];

function ReportTransactions({ account }: { account: Account }) {
  const { reportId = '' } = useParams();
  const [page, setPage] = useState({ pageIndex: 0, pageSize: 50 });
  const query = useQuery({
    queryKey: ['backend', 'account-report', account.accountKey, reportId, page],
    queryFn: () => fetchAccountReport(account.accountKey, reportId, { limit: page.pageSize, offset: page.pageIndex * page.pageSize }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const d = query.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3} size="h5">
          Report {reportId}
          {d ? ` · ${d.source === 'api' ? 'fetched from the channel' : 'uploaded file'}` : ''}
        </Title>
        <Anchor component={Link} to={accountAreaPath(account.accountKey, 'transactions/raw')} size="sm">
          All reports of this account
        </Anchor>
      </Group>
      <ErrorAlert error={query.error} title="Could not load this report" />
      {d && d.files.length > 0 && (
        <Alert color="orange" title="Uploads of this name that stored nothing">
          {d.files.map((f) => (
            <Text size="sm" key={`${f.importId}:${f.fileIndex}`}>
              <TimestampText value={f.receivedAt} />: {f.status}
              {f.message ? ` — ${f.message}` : ''}
            </Text>
          ))}
        </Alert>
      )}
      {d && (
        <>
          <DataTable label="Settlements from this report" columns={settlementColumns} rows={d.settlements} getRowId={(s) => s.settlementKey} emptyText="This report produced no settlement." />
          <Title order={3} size="h5">
            Totals by type
          </Title>
          <DataTable label="Totals by type" columns={totalColumns} rows={d.totalsByType} getRowId={(t) => `${t.currency}:${t.typeKey}`} initialSort={{ id: 'typeKey', desc: false }} emptyText="No transactions are stored for this report." />
          <Title order={3} size="h5">
            Transactions
          </Title>
        </>
      )}
      <DataTable
        label="Transactions of this report"
        columns={lineColumns}
        rows={d?.lines ?? []}
        getRowId={(l) => `${l.settlementKey}:${l.lineNo}`}
        paging={{ ...page, totalRows: d?.lineTotal ?? null, hasMore: d !== undefined && (page.pageIndex + 1) * page.pageSize < d.lineTotal, onChange: setPage }}
        isLoading={query.isPending}
        emptyText="No transactions are stored for this report."
      />
    </Stack>
  );
}

export function AccountReportPage() {
  return <AccountAreaFrame>{(account) => <ReportTransactions account={account} />}</AccountAreaFrame>;
}
