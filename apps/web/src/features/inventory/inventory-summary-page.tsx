/**
 * Inventory > Monthly Summary (/inventory, Amazon): the units on hand at a month's end by SKU, valued
 * at the catalog's standard cost on its last day, missing costs flagged (never valued at zero), the
 * value month by month, and the month's movement against the COGS posted (issue 17, decision 0034).
 */
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { InventorySummaryBody } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { countOf, formatCurrency, formatDateValue } from '@ledgerport/core/rules';
import { useSession } from '../../lib/session-context';
import { BarChart } from '../../ui/bar-chart';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { MoneyText } from '../../ui/money-text';
import { fetchInventoryReconciliation, fetchInventorySummary, lastMonth } from './inventory-api';
import { InventoryMonthBar } from './inventory-month-bar';

type SkuRow = InventorySummaryBody['skus'][number];
const unitsOf = (v: string | null) => (v === null ? null : (parseDecimalUnits(v, '.') ?? 0n));

function columns(currency: string): Array<DataColumn<SkuRow>> {
  return [
    { id: 'sku', header: 'SKU', sortValue: (r) => r.sku, cell: (r) => r.sku },
    { id: 'title', header: 'Title', sortValue: (r) => r.title.toLowerCase(), cell: (r) => <Text size="sm" lineClamp={1}>{r.title}</Text> },
    { id: 'units', header: 'Units', align: 'right', sortValue: (r) => r.units, cell: (r) => r.units },
    { id: 'locations', header: 'Locations', align: 'right', sortValue: (r) => r.locationCount, cell: (r) => r.locationCount },
    { id: 'unitCost', header: 'Unit cost', align: 'right', sortValue: (r) => unitsOf(r.unitCost), cell: (r) => (r.isMissingCost ? <Badge color="red" variant="light">No cost</Badge> : <MoneyText amount={r.unitCost} currency={currency} />) },
    { id: 'value', header: 'Value', align: 'right', sortValue: (r) => unitsOf(r.value), cell: (r) => (r.value === null ? '--' : <MoneyText amount={r.value} currency={currency} />) },
  ];
}

type MonthRow = InventorySummaryBody['months'][number];

/** Where a month came from (decision 0050): an uploaded file, or Amazon's report fetched through SP-API. */
function sourceText(source: InventorySummaryBody['source'], at: string | null, fileName: string | null, reportId: string | null): string {
  const when = formatDateValue(at, 'yyyy-MM-dd HH:mm');
  return source === 'SP_API' ? `fetched from Amazon (report ${reportId ?? '--'}) on ${when}` : `uploaded from ${fileName ?? 'a file'} on ${when}`;
}

const monthColumns: Array<DataColumn<MonthRow>> = [
  { id: 'month', header: 'Month', sortValue: (r) => r.month, cell: (r) => r.month },
  { id: 'units', header: 'Units', align: 'right', sortValue: (r) => r.units, cell: (r) => r.units },
  { id: 'source', header: 'Source', sortValue: (r) => r.source, cell: (r) => (r.source === 'SP_API' ? <Badge variant="light">Amazon SP-API</Badge> : <Badge variant="light" color="gray">Upload</Badge>) },
  { id: 'storedAt', header: 'Stored', sortValue: (r) => r.storedAt, cell: (r) => formatDateValue(r.storedAt, 'yyyy-MM-dd HH:mm') },
];

function Reconciliation({ accountKey, month }: { accountKey: string; month: string }) {
  const query = useQuery({ queryKey: ['inventory', 'reconciliation', accountKey, month], queryFn: () => fetchInventoryReconciliation(accountKey, month) });
  if (!query.data?.hasReport) return null;
  const r = query.data;
  return (
    <Card withBorder aria-label="Movement against COGS posted">
      <Title order={2} size="h5" mb="xs">
        Movement against COGS posted
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Text size="sm">Shipped: {r.shippedUnits} units</Text>
        <Text size="sm">Returned: {r.returnedUnits} units</Text>
        <Text size="sm">At cost: {formatCurrency(r.movementCost, r.currency)}</Text>
        <Text size="sm">COGS posted: {formatCurrency(r.cogsPosted, r.currency)}</Text>
      </SimpleGrid>
      <Text size="sm" mt="xs" fw={600} c={r.difference === '0.0000' || r.difference === '0.00' ? 'green' : 'orange'}>
        Difference: {formatCurrency(r.difference, r.currency)}
      </Text>
      {r.missing.length > 0 && (
        <Text size="xs" c="orange">
          {r.missing.length} SKU{r.missing.length === 1 ? '' : 's'} without a cost ({r.missing.map((m) => m.sku).join(', ')}) are left out of the movement at cost, so the difference is not complete.
        </Text>
      )}
    </Card>
  );
}

export function InventorySummaryPage() {
  const { account } = useSession();
  const [month, setMonth] = useState(lastMonth);
  const [text, setText] = useState('');
  const query = useQuery({ queryKey: ['inventory', 'summary', account.accountKey, month], queryFn: () => fetchInventorySummary(account.accountKey, month) });
  const data = query.data;
  const needle = text.trim().toLowerCase();
  const rows = (data?.skus ?? []).filter((r) => !needle || r.sku.toLowerCase().includes(needle) || r.title.toLowerCase().includes(needle));
  return (
    <Stack>
      <InventoryMonthBar accountKey={account.accountKey} month={month} onMonth={setMonth} />
      {query.isError && (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      )}
      {data && !data.hasReport && <Text c="dimmed">No inventory report for {month} yet. Upload the Inventory Ledger summary (Seller Central: Reports &gt; Fulfilment &gt; Inventory Ledger, summary view) for that month.</Text>}
      {data?.hasReport && (
        <>
          <Group gap="xl" role="status">
            <Text>
              {countOf(data.units, 'unit')} on hand at {data.valuedOn}, valued at <strong>{formatCurrency(data.value, data.currency)}</strong>
            </Text>
            <Text size="sm" c="dimmed">
              {sourceText(data.source, data.uploadedAt, data.fileName, data.reportId)}
            </Text>
          </Group>
          {data.missing.length > 0 && (
            <Alert color="orange" title={`${data.missing.length} SKU${data.missing.length === 1 ? ' has' : 's have'} no ${data.currency} cost`} role="alert">
              Their {data.missing.reduce((s, m) => s + m.units, 0)} units are left out of the value (never valued at zero): {data.missing.map((m) => m.sku).join(', ')}.{' '}
              <Anchor component={Link} to="/cost-admin">
                Add their costs in Cost Admin
              </Anchor>
              .
            </Alert>
          )}
          {data.months.length > 1 && <BarChart label={`Inventory value by month (${data.currency})`} data={data.months.map((m) => ({ label: m.month, amount: m.value }))} currency={data.currency} />}
          <TextInput label="Filter SKUs" placeholder="SKU or title" leftSection={<IconSearch size={14} />} value={text} onChange={(e) => setText(e.currentTarget.value)} w={300} />
          <DataTable label={`Inventory at the end of ${month}`} columns={columns(data.currency)} rows={rows} getRowId={(r) => r.sku} clientPageSize={50} initialSort={{ id: 'value', desc: true }} emptyText="No SKU matches." />
          <Reconciliation accountKey={account.accountKey} month={month} />
          <Title order={2} size="h5">
            Where each month came from
          </Title>
          <DataTable label="Stored inventory months" columns={monthColumns} rows={data.months} getRowId={(r) => r.month} initialSort={{ id: 'month', desc: true }} emptyText="No month stored yet." />
        </>
      )}
    </Stack>
  );
}
