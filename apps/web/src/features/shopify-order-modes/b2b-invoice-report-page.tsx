/**
 * Reports > B2B Invoice Report (/shopify/b2b-invoice-report): each B2B (single-order) invoice with its
 * order, PO, customer, payout, amount, posting status and whether it was paid or is open, from
 * GET /shopify/b2b-invoices; totals per currency, a chart by month, a table that sorts and filters,
 * and each order linking to its settlement.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Card, Group, Loader, SegmentedControl, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { B2bInvoiceBody, B2bInvoiceReportBody } from '@ledgerport/contract';
import { decimalToUnits } from '@ledgerport/core/money';
import { formatCurrency } from '@ledgerport/core/rules';
import { Link } from 'react-router';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { detailPath } from '../settlements/settlement-path';
import { TableScroll } from '../../ui/data-table';

const B2bInvoiceChart = lazy(() => import('./b2b-invoice-chart').then((m) => ({ default: m.B2bInvoiceChart })));

type SortKey = 'date' | 'orderName' | 'customerName' | 'total' | 'postingStatus';
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'date', label: 'Date' },
  { key: 'orderName', label: 'Order' },
  { key: 'customerName', label: 'Customer' },
  { key: 'total', label: 'Amount' },
  { key: 'postingStatus', label: 'Posted' },
];
const POSTING_WORDS: Record<string, string> = { POSTED: 'Posted', PARTIALLY_POSTED: 'Partly posted', NOT_POSTED: 'Not posted' };

function compare(a: B2bInvoiceBody, b: B2bInvoiceBody, key: SortKey): number {
  if (key === 'total') return decimalToUnits(a.total) < decimalToUnits(b.total) ? -1 : decimalToUnits(a.total) > decimalToUnits(b.total) ? 1 : 0;
  return (a[key] ?? '').localeCompare(b[key] ?? '');
}

function InvoiceTable({ invoices }: { invoices: B2bInvoiceBody[] }) {
  const [sort, setSort] = useState<{ key: SortKey; isAscending: boolean }>({ key: 'date', isAscending: false });
  const [text, setText] = useState('');
  const [paid, setPaid] = useState('all');
  const rows = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const shown = invoices.filter(
      (i) => (paid === 'all' || (paid === 'paid') === i.isPaid) && (needle === '' || [i.orderName, i.poNumber, i.customerName, i.payoutId].some((v) => v?.toLowerCase().includes(needle))),
    );
    return shown.sort((a, b) => (sort.isAscending ? 1 : -1) * compare(a, b, sort.key));
  }, [invoices, text, paid, sort]);
  const sortBy = (key: SortKey) => setSort((s) => ({ key, isAscending: s.key === key ? !s.isAscending : true }));
  return (
    <Stack>
      <Group>
        <TextInput label="Search invoices" placeholder="Order, PO, customer or payout" value={text} onChange={(e) => setText(e.currentTarget.value)} w={300} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="b2b-paid-filter">
            Paid or open
          </Text>
          <SegmentedControl aria-labelledby="b2b-paid-filter" value={paid} onChange={setPaid} data={[{ value: 'all', label: 'All' }, { value: 'paid', label: 'Paid' }, { value: 'open', label: 'Open' }]} />
        </Stack>
      </Group>
      <TableScroll minWidth={760}>
        <Table striped withTableBorder aria-label="B2B invoices">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th key={c.key} ta={c.key === 'total' ? 'right' : undefined} aria-sort={sort.key === c.key ? (sort.isAscending ? 'ascending' : 'descending') : 'none'}>
                  <UnstyledButton onClick={() => sortBy(c.key)} fw={600} fz="sm">
                    {c.label} {sort.key === c.key ? (sort.isAscending ? '▲' : '▼') : ''}
                  </UnstyledButton>
                </Table.Th>
              ))}
              <Table.Th>PO number</Table.Th>
              <Table.Th>Payout</Table.Th>
              <Table.Th>Paid</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((i) => (
              <Table.Tr key={i.settlementKey}>
                <Table.Td>{i.date ?? '--'}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={detailPath(i.settlementKey)} size="sm">
                    {i.orderName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{i.customerName ?? '--'}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatCurrency(i.total, i.currency)}
                </Table.Td>
                <Table.Td>{POSTING_WORDS[i.postingStatus] ?? i.postingStatus}</Table.Td>
                <Table.Td>{i.poNumber ?? '--'}</Table.Td>
                <Table.Td>{i.payoutId}</Table.Td>
                <Table.Td>
                  <Badge color={i.isPaid ? 'green' : 'yellow'} variant="light">
                    {i.isPaid ? 'Paid' : 'Open'}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No invoice matches these filters.
        </Text>
      )}
    </Stack>
  );
}

function Report({ report }: { report: B2bInvoiceReportBody }) {
  if (report.invoices.length === 0) {
    return (
      <Alert title="No B2B invoices yet" role="status">
        Turn on B2B invoices and choose which orders are B2B in{' '}
        <Anchor component={Link} to="/account-settings/shopify-b2b">
          Settings &gt; Shopify B2B Invoice
        </Anchor>
        ; each B2B order then becomes its own invoice here.
      </Alert>
    );
  }
  return (
    <Stack>
      <Group>
        {report.totals.map((t) => (
          <Card key={t.currency} withBorder aria-label={`Totals in ${t.currency}`}>
            <Text size="sm" c="dimmed">
              Invoiced ({t.currency})
            </Text>
            <Text fw={700} ff="monospace">
              {formatCurrency(t.total, t.currency)}
            </Text>
            <Text size="sm" c="dimmed">
              Open: {formatCurrency(t.open, t.currency)}
            </Text>
          </Card>
        ))}
      </Group>
      <Suspense fallback={<Loader aria-label="Loading the chart" />}>
        {report.totals.map((t) => (
          <B2bInvoiceChart key={t.currency} invoices={report.invoices} currency={t.currency} />
        ))}
      </Suspense>
      <Card withBorder>
        <InvoiceTable invoices={report.invoices} />
      </Card>
    </Stack>
  );
}

export function B2bInvoiceReportPage() {
  const { account } = useSession();
  const isShopify = account.salesChannel === 'SHOPIFY';
  const query = useQuery({
    queryKey: ['b2b-invoice-report', account.accountKey],
    queryFn: () => api.get<B2bInvoiceReportBody>('/shopify/b2b-invoices', { accountKey: account.accountKey }),
    enabled: isShopify,
  });
  return (
    <Stack>
      {!isShopify ? (
        <Alert color="yellow" title="Shopify accounts only">
          B2B invoices are made from Shopify orders. Switch to a Shopify account to see them.
        </Alert>
      ) : query.isPending ? (
        <Loader aria-label="Loading the B2B invoices" />
      ) : query.isError ? (
        <Alert color="red" role="alert" title="Could not load the B2B invoices">
          {query.error.message}
        </Alert>
      ) : (
        <Report report={query.data} />
      )}
    </Stack>
  );
}
