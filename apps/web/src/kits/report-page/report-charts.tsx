/**
 * The report pages' chart pieces (@mantine/charts over recharts, loaded only with the pages that draw
 * charts). Heights come from the exact decimal strings converted for geometry only; every printed
 * figure (axis, tooltip, tables) is formatted from the exact amounts or rounded to the cent.
 */
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { CHART_PALETTE } from '@ledgerport/core/reports';
import { formatCurrency } from '@ledgerport/core/rules';
import { ReportCard } from './report-page';

/** A decimal amount as a plotting coordinate (geometry only; never used for a printed figure). */
export const chartCoordinate = (amount: string | undefined): number => Number(parseDecimalUnits(amount ?? '0', '.') ?? 0n) / 10_000;

/** A plotted coordinate printed as money of the currency, to the cent. */
export const chartMoney = (currency: string) => (value: number) => formatCurrency(value.toFixed(2), currency);

/** The fee rate (fees as a share of sales) by month, of the months that had sales. */
export function FeeRateChart({ months, currency }: { months: readonly { month: string; feeRatePercent: string | null }[]; currency: string }) {
  const rates = months.filter((m) => m.feeRatePercent !== null).map((m) => ({ month: m.month, rate: chartCoordinate(m.feeRatePercent!) }));
  return (
    <ReportCard title="Fee rate (fees as a share of sales)" role="figure" aria-label={`Fee rate by month (${currency})`}>
      {rates.length === 0 ? (
        <Text size="sm" c="dimmed">
          No month with sales in this range.
        </Text>
      ) : (
        <LineChart h={260} data={rates} dataKey="month" series={[{ name: 'rate', label: 'Fee rate', color: CHART_PALETTE[4] }]} valueFormatter={(v) => `${v.toFixed(2)}%`} curveType="linear" />
      )}
    </ReportCard>
  );
}
