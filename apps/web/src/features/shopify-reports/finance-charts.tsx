/**
 * The Finance Report's chart: net and fees by month (@mantine/charts over recharts, loaded only with
 * the report). Bar heights come from the exact decimal strings converted for geometry only; every
 * printed figure is formatted from the exact amounts.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Title } from '@mantine/core';
import type { FinanceReportBody } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { CHART_PALETTE } from '@ledgerport/core/reports';
import { formatCurrency } from '@ledgerport/core/rules';

const coordinate = (amount: string | undefined): number => Number(parseDecimalUnits(amount ?? '0', '.') ?? 0n) / 10_000;

export function FinanceCharts({ report }: { report: FinanceReportBody['currencies'][number] }) {
  const data = report.months.map((m) => ({ month: m.month, gross: coordinate(m.figures.grossSales), fees: coordinate(m.figures.fees), net: coordinate(m.net) }));
  return (
    <Card withBorder role="figure" aria-label={`Gross sales, fees and net by month (${report.currency})`}>
      <Title order={3} size="h5" mb="sm">
        Gross sales, fees and net by month
      </Title>
      <BarChart
        h={260}
        data={data}
        dataKey="month"
        series={[
          { name: 'gross', label: 'Gross sales', color: CHART_PALETTE[0] },
          { name: 'fees', label: 'Fees', color: CHART_PALETTE[1] },
          { name: 'net', label: 'Net', color: CHART_PALETTE[2] },
        ]}
        valueFormatter={(v) => formatCurrency(v.toFixed(2), report.currency)}
        withLegend
        tickLine="y"
      />
    </Card>
  );
}
