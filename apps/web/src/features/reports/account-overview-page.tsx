/**
 * Account Overview (/overview-settlements): an account's closed settlements' sales, fees and net by
 * month and by channel, the fee rate over time (charts), and its settlements counted by state, from
 * GET /reports/account-overview. Every number links to the settlements list filtered to it (the list
 * keeps its filters per account, so the link writes them first). The list filters by start date, the
 * overview by end day: a month's link shows the settlements that started in it. The charts load on
 * their own (ChartsSlot), so the counts and tables show as soon as the overview arrives.
 */
import { useEffect } from 'react';
import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AccountOverviewBody, PostingStatus } from '@ledgerport/contract';
import { formatCurrency } from '@ledgerport/core/rules';
import { Link } from 'react-router';
import { useSession } from '../../lib/session-context';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { DEFAULT_LIST_STATE, writeSavedListState, type SettlementFilters } from '../settlements/settlement-filters';
import { ChartsSlot, CurrencyViews, ReportCard, ReportPage } from '../../kits/report-page/report-page';
import type { ReportRange } from '../../kits/report-page/report-period';
import { lazyComponent } from '../../ui/lazy-component';

/** The charts, a chunk of their own (ChartsSlot): the counts and tables do not wait for recharts. */
const OverviewCharts = lazyComponent(() => import('./overview-charts').then((m) => m.OverviewCharts));

type CurrencyOverview = AccountOverviewBody['currencies'][number];
type Range = ReportRange;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const monthRange = (month: string): Range => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { start: `${month}-01`, end: isoDay(new Date(Date.UTC(y, m, 0))) };
};

/** A number that opens the settlements list filtered to what it counts. */
function Drill({ accountKey, filters, children, label }: { accountKey: string; filters: Partial<SettlementFilters>; children: string; label: string }) {
  const open = () => writeSavedListState(accountKey, 'standard', { ...DEFAULT_LIST_STATE, filters: { ...DEFAULT_LIST_STATE.filters, ...filters } });
  return (
    <Anchor component={Link} to="/settlements" onClick={open} ff="monospace" aria-label={label}>
      {children}
    </Anchor>
  );
}

function Counts({ body, range }: { body: AccountOverviewBody; range: Range }) {
  const { account } = useSession();
  const c = body.counts;
  const status = (label: string, n: number, statuses: PostingStatus[]) => (
    <Card withBorder key={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Drill accountKey={account.accountKey} filters={{ range, statuses }} label={`${label}: ${n} settlements, open the list`}>
        {String(n)}
      </Drill>
    </Card>
  );
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} role="group" aria-label="Settlements by status">
      {status('Closed', c.closed, [])}
      {status('Open', c.open, [])}
      {status('Not posted', c.notPosted, ['NOT_POSTED'])}
      {status('Posted', c.posted, ['POSTED'])}
      {status('Partially posted', c.partiallyPosted, ['PARTIALLY_POSTED'])}
      {status('Inconsistent', c.inconsistent, [])}
      {status('Duplicates', c.duplicates, [])}
    </SimpleGrid>
  );
}

type MonthRow = CurrencyOverview['months'][number];
type ChannelRow = CurrencyOverview['channels'][number];

function CurrencyOverviewView({ overview, range }: { overview: CurrencyOverview; range: Range }) {
  const { account } = useSession();
  const money = (v: string) => formatCurrency(v, overview.currency);
  const amountColumn = <T extends { sales: string; fees: string; net: string }>(key: 'sales' | 'fees' | 'net', header: string, filtersOf: (row: T) => Partial<SettlementFilters>, nameOf: (row: T) => string): DataColumn<T> => ({
    id: key,
    header,
    align: 'right',
    sortValue: (row) => row[key],
    cell: (row) => (
      <Drill accountKey={account.accountKey} filters={{ currency: overview.currency, ...filtersOf(row) }} label={`${header} ${nameOf(row)}: ${money(row[key])}, open the settlements`}>
        {money(row[key])}
      </Drill>
    ),
  });
  const monthColumns: DataColumn<MonthRow>[] = [
    { id: 'month', header: 'Month', cell: (m) => m.month, sortValue: (m) => m.month },
    ...(['sales', 'fees', 'net'] as const).map((k) => amountColumn<MonthRow>(k, k === 'sales' ? 'Sales' : k === 'fees' ? 'Fees' : 'Net', (m) => ({ range: monthRange(m.month) }), (m) => m.month)),
    { id: 'rate', header: 'Fee rate', align: 'right', cell: (m) => (m.feeRatePercent === null ? '--' : `${m.feeRatePercent}%`), sortValue: (m) => m.feeRatePercent },
  ];
  const channelColumns: DataColumn<ChannelRow>[] = [
    { id: 'channel', header: 'Channel', cell: (c) => c.channel, sortValue: (c) => c.channel },
    ...(['sales', 'fees', 'net'] as const).map((k) => amountColumn<ChannelRow>(k, k === 'sales' ? 'Sales' : k === 'fees' ? 'Fees' : 'Net', (c) => ({ range, channels: [c.channel] }), (c) => c.channel)),
  ];
  return (
    <Stack>
      <Group>
        <Text>
          Sales <b>{money(overview.sales)}</b>, fees <b>{money(overview.fees)}</b>, net <b>{money(overview.net)}</b>
        </Text>
      </Group>
      <ChartsSlot cards={3}>
        <OverviewCharts.Component overview={overview} />
      </ChartsSlot>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ReportCard title="By month">
          <DataTable label={`By month (${overview.currency})`} columns={monthColumns} rows={overview.months} getRowId={(m) => m.month} emptyText="No month" initialSort={{ id: 'month', desc: false }} />
        </ReportCard>
        <ReportCard title="By channel">
          <DataTable label={`By channel (${overview.currency})`} columns={channelColumns} rows={overview.channels} getRowId={(c) => c.channel} emptyText="No channel" />
        </ReportCard>
      </SimpleGrid>
    </Stack>
  );
}

export function AccountOverviewPage() {
  // The charts' code downloads while the overview is asked for, not after it arrives.
  useEffect(() => void OverviewCharts.preload().catch(() => undefined), []);
  return (
    <ReportPage<AccountOverviewBody>
      queryName="account-overview"
      path="/reports/account-overview"
      presets={['twelve']}
      period={{ label: 'Overview period', submitLabel: 'Show overview' }}
      loadingLabel="Loading the account overview"
      errorTitle="Could not show the overview"
      status={(body) => `Settlements ending ${body.start} to ${body.end} (${body.timeZoneId}); sums are of closed settlements.`}
    >
      {(body, range) => (
        <>
          <Counts body={body} range={range} />
          <CurrencyViews currencies={body.currencies} empty="No closed settlement ends in this range. Choose a longer range, or load settlements first.">
            {(c) => <CurrencyOverviewView overview={c} range={range} />}
          </CurrencyViews>
        </>
      )}
    </ReportPage>
  );
}
