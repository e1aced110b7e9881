/**
 * Clarity's charts (@mantine/charts over recharts, the library of the Home and Summary Report charts),
 * a lazy chunk of its own (decision 0026): bars of the chosen money measures by the first dimension's
 * value, one chart per currency; the margin (a percent) as a line of its own. Heights come from the
 * exact decimal strings converted for geometry only; printed figures come from the strings.
 */
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, Stack, Title } from '@mantine/core';
import type { ClarityResult } from '@ledgerport/contract';
import { CLARITY_MEASURE_LABELS, type ClarityDimension, type ClarityMeasure } from '@ledgerport/core/clarity';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { CHART_PALETTE } from '@ledgerport/core/reports';
import { formatCurrency } from '@ledgerport/core/rules';
import { dimensionText } from './clarity-result-table';

/** A decimal amount as a plotting coordinate (geometry only; never used for a printed figure). */
const coordinate = (amount: string | null | undefined): number =>
  Number(parseDecimalUnits(amount ?? '0', '.') ?? 0n) / 10_000;

export function ClarityChart({
  title,
  result,
  dimensions,
  measures,
  height = 280,
}: {
  title: string;
  result: ClarityResult;
  dimensions: readonly ClarityDimension[];
  measures: readonly ClarityMeasure[];
  height?: number;
}) {
  const currencies = [...new Set(result.rows.map((r) => r.currency))];
  const money = measures.filter((m) => m !== 'margin');
  const label = (keys: string[]) =>
    keys.length === 0 ? 'All' : keys.map((k, i) => dimensionText(dimensions[i]!, k)).join(' · ');
  return (
    <Stack>
      {currencies.map((currency) => {
        const rows = result.rows.filter((r) => r.currency === currency);
        const data = rows.map((r) => ({
          group: label(r.keys),
          ...Object.fromEntries(measures.map((m) => [m, coordinate(r.values[m])])),
        }));
        return (
          <Card key={currency} withBorder role="figure" aria-label={`${title} (${currency})`}>
            <Title order={3} size="h5" mb="sm">
              {title} ({currency})
            </Title>
            {money.length > 0 && (
              <BarChart
                h={height}
                data={data}
                dataKey="group"
                series={money.map((m, i) => ({
                  name: m,
                  label: CLARITY_MEASURE_LABELS[m],
                  color: CHART_PALETTE[i % CHART_PALETTE.length]!,
                }))}
                valueFormatter={(v) => formatCurrency(v.toFixed(2), currency)}
                withLegend
                tickLine="y"
              />
            )}
            {measures.includes('margin') && (
              <LineChart
                h={160}
                data={data}
                dataKey="group"
                series={[{ name: 'margin', label: 'Margin %', color: CHART_PALETTE[5] }]}
                valueFormatter={(v) => `${v.toFixed(2)} %`}
                withLegend
                tickLine="y"
                mt="md"
              />
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
