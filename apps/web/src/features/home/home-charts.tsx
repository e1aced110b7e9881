/**
 * Home (/admin): the last 12 months' sales, fees and net of the current account, from the same
 * endpoint as the Account Overview. The chart code is a lazy chunk of its own (decision 0026): the
 * Home page's code loads without recharts, and the chart follows.
 */
import { Suspense } from 'react';
import { Anchor, Box, Card, Group, Loader, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AccountOverviewBody } from '@ledgerport/contract';
import { Link } from 'react-router';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { lazyComponent } from '../../ui/lazy-component';

const Chart = lazyComponent(() => import('../reports/overview-charts').then((m) => m.MonthlyFiguresChart));

/** One chart card's height: its padding and border, its heading and the 200 px chart. */
const CHART_CARD_PX = 266;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function HomeCharts() {
  const { account } = useSession();
  const today = new Date();
  const start = isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1)));
  const end = isoDay(today);
  const query = useQuery({
    queryKey: ['account-overview', account.accountKey, start, end],
    queryFn: () => api.get<AccountOverviewBody>('/reports/account-overview', { accountKey: account.accountKey, start, end }),
  });
  return (
    <Card withBorder component="section" aria-label="Last 12 months">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Last 12 months
        </Title>
        <Anchor component={Link} to="/overview-settlements" size="sm">
          Account overview
        </Anchor>
      </Group>
      {query.isPending ? (
        <Loader size="sm" aria-label="Loading the last 12 months" />
      ) : query.isError ? (
        <Text size="sm" c="red" role="alert">
          {query.error.message}
        </Text>
      ) : query.data.currencies.length === 0 ? (
        <Text size="sm" c="dimmed">
          No closed settlement in the last 12 months yet.
        </Text>
      ) : (
        // Its own boundary: while recharts downloads only the chart's place waits (empty, at its
        // height), not the whole Home page.
        query.data.currencies.map((c) => (
          <Suspense key={c.currency} fallback={<Box mih={CHART_CARD_PX} />}>
            <Chart.Component overview={c} height={200} />
          </Suspense>
        ))
      )}
    </Card>
  );
}
