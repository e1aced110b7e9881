/** Drill-down: the source rows a document line summarises (its selector), page by page. */
import { Modal, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LineSelector, SettlementLine } from '@ledgerport/contract';
import { useState } from 'react';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { MoneyText } from '../../ui/money-text';
import { fetchSettlementLines } from './detail-api';

export interface DrillDown {
  title: string;
  selector: LineSelector;
}

function columns(currency: string): Array<DataColumn<SettlementLine>> {
  return [
    { id: 'row', header: 'File row', cell: (l) => `${l.sourceFile} · row ${l.sourceRow}` },
    { id: 'date', header: 'Date', cell: (l) => <DateText value={l.postedAt} /> },
    { id: 'type', header: 'Transaction type', cell: (l) => l.typeLabel },
    { id: 'order', header: 'Order', cell: (l) => l.orderId ?? '--' },
    { id: 'sku', header: 'SKU', cell: (l) => l.sku ?? '--' },
    { id: 'qty', header: 'Qty', align: 'right', cell: (l) => l.quantity ?? '--' },
    { id: 'amount', header: 'Amount', align: 'right', cell: (l) => <MoneyText amount={l.amount} currency={currency} /> },
  ];
}

export function SourceLinesModal({ settlementKey, currency, drill, onClose }: { settlementKey: string; currency: string; drill: DrillDown | null; onClose: () => void }) {
  const [page, setPage] = useState({ pageIndex: 0, pageSize: 25 });
  const query = useQuery({
    queryKey: ['settlement-lines', settlementKey, drill?.selector, page],
    queryFn: () => fetchSettlementLines(settlementKey, drill?.selector ?? {}, page.pageIndex, page.pageSize),
    enabled: drill !== null,
    placeholderData: keepPreviousData,
  });
  const total = query.data?.pagination.totalRows ?? null;
  return (
    <Modal opened={drill !== null} onClose={() => (onClose(), setPage({ pageIndex: 0, pageSize: 25 }))} title={`Source rows: ${drill?.title ?? ''}`} size="xl">
      {total !== null && (
        <Text size="sm" c="dimmed" mb="xs">
          {total === 1 ? '1 source row' : `${total} source rows`}
        </Text>
      )}
      <DataTable
        label="Source rows"
        columns={columns(currency)}
        rows={query.data?.lines ?? []}
        getRowId={(l) => String(l.lineNo)}
        isLoading={query.isPending}
        emptyText="No source rows."
        paging={{ ...page, totalRows: total, hasMore: total !== null && (page.pageIndex + 1) * page.pageSize < total, onChange: setPage }}
      />
    </Modal>
  );
}
