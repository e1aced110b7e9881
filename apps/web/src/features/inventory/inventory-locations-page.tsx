/** Inventory > Locations (/inventory-locations, Amazon): a month's end units and value by fulfilment centre (decision 0034). */
import { Alert, Badge, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { InventoryLocationsBody } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { formatCurrency } from '@ledgerport/core/rules';
import { useSession } from '../../lib/session-context';
import { BarChart } from '../../ui/bar-chart';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { MoneyText } from '../../ui/money-text';
import { fetchInventoryLocations, lastMonth } from './inventory-api';
import { InventoryMonthBar } from './inventory-month-bar';

type LocationRow = InventoryLocationsBody['locations'][number];

export function InventoryLocationsPage() {
  const { account } = useSession();
  const [month, setMonth] = useState(lastMonth);
  const query = useQuery({ queryKey: ['inventory', 'locations', account.accountKey, month], queryFn: () => fetchInventoryLocations(account.accountKey, month) });
  const data = query.data;
  const currency = data?.currency ?? 'USD';
  const columns: Array<DataColumn<LocationRow>> = [
    { id: 'location', header: 'Location', sortValue: (r) => r.location, cell: (r) => r.location },
    { id: 'skus', header: 'SKUs', align: 'right', sortValue: (r) => r.skuCount, cell: (r) => r.skuCount },
    { id: 'units', header: 'Units', align: 'right', sortValue: (r) => r.units, cell: (r) => r.units },
    { id: 'missing', header: 'Units without cost', align: 'right', sortValue: (r) => r.missingCostUnits, cell: (r) => (r.missingCostUnits > 0 ? <Badge color="red" variant="light">{r.missingCostUnits}</Badge> : 0) },
    { id: 'value', header: 'Value', align: 'right', sortValue: (r) => parseDecimalUnits(r.value, '.') ?? 0n, cell: (r) => <MoneyText amount={r.value} currency={currency} /> },
  ];
  return (
    <Stack>
      <InventoryMonthBar accountKey={account.accountKey} month={month} onMonth={setMonth} />
      {query.isError && (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      )}
      {data && !data.hasReport && <Text c="dimmed">No inventory report for {month} yet. Upload the Inventory Ledger summary for that month.</Text>}
      {data?.hasReport && (
        <>
          <Text role="status">
            {data.units} units in {data.locations.length} location{data.locations.length === 1 ? '' : 's'} at {data.valuedOn}, valued at <strong>{formatCurrency(data.value, currency)}</strong>
          </Text>
          <BarChart label={`Inventory value by location (${currency})`} data={data.locations.map((l) => ({ label: l.location, amount: l.value }))} currency={currency} />
          <DataTable label={`Inventory by location at the end of ${month}`} columns={columns} rows={data.locations} getRowId={(r) => r.location} clientPageSize={50} initialSort={{ id: 'value', desc: true }} emptyText="No location." />
        </>
      )}
    </Stack>
  );
}
