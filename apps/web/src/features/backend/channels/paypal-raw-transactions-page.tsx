/**
 * /backend/{accountKey}/paypal/transactions-raw: the account's PayPal transactions as its fetches
 * received them (issue 19, decision 0046), filtered by date and type, sorted and paged by the server,
 * read-only; one transaction's raw JSON in a dialog.
 */
import { Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { PayPalRawTransaction } from '@ledgerport/contract';
import { DataTable, type ColumnSortState, type DataColumn } from '../../../ui/data-table';
import { TimestampText } from '../../../ui/date-text';
import { LazyModal } from '../../../ui/lazy-modal';
import { MoneyText } from '../../../ui/money-text';
import { fetchPayPalRawTransaction, fetchPayPalRawTransactions, paypalRefreshPath } from './backend-channels-api';
import { CallError, ConnectionHeading, RawJson } from './channel-page-parts';

const STATUS_NAMES: Record<string, string> = { S: 'Completed', P: 'Pending', D: 'Denied', V: 'Reversed' };

function RawTransactionDialog({ accountKey, transactionId, onClose }: { accountKey: string; transactionId: string | null; onClose: () => void }) {
  const raw = useQuery({ queryKey: ['backend', 'paypal-raw', accountKey, transactionId], queryFn: () => fetchPayPalRawTransaction(accountKey, transactionId ?? ''), enabled: transactionId !== null });
  return (
    <LazyModal opened={transactionId !== null} onClose={onClose} title={`PayPal transaction ${transactionId ?? ''}`} size="xl">
      {raw.error ? <CallError error={raw.error} channel="PayPal" /> : raw.data ? <RawJson value={raw.data.raw} label={`Raw JSON of ${transactionId ?? ''}`} /> : <Text c="dimmed">Loading…</Text>}
    </LazyModal>
  );
}

export function PayPalRawTransactionsPage() {
  const { accountKey = '' } = useParams();
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [eventCode, setEventCode] = useState<string | null>(null);
  const [sort, setSort] = useState<ColumnSortState | null>({ id: 'initiatedAt', desc: true });
  const [page, setPage] = useState({ pageIndex: 0, pageSize: 25 });
  const [openId, setOpenId] = useState<string | null>(null);
  const firstPage = () => setPage((p) => ({ ...p, pageIndex: 0 }));
  const q = { fromDate, toDate, eventCode: eventCode ?? '', sort: sort?.id ?? 'initiatedAt', desc: sort?.desc ?? true, limit: page.pageSize, offset: page.pageIndex * page.pageSize };
  const list = useQuery({ queryKey: ['backend', 'paypal-raw', accountKey, q], queryFn: () => fetchPayPalRawTransactions(accountKey, q), placeholderData: keepPreviousData, retry: false });
  const total = list.data?.total ?? null;

  const columns: Array<DataColumn<PayPalRawTransaction>> = [
    { id: 'initiatedAt', header: 'Date (UTC)', isSortable: true, cell: (t) => <TimestampText value={t.initiatedAt} /> },
    { id: 'transactionId', header: 'Transaction ID', isSortable: true, cell: (t) => t.transactionId },
    {
      id: 'eventCode',
      header: 'Type',
      isSortable: true,
      cell: (t) => (
        <Stack gap={0}>
          <Text size="sm">{t.typeName}</Text>
          <Text size="xs" c="dimmed">
            {t.eventCode}
          </Text>
        </Stack>
      ),
    },
    { id: 'status', header: 'Status', isSortable: true, cell: (t) => STATUS_NAMES[t.status] ?? (t.status || '--') },
    { id: 'gross', header: 'Gross', isSortable: true, align: 'right', cell: (t) => <MoneyText amount={t.gross} currency={t.currency} /> },
    { id: 'fee', header: 'Fee', align: 'right', cell: (t) => <MoneyText amount={t.fee} currency={t.currency} /> },
    { id: 'fetchedAt', header: 'Received', cell: (t) => <TimestampText value={t.fetchedAt} /> },
    {
      id: 'raw',
      header: 'Raw',
      cell: (t) => (
        <Button size="compact-xs" variant="light" onClick={() => setOpenId(t.transactionId)} aria-label={`View raw JSON of ${t.transactionId}`}>
          View JSON
        </Button>
      ),
    },
  ];

  if (list.error && !list.data)
    return (
      <Stack>
        <ConnectionHeading title="PayPal raw transactions" channel="PayPal" connection={undefined} />
        <CallError error={list.error} channel="PayPal" />
      </Stack>
    );
  return (
    <Stack>
      <Group justify="space-between" align="start">
        <ConnectionHeading title="PayPal raw transactions" channel="PayPal" connection={list.data?.connection} />
        <Anchor component={Link} to={paypalRefreshPath(accountKey)} size="sm">
          Refresh PayPal statements
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        Every transaction PayPal&apos;s Transaction Search gave this account&apos;s fetches, exactly as received. Read-only.
      </Text>
      <Group align="end">
        <TextInput type="date" label="From date" value={fromDate} onChange={(e) => { setFromDate(e.currentTarget.value); firstPage(); }} />
        <TextInput type="date" label="To date" value={toDate} onChange={(e) => { setToDate(e.currentTarget.value); firstPage(); }} />
        <Select
          label="Type"
          placeholder="Every type"
          clearable
          value={eventCode}
          onChange={(v) => { setEventCode(v); firstPage(); }}
          data={(list.data?.types ?? []).map((t) => ({ value: t.eventCode, label: `${t.typeName} (${t.eventCode})` }))}
          w={280}
        />
        <Text size="sm" c="dimmed">
          {total === null ? '' : total === 1 ? '1 transaction' : `${total.toLocaleString('en-US')} transactions`}
        </Text>
      </Group>
      {list.error && <CallError error={list.error} channel="PayPal" />}
      <DataTable
        label="PayPal transactions"
        columns={columns}
        rows={list.data?.transactions ?? []}
        getRowId={(t) => t.transactionId}
        sorting={sort}
        onSortingChange={(next) => { setSort(next); firstPage(); }}
        paging={{ ...page, totalRows: total, hasMore: total !== null && (page.pageIndex + 1) * page.pageSize < total, onChange: setPage }}
        isLoading={list.isPending}
        emptyText={fromDate || toDate || eventCode ? 'No PayPal transaction matches these filters.' : 'No PayPal transactions have been received for this account yet.'}
      />
      <RawTransactionDialog accountKey={accountKey} transactionId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
