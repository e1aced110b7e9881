/**
 * The B2B invoice report's chart: invoiced per month, paid and open stacked (@mantine/charts over
 * recharts, loaded only with this page). Bar heights come from the exact amounts converted for
 * geometry only; printed figures are formatted from the decimal strings.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Title } from '@mantine/core';
import type { B2bInvoiceBody } from '@ledgerport/contract';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';
import { CHART_PALETTE } from '@ledgerport/core/reports';
import { formatCurrency } from '@ledgerport/core/rules';

/** A decimal amount as a plotting coordinate (geometry only). */
const coordinate = (units: bigint): number => Number(units) / 10_000;

export function B2bInvoiceChart({ invoices, currency }: { invoices: B2bInvoiceBody[]; currency: string }) {
  const months = new Map<string, { paid: bigint; open: bigint }>();
  for (const i of invoices) {
    if (i.currency !== currency) continue;
    const month = i.date?.slice(0, 7) ?? 'undated';
    const m = months.get(month) ?? { paid: 0n, open: 0n };
    const amount = decimalToUnits(i.total);
    months.set(month, i.isPaid ? { ...m, paid: m.paid + amount } : { ...m, open: m.open + amount });
  }
  const data = [...months].sort(([a], [b]) => a.localeCompare(b)).map(([month, m]) => ({ month, paid: coordinate(m.paid), open: coordinate(m.open), label: formatUnits(m.paid + m.open) }));
  return (
    <Card withBorder role="figure" aria-label={`B2B invoices by month (${currency})`}>
      <Title order={3} size="h5" mb="sm">
        B2B invoices by month, paid and open ({currency})
      </Title>
      <BarChart
        h={220}
        data={data}
        dataKey="month"
        type="stacked"
        series={[
          { name: 'paid', label: 'Paid', color: CHART_PALETTE[2] },
          { name: 'open', label: 'Open', color: CHART_PALETTE[1] },
        ]}
        valueFormatter={(v) => formatCurrency(v.toFixed(2), currency)}
        withLegend
      />
    </Card>
  );
}
