/**
 * The summary report's charts (the report-page kit's chart pieces): sales, fees, refunds and net by
 * month, and the fee rate over time.
 */
import { BarChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import type { CurrencySummaryBody } from '@ledgerport/contract';
import { CHART_PALETTE } from '@ledgerport/core/reports';
import { chartCoordinate, chartMoney, FeeRateChart } from '../../kits/report-page/report-charts';
import { ReportCard } from '../../kits/report-page/report-page';

const SERIES = [
  { name: 'sales', label: 'Sales', color: CHART_PALETTE[0] },
  { name: 'fees', label: 'Fees', color: CHART_PALETTE[1] },
  { name: 'refunds', label: 'Refunds', color: CHART_PALETTE[3] },
  { name: 'net', label: 'Net', color: CHART_PALETTE[2] },
];

export function SummaryCharts({ summary }: { summary: CurrencySummaryBody }) {
  const data = summary.months.map((m) => ({
    month: m.month,
    sales: chartCoordinate(m.byCategory.sales),
    fees: chartCoordinate(m.byCategory.fees),
    refunds: chartCoordinate(m.byCategory.refunds),
    net: chartCoordinate(m.net),
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <ReportCard title="Sales, fees, refunds and net by month" role="figure" aria-label={`Sales, fees, refunds and net by month (${summary.currency})`}>
        <BarChart h={260} data={data} dataKey="month" series={SERIES} valueFormatter={chartMoney(summary.currency)} withLegend tickLine="y" />
      </ReportCard>
      <FeeRateChart months={summary.months} currency={summary.currency} />
    </SimpleGrid>
  );
}
