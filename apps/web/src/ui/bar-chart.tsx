/**
 * A horizontal bar chart of exact amounts (sums by transaction type, by category): the bar lengths
 * are proportions of the largest absolute amount, computed on bigint units; the labels are the
 * exact money text. Negative amounts (fees, refunds) are drawn in red.
 */
import { Box, Group, Stack, Text } from '@mantine/core';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { formatCurrency } from '@ledgerport/core/rules';

export interface BarDatum {
  label: string;
  amount: string;
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/** Width of a bar in tenths of a percent of the largest absolute amount (0..1000). */
export function barPermille(amount: string, max: bigint): number {
  const units = parseDecimalUnits(amount, '.') ?? 0n;
  if (max === 0n) return 0;
  return Number((abs(units) * 1000n) / max);
}

export function BarChart({ label, data, currency }: { label: string; data: BarDatum[]; currency: string }) {
  const max = data.reduce((m, d) => {
    const u = abs(parseDecimalUnits(d.amount, '.') ?? 0n);
    return u > m ? u : m;
  }, 0n);
  return (
    <Stack gap={6} role="figure" aria-label={label}>
      {data.map((d) => {
        const negative = d.amount.startsWith('-');
        return (
          <Group key={d.label} gap="sm" wrap="nowrap">
            <Text size="xs" w={220} truncate="end" title={d.label}>
              {d.label}
            </Text>
            <Box style={{ flex: 1, background: 'var(--mantine-color-gray-1)', borderRadius: 4, height: 14 }}>
              <Box
                style={{ width: `${barPermille(d.amount, max) / 10}%`, minWidth: 2, height: 14, borderRadius: 4 }}
                bg={negative ? 'red.5' : 'teal.5'}
              />
            </Box>
            <Text size="xs" w={110} ta="right" ff="monospace">
              {formatCurrency(d.amount, currency)}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
