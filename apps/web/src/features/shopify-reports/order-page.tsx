/**
 * One Shopify order (/shopify/order/{orderId}), from GET /shopify/order: its figures and status, every
 * payout it touched (each linking to the settlement) and every line, fee and refund with its source
 * row; downloadable as CSV.
 */
import { Alert, Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { OrderDetailBody } from '@ledgerport/contract';
import { formatCurrency } from '@ledgerport/core/rules';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { detailPath } from '../settlements/settlement-path';
import { STATUS_LABELS } from './orders-page';
import { amountCell, saveCsv } from './save-csv';

function downloadCsv(body: OrderDetailBody) {
  saveCsv(
    `order-${body.order.orderId.replace(/[^A-Za-z0-9-]/g, '')}.csv`,
    ['Order', 'Date', 'Payout', 'Type', 'Amount', 'Description', 'Source file', 'Source row'],
    body.lines.map((l) => [body.order.orderId, l.postedAt?.slice(0, 10) ?? '', l.settlementId, l.label, amountCell(l.amount), l.description ?? '', l.sourceFile ?? '', String(l.sourceRow)]),
  );
}

export function OrderPage() {
  const { account } = useSession();
  const { orderId = '' } = useParams();
  const detail = useQuery({
    queryKey: ['shopify-order', account.accountKey, orderId],
    queryFn: () => api.get<OrderDetailBody>('/shopify/order', { accountKey: account.accountKey, orderId }),
  });
  if (detail.isPending) return <Loader aria-label="Loading the order" />;
  if (detail.isError)
    return (
      <Stack>
        <Alert color="red" role="alert" title={`Could not open order ${orderId}`}>
          {detail.error.message}
        </Alert>
        <Anchor component={Link} to="/shopify/order">
          Back to orders
        </Anchor>
      </Stack>
    );
  const { order, settlements, lines, isTruncated } = detail.data;
  const money = (v: string) => formatCurrency(v, order.currency);
  return (
    <Stack>
      <Group justify="space-between">
        <Group>
          <Title order={2} size="h3">
            Order {order.orderId}
          </Title>
          <Badge color={STATUS_LABELS[order.status]?.color} variant="light">
            {STATUS_LABELS[order.status]?.label ?? order.status}
          </Badge>
        </Group>
        <Group>
          <Anchor component={Link} to="/shopify/order">
            All orders
          </Anchor>
          <Button variant="light" onClick={() => downloadCsv(detail.data)}>
            Download CSV
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        {(
          [
            ['Gross', order.gross],
            ['Fees', order.fees],
            ['Refunds', order.refunds],
            ['Other', order.other],
            ['Net', order.net],
          ] as const
        ).map(([label, value]) => (
          <Card withBorder key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text ff="monospace" fw={600}>
              {money(value)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Payouts
        </Title>
        <Table withTableBorder aria-label="Payouts of this order">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Payout</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Deposited</Table.Th>
              <Table.Th ta="right">This order</Table.Th>
              <Table.Th ta="right">Payout total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {settlements.map((s) => (
              <Table.Tr key={s.settlementKey}>
                <Table.Td>
                  <Anchor component={Link} to={detailPath(s.settlementKey)}>
                    {s.settlementId}
                  </Anchor>
                </Table.Td>
                <Table.Td>{s.status}</Table.Td>
                <Table.Td>{s.depositDate ?? '--'}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {money(s.amount)}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {s.total === null ? '--' : money(s.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Lines, fees and refunds
        </Title>
        {isTruncated && (
          <Alert color="yellow" mb="sm">
            This order has more lines than one page shows; the first {lines.length} are listed. Open each payout for the rest.
          </Alert>
        )}
        <Table striped withTableBorder aria-label="Lines of this order">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Payout</Table.Th>
              <Table.Th>Details</Table.Th>
              <Table.Th>Source row</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={`${l.settlementKey}|${l.lineNo}`}>
                <Table.Td>{l.postedAt?.slice(0, 10) ?? '--'}</Table.Td>
                <Table.Td>{l.label}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={detailPath(l.settlementKey)} size="sm">
                    {l.settlementId}
                  </Anchor>
                </Table.Td>
                <Table.Td>{l.description ?? ''}</Table.Td>
                <Table.Td>
                  {l.sourceFile ?? '--'} row {l.sourceRow}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {money(l.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
