/**
 * The Account Overview's charts (@mantine/charts over recharts, loaded only by the pages that show
 * charts: the overview and the Home charts): sales, fees and net by month (bars), net by channel and
 * month (stacked areas) and the fee rate by month (a line), in the 12-colour CHART_PALETTE. Heights are
 * drawn from the exact decimal strings converted for geometry only; printed figures come from the
 * exact amounts.
 */
import '@mantine/charts/styles.css';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { AccountOverviewBody } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { CHART_PALETTE } from '@ledgerport/core/reports';
import { formatCurrency } from '@ledgerport/core/rules';

type CurrencyOverview = AccountOverviewBody['currencies'][number];

/** A decimal amount as a plotting coordinate (geometry only; never used for a printed figure). */
const coordinate = (amount: string | undefined): number => Number(parseDecimalUnits(amount ?? '0', '.') ?? 0n) / 10_000;

const SERIES = [
  { name: 'sales', label: 'Sales', color: CHART_PALETTE[0] },
  { name: 'fees', label: 'Fees', color: CHART_PALETTE[1] },
  { name: 'net', label: 'Net', color: CHART_PALETTE[2] },
];

/** Sales, fees and net by month: the Home page shows this one alone. */
export function MonthlyFiguresChart({ overview, height = 260 }: { overview: CurrencyOverview; height?: number }) {
  const data = overview.months.map((m) => ({ month: m.month, sales: coordinate(m.sales), fees: coordinate(m.fees), net: coordinate(m.net) }));
  const money = (value: number) => formatCurrency(value.toFixed(2), overview.currency);
  return (
    <Card withBorder role="figure" aria-label={`Sales, fees and net by month (${overview.currency})`}>
      <Title order={3} size="h5" mb="sm">
        Sales, fees and net by month ({overview.currency})
      </Title>
      <BarChart h={height} data={data} dataKey="month" series={SERIES} valueFormatter={money} withLegend tickLine="y" />
    </Card>
  );
}

export function OverviewCharts({ overview }: { overview: CurrencyOverview }) {
  const channels = overview.channels.map((c) => c.channel);
  const byChannel = overview.months.map((m) => ({ month: m.month, ...Object.fromEntries(channels.map((c) => [c, coordinate(m.byChannel[c]?.net)])) }));
  const rates = overview.months.filter((m) => m.feeRatePercent !== null).map((m) => ({ month: m.month, rate: coordinate(m.feeRatePercent!) }));
  const money = (value: number) => formatCurrency(value.toFixed(2), overview.currency);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <MonthlyFiguresChart overview={overview} />
      <Card withBorder role="figure" aria-label={`Net by channel and month (${overview.currency})`}>
        <Title order={3} size="h5" mb="sm">
          Net by channel and month
        </Title>
        <AreaChart
          h={260}
          data={byChannel}
          dataKey="month"
          type="stacked"
          series={channels.map((name, i) => ({ name, color: CHART_PALETTE[i % CHART_PALETTE.length]! }))}
          valueFormatter={money}
          withLegend
        />
      </Card>
      <Card withBorder role="figure" aria-label={`Fee rate by month (${overview.currency})`}>
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
