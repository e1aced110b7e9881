/**
 * The summary report's charts (@mantine/charts over recharts, loaded only by the report pages):
 * sales, fees, refunds and net by month, and the fee rate over time. Bar heights are drawn from the
 * exact decimal strings converted for geometry only; every printed figure (axis, tooltip, tables) is
 * formatted from the exact amounts or rounded to the cent.
 */
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { CurrencySummaryBody } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { CHART_PALETTE } from '@ledgerport/core/reports';
import { formatCurrency } from '@ledgerport/core/rules';

/** A decimal amount as a plotting coordinate (geometry only; never used for a printed figure). */
const coordinate = (amount: string | undefined): number => Number(parseDecimalUnits(amount ?? '0', '.') ?? 0n) / 10_000;

const SERIES = [
  { name: 'sales', label: 'Sales', color: CHART_PALETTE[0] },
  { name: 'fees', label: 'Fees', color: CHART_PALETTE[1] },
  { name: 'refunds', label: 'Refunds', color: CHART_PALETTE[3] },
  { name: 'net', label: 'Net', color: CHART_PALETTE[2] },
];

export function SummaryCharts({ summary }: { summary: CurrencySummaryBody }) {
  const data = summary.months.map((m) => ({
    month: m.month,
    sales: coordinate(m.byCategory.sales),
    fees: coordinate(m.byCategory.fees),
    refunds: coordinate(m.byCategory.refunds),
    net: coordinate(m.net),
  }));
  const rates = summary.months.filter((m) => m.feeRatePercent !== null).map((m) => ({ month: m.month, rate: coordinate(m.feeRatePercent!) }));
  const money = (value: number) => formatCurrency(value.toFixed(2), summary.currency);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Card withBorder role="figure" aria-label={`Sales, fees, refunds and net by month (${summary.currency})`}>
        <Title order={3} size="h5" mb="sm">
          Sales, fees, refunds and net by month
        </Title>
        <BarChart h={260} data={data} dataKey="month" series={SERIES.map(({ name, label, color }) => ({ name, label, color }))} valueFormatter={money} withLegend tickLine="y" />
      </Card>
      <Card withBorder role="figure" aria-label={`Fee rate by month (${summary.currency})`}>
        <Title order={3} size="h5" mb="sm">
          Fee rate (fees as a share of sales)
        </Title>
        {rates.length === 0 ? (
          <Text size="sm" c="dimmed">
            No month with sales in this range.
          </Text>
        ) : (
          <LineChart h={260} data={rates} dataKey="month" series={[{ name: 'rate', label: 'Fee rate', color: CHART_PALETTE[4] }]} valueFormatter={(v) => `${v.toFixed(2)}%`} curveType="linear" />
        )}
      </Card>
    </SimpleGrid>
  );
}
