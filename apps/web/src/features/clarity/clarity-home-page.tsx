/**
 * Clarity Home (/clarity/dashboard?organizationId=…): sales, fees, refunds, net and margin of the
 * organization's accounts over a period, by month (a chart and a table), by account and by channel,
 * from the server's dashboard call (the report rollup, never settlement lines).
 */
import { Alert, Card, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import type { ClarityContext, ClarityResult } from '@ledgerport/contract';
import { CLARITY_MEASURE_LABELS, marginBasisPoints, type ClarityMeasure } from '@ledgerport/core/clarity';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { lazyComponent } from '../../ui/lazy-component';
import { fetchClarityDashboard, lastMonths } from './clarity-api';
import { ClarityFrame } from './clarity-frame';
import { ClarityResultTable, measureText } from './clarity-result-table';

const Chart = lazyComponent(() => import('./clarity-chart').then((m) => m.ClarityChart));
// The chart's code (recharts) loads beside the page's data, not after it.
void Chart.preload().catch(() => undefined);

const MEASURES: ClarityMeasure[] = ['sales', 'fees', 'refunds', 'net', 'margin'];
const PERIODS = [
  { value: '12', label: 'Last 12 months' },
  { value: '24', label: 'Last 24 months' },
  { value: '36', label: 'Last 36 months' },
];

const units = (value: string | null | undefined) => parseDecimalUnits(value ?? '0', '.') ?? 0n;
const percent = (bp: bigint) =>
  `${bp < 0n ? '-' : ''}${(bp < 0n ? -bp : bp) / 100n}.${String((bp < 0n ? -bp : bp) % 100n).padStart(2, '0')}`;

/** The period's totals per currency: the by-channel rows summed exactly; the margin from core's rule. */
function Totals({ byChannel }: { byChannel: ClarityResult }) {
  const currencies = [...new Set(byChannel.rows.map((r) => r.currency))];
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(currencies.length, 3) || 1 }}>
      {currencies.map((currency) => {
        const rows = byChannel.rows.filter((r) => r.currency === currency);
        const sum = (m: ClarityMeasure) => rows.reduce((total, r) => total + units(r.values[m]), 0n);
        const margin = marginBasisPoints(sum('net'), sum('sales'));
        return (
          <Card key={currency} withBorder role="group" aria-label={`Totals in ${currency}`}>
            <Text size="xs" c="dimmed">
              Totals in {currency}
            </Text>
            <Group gap="lg" mt={4}>
              {(['sales', 'fees', 'refunds', 'net'] as const).map((m) => (
                <div key={m}>
                  <Text size="xs" c="dimmed">
                    {CLARITY_MEASURE_LABELS[m]}
                  </Text>
                  <Text fw={700}>{measureText(m, formatUnits(sum(m)), currency)}</Text>
                </div>
              ))}
              <div>
                <Text size="xs" c="dimmed">
                  Margin
                </Text>
                <Text fw={700}>{margin === null ? '--' : `${percent(margin)} %`}</Text>
              </div>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

function Dashboard({ context }: { context: ClarityContext }) {
  const [months, setMonths] = useState('36');
  const { start, end } = lastMonths(Number(months));
  const query = useQuery({
    queryKey: ['clarity', 'dashboard', context.organizationId, start, end],
    queryFn: () => fetchClarityDashboard(context.organizationId, start, end),
  });
  return (
    <Stack>
      <Group align="end">
        <Select
          label="Period"
          data={PERIODS}
          value={months}
          onChange={(v) => v && setMonths(v)}
          allowDeselect={false}
          w={200}
        />
        <Text size="sm" c="dimmed" mb={8}>
          {start} to {end}, closed settlements
        </Text>
      </Group>
      {query.isPending ? (
        <Loader aria-label="Loading Clarity Home" />
      ) : query.isError ? (
        <Alert color="red" role="alert" title="Could not load Clarity Home">
          {query.error.message}
        </Alert>
      ) : query.data.byMonth.rows.length === 0 ? (
        <Alert color="blue">
          No closed settlement of this organization's accounts ends in this period. Choose a longer period, or
          import settlements into its accounts.
        </Alert>
      ) : (
        <>
          <Totals byChannel={query.data.byChannel} />
          <Suspense fallback={<Loader size="sm" aria-label="Loading the chart" />}>
            <Chart.Component
              title="Sales, fees, refunds and net by month"
              result={query.data.byMonth}
              dimensions={['month']}
              measures={MEASURES}
            />
          </Suspense>
          <Title order={2} size="h4">
            By month
          </Title>
          <ClarityResultTable
            label="Months"
            result={query.data.byMonth}
            dimensions={['month']}
            measures={MEASURES}
          />
          <SimpleGrid cols={{ base: 1, xl: 2 }}>
            <Stack gap="xs">
              <Title order={2} size="h4">
                By account
              </Title>
              <ClarityResultTable
                label="Accounts"
                result={query.data.byAccount}
                dimensions={['account']}
                measures={MEASURES}
              />
            </Stack>
            <Stack gap="xs">
              <Title order={2} size="h4">
                By channel
              </Title>
              <ClarityResultTable
                label="Channels"
                result={query.data.byChannel}
                dimensions={['channel']}
                measures={MEASURES}
              />
            </Stack>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

export function ClarityHomePage() {
  return <ClarityFrame tab="dashboard">{(context) => <Dashboard context={context} />}</ClarityFrame>;
}
