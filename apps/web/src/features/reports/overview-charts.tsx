/**
 * The Account Overview's charts (the report-page kit's chart pieces, loaded only by the pages that show
 * charts: the overview and the Home charts): sales, fees and net by month (bars), net by channel and
 * month (stacked areas) and the fee rate by month (a line), in the 12-colour CHART_PALETTE.
 */
import { AreaChart, BarChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import type { AccountOverviewBody } from '@ledgerport/contract';
import { CHART_PALETTE } from '@ledgerport/core/reports';
import { chartCoordinate, chartMoney, FeeRateChart } from '../../kits/report-page/report-charts';
import { ReportCard } from '../../kits/report-page/report-page';

type CurrencyOverview = AccountOverviewBody['currencies'][number];

const SERIES = [
  { name: 'sales', label: 'Sales', color: CHART_PALETTE[0] },
  { name: 'fees', label: 'Fees', color: CHART_PALETTE[1] },
  { name: 'net', label: 'Net', color: CHART_PALETTE[2] },
];

/** Sales, fees and net by month: the Home page shows this one alone. */
export function MonthlyFiguresChart({ overview, height = 260 }: { overview: CurrencyOverview; height?: number }) {
  const data = overview.months.map((m) => ({ month: m.month, sales: chartCoordinate(m.sales), fees: chartCoordinate(m.fees), net: chartCoordinate(m.net) }));
  return (
    <ReportCard title={`Sales, fees and net by month (${overview.currency})`} role="figure" aria-label={`Sales, fees and net by month (${overview.currency})`}>
      <BarChart h={height} data={data} dataKey="month" series={SERIES} valueFormatter={chartMoney(overview.currency)} withLegend tickLine="y" />
    </ReportCard>
  );
}

export function OverviewCharts({ overview }: { overview: CurrencyOverview }) {
  const channels = overview.channels.map((c) => c.channel);
  const byChannel = overview.months.map((m) => ({ month: m.month, ...Object.fromEntries(channels.map((c) => [c, chartCoordinate(m.byChannel[c]?.net)])) }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <MonthlyFiguresChart overview={overview} />
      <ReportCard title="Net by channel and month" role="figure" aria-label={`Net by channel and month (${overview.currency})`}>
        <AreaChart
          h={260}
          data={byChannel}
          dataKey="month"
          type="stacked"
          series={channels.map((name, i) => ({ name, color: CHART_PALETTE[i % CHART_PALETTE.length]! }))}
          valueFormatter={chartMoney(overview.currency)}
          withLegend
        />
      </ReportCard>
      <FeeRateChart months={overview.months} currency={overview.currency} />
    </SimpleGrid>
  );
}
