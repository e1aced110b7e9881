/**
 * The Finance Report's chart: gross sales, fees and net by month (the report-page kit's chart pieces,
 * loaded only with the report).
 */
import { BarChart } from '@mantine/charts';
import type { FinanceReportBody } from '@ledgerport/contract';
import { CHART_PALETTE } from '@ledgerport/core/reports';
import { chartCoordinate, chartMoney } from '../../kits/report-page/report-charts';
import { ReportCard } from '../../kits/report-page/report-page';

const SERIES = [
  { name: 'gross', label: 'Gross sales', color: CHART_PALETTE[0] },
  { name: 'fees', label: 'Fees', color: CHART_PALETTE[1] },
  { name: 'net', label: 'Net', color: CHART_PALETTE[2] },
];

export function FinanceCharts({ report }: { report: FinanceReportBody['currencies'][number] }) {
  const data = report.months.map((m) => ({ month: m.month, gross: chartCoordinate(m.figures.grossSales), fees: chartCoordinate(m.figures.fees), net: chartCoordinate(m.net) }));
  return (
    <ReportCard title="Gross sales, fees and net by month" role="figure" aria-label={`Gross sales, fees and net by month (${report.currency})`}>
      <BarChart h={260} data={data} dataKey="month" series={SERIES} valueFormatter={chartMoney(report.currency)} withLegend tickLine="y" />
    </ReportCard>
  );
}
