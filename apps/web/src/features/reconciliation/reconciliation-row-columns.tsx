/** The columns of a reconciliation report's rows: the settlement, the bank line (or order), and why. */
import { Anchor, Stack, Text } from '@mantine/core';
import type { ReconciliationRowBody } from '@ledgerport/contract';
import { formatDateValue } from '@ledgerport/core/rules';
import { Link } from 'react-router';
import type { DataColumn } from '../../ui/data-table';
import { MoneyText } from '../../ui/money-text';
import { detailPath } from '../settlements/settlement-path';

const day = (value: string | null) => (value ? formatDateValue(value) : '--');

function SettlementCell({ row: r }: { row: ReconciliationRowBody }) {
  if (!r.settlementKey) return <Text size="sm">--</Text>;
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={detailPath(r.settlementKey)} size="sm" aria-label={`Open settlement ${r.settlementId ?? ''}`}>
        #{r.settlementId}
      </Anchor>
      {r.settlementEndDate && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          ended {day(r.settlementEndDate)}
        </Text>
      )}
    </Stack>
  );
}

function BankCell({ row: r }: { row: ReconciliationRowBody }) {
  if (r.depositRow === null) return <Text size="sm">--</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">
        {day(r.depositDate)} · line {r.depositRow}
      </Text>
      {r.depositDescription && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {r.depositDescription}
        </Text>
      )}
    </Stack>
  );
}

const money = (amount: string | null, currency: string | null) => (
  <Text size="sm" ff="monospace">
    {amount === null ? '--' : <MoneyText amount={amount} currency={currency} />}
  </Text>
);

export function depositRowColumns(): Array<DataColumn<ReconciliationRowBody>> {
  return [
    { id: 'settlement', header: 'Settlement', cell: (r) => <SettlementCell row={r} /> },
    { id: 'settlementAmount', header: 'Settlement amount', align: 'right', cell: (r) => money(r.settlementAmount, r.settlementCurrency) },
    { id: 'bank', header: 'Bank line', cell: (r) => <BankCell row={r} /> },
    { id: 'depositAmount', header: 'Bank amount', align: 'right', cell: (r) => money(r.depositAmount, r.depositCurrency ?? r.settlementCurrency) },
    { id: 'days', header: 'Days after end', align: 'right', cell: (r) => (r.dateDifferenceDays === null ? '--' : r.dateDifferenceDays) },
    { id: 'reason', header: 'Reason', cell: (r) => <Text size="sm">{r.reason}</Text> },
  ];
}

export function orderRowColumns(): Array<DataColumn<ReconciliationRowBody>> {
  return [
    { id: 'order', header: 'Order', cell: (r) => <Text size="sm">{r.orderId}</Text> },
    { id: 'line', header: 'File line', align: 'right', cell: (r) => r.depositRow ?? '--' },
    { id: 'amount', header: 'Amount', align: 'right', cell: (r) => money(r.depositAmount, r.depositCurrency) },
    {
      id: 'settlement',
      header: 'Paid in',
      cell: (r) =>
        r.settlementKey ? (
          <Anchor component={Link} to={detailPath(r.settlementKey)} size="sm" aria-label={`Open settlement ${r.settlementId ?? ''}`}>
            #{r.settlementId}
          </Anchor>
        ) : (
          '--'
        ),
    },
    { id: 'reason', header: 'Reason', cell: (r) => <Text size="sm">{r.reason}</Text> },
  ];
}
