/**
 * Reports > Orders (Shopify, /shopify/order): the orders the account's payouts carried, from GET
 * /shopify/orders: gross, fees, refunds, net, the payouts that paid them and their status; searched by
 * order id, filtered by date and status, sorted by any amount column, paged, downloadable as CSV.
 */
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { OrderSummaryBody, Pagination as PaginationBody } from '@ledgerport/contract';
import { formatCurrency } from '@ledgerport/core/rules';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { detailPath } from '../settlements/settlement-path';
import { amountCell, saveCsv } from './save-csv';
import { TableScroll } from '../../ui/data-table';

type Sort = 'date' | 'orderId' | 'gross' | 'fees' | 'refunds' | 'net';
interface OrderFilters {
  search: string;
  start: string;
  end: string;
  status: string | null;
}
type OrderList = { orders: OrderSummaryBody[]; pagination: PaginationBody };

export const STATUS_LABELS: Record<string, { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'green' },
  'partly-refunded': { label: 'Partly refunded', color: 'yellow' },
  refunded: { label: 'Refunded', color: 'red' },
};
const PAGE = 25;
export const orderPath = (orderId: string) => `/shopify/order/${encodeURIComponent(orderId)}`;

function queryOf(accountKey: string, f: OrderFilters, sort: Sort, direction: 'asc' | 'desc', page: number, size: number) {
  return { accountKey, search: f.search || undefined, start: f.start || undefined, end: f.end || undefined, status: f.status ?? undefined, sort, direction, page, size };
}

async function downloadAll(accountKey: string, f: OrderFilters, sort: Sort, direction: 'asc' | 'desc') {
  const orders: OrderSummaryBody[] = [];
  for (let page = 0; page < 1000; page++) {
    const answer = await api.get<OrderList>('/shopify/orders', queryOf(accountKey, f, sort, direction, page, 100));
    orders.push(...answer.orders);
    if (orders.length >= answer.pagination.totalRows || answer.orders.length === 0) break;
  }
  saveCsv(
    'shopify-orders.csv',
    ['Order', 'Date', 'Currency', 'Gross', 'Fees', 'Refunds', 'Other', 'Net', 'Status', 'Payouts'],
    orders.map((o) => [o.orderId, o.date ?? '', o.currency, amountCell(o.gross), amountCell(o.fees), amountCell(o.refunds), amountCell(o.other), amountCell(o.net), o.status, o.payouts.map((p) => p.settlementId).join(' ')]),
  );
}

function SortHeader({ column, label, sort, direction, onSort }: { column: Sort; label: string; sort: Sort; direction: 'asc' | 'desc'; onSort: (s: Sort) => void }) {
  const active = sort === column;
  return (
    <Table.Th ta={column === 'orderId' || column === 'date' ? undefined : 'right'} aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm">
        {label} {active ? (direction === 'asc' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

export function OrdersPage() {
  const { account } = useSession();
  const [draft, setDraft] = useState<OrderFilters>({ search: '', start: '', end: '', status: null });
  const [filters, setFilters] = useState(draft);
  const [sort, setSort] = useState<Sort>('date');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: ['shopify-orders', account.accountKey, filters, sort, direction, page],
    queryFn: () => api.get<OrderList>('/shopify/orders', queryOf(account.accountKey, filters, sort, direction, page, PAGE)),
    enabled: account.salesChannel === 'SHOPIFY',
  });
  if (account.salesChannel !== 'SHOPIFY') {
    return (
      <Alert color="yellow" title="Shopify accounts only">
        The order report lists the orders in Shopify payouts. Switch to a Shopify account to see it.
      </Alert>
    );
  }
  const onSort = (column: Sort) => {
    setDirection(sort === column && direction === 'desc' ? 'asc' : 'desc');
    setSort(column);
    setPage(0);
  };
  const header = (column: Sort, label: string) => <SortHeader column={column} label={label} sort={sort} direction={direction} onSort={onSort} />;
  return (
    <Stack>
      <Card withBorder component="form" aria-label="Find orders" onSubmit={(e) => (e.preventDefault(), setPage(0), setFilters(draft))}>
        <Group align="flex-end">
          <TextInput label="Order number" placeholder="Search by text" value={draft.search} onChange={(e) => setDraft({ ...draft, search: e.currentTarget.value })} />
          <TextInput type="date" label="From date" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.currentTarget.value })} />
          <TextInput type="date" label="To date" value={draft.end} onChange={(e) => setDraft({ ...draft, end: e.currentTarget.value })} />
          <Select label="Status" clearable placeholder="Any" data={Object.entries(STATUS_LABELS).map(([value, s]) => ({ value, label: s.label }))} value={draft.status} onChange={(status) => setDraft({ ...draft, status })} />
          <Button type="submit">Search</Button>
          <Button variant="light" onClick={() => void downloadAll(account.accountKey, filters, sort, direction)}>
            Download CSV
          </Button>
        </Group>
      </Card>
      {list.isPending ? (
        <Loader aria-label="Loading orders" />
      ) : list.isError ? (
        <Alert color="red" role="alert" title="Could not list the orders">
          {list.error.message}
        </Alert>
      ) : list.data.orders.length === 0 ? (
        <Alert color="gray" title="No matching orders">
          No order of this account's payouts matches. Clear the search or the filters.
        </Alert>
      ) : (
        <Stack>
          <Text size="sm" role="status">
            {list.data.pagination.totalRows} order{list.data.pagination.totalRows === 1 ? '' : 's'}
          </Text>
          <TableScroll minWidth={900}>
            <Table striped withTableBorder aria-label="Orders">
              <Table.Thead>
                <Table.Tr>
                  {header('orderId', 'Order')}
                  {header('date', 'Date')}
                  {header('gross', 'Gross')}
                  {header('fees', 'Fees')}
                  {header('refunds', 'Refunds')}
                  {header('net', 'Net')}
                  <Table.Th>Paid in</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.orders.map((o) => (
                  <Table.Tr key={`${o.orderId}|${o.currency}`}>
                    <Table.Td>
                      <Anchor component={Link} to={orderPath(o.orderId)}>
                        {o.orderId}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{o.date ?? '--'}</Table.Td>
                    {[o.gross, o.fees, o.refunds, o.net].map((v, i) => (
                      <Table.Td key={i} ta="right" ff="monospace">
                        {formatCurrency(v, o.currency)}
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Group gap={6}>
                        {o.payouts.map((p) => (
                          <Anchor key={p.settlementKey} component={Link} to={detailPath(p.settlementKey)} size="sm">
                            {p.settlementId}
                          </Anchor>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_LABELS[o.status]?.color} variant="light">
                        {STATUS_LABELS[o.status]?.label ?? o.status}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {list.data.pagination.totalRows > PAGE && <Pagination total={Math.ceil(list.data.pagination.totalRows / PAGE)} value={page + 1} onChange={(p) => setPage(p - 1)} aria-label="Pages of orders" />}
        </Stack>
      )}
    </Stack>
  );
}
