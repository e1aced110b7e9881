/**
 * Account Overview (/overview-settlements): an account's closed settlements' sales, fees and net by
 * month and by channel, the fee rate over time (charts), and its settlements counted by state, from
 * GET /reports/account-overview. Every number links to the settlements list filtered to it (the list
 * keeps its filters per account, so the link writes them first). The list filters by start date, the
 * overview by end day: a month's link shows the settlements that started in it.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AccountOverviewBody, PostingStatus } from '@ledgerport/contract';
import { formatCurrency } from '@ledgerport/core/rules';
import { Link } from 'react-router';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { DEFAULT_LIST_STATE, writeSavedListState, type SettlementFilters } from '../settlements/settlement-filters';
import { OverviewCharts } from './overview-charts';

type CurrencyOverview = AccountOverviewBody['currencies'][number];
type Range = { start: string; end: string };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export function lastTwelveMonths(today = new Date()): Range {
  return { start: isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1))), end: isoDay(today) };
}
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
      <OverviewCharts overview={overview} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder>
          <Title order={3} size="h5" mb="sm">
            By month
          </Title>
          <DataTable label={`By month (${overview.currency})`} columns={monthColumns} rows={overview.months} getRowId={(m) => m.month} emptyText="No month" initialSort={{ id: 'month', desc: false }} />
        </Card>
        <Card withBorder>
          <Title order={3} size="h5" mb="sm">
            By channel
          </Title>
          <DataTable label={`By channel (${overview.currency})`} columns={channelColumns} rows={overview.channels} getRowId={(c) => c.channel} emptyText="No channel" />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

export function AccountOverviewPage() {
  const { account } = useSession();
  const [range, setRange] = useState(() => lastTwelveMonths());
  const [draft, setDraft] = useState(range);
  const query = useQuery({
    queryKey: ['account-overview', account.accountKey, range.start, range.end],
    queryFn: () => api.get<AccountOverviewBody>('/reports/account-overview', { accountKey: account.accountKey, start: range.start, end: range.end }),
  });
  return (
    <Stack>
      <Card withBorder component="form" aria-label="Overview period" onSubmit={(e) => (e.preventDefault(), setRange(draft))}>
        <Group align="flex-end">
          <TextInput type="date" label="From date" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.currentTarget.value })} />
          <TextInput type="date" label="To date" value={draft.end} onChange={(e) => setDraft({ ...draft, end: e.currentTarget.value })} />
          <Button type="submit">Show overview</Button>
          <Button variant="default" onClick={() => (setDraft(lastTwelveMonths()), setRange(lastTwelveMonths()))}>
            Last 12 months
          </Button>
        </Group>
      </Card>
      {query.isPending ? (
        <Loader aria-label="Loading the account overview" />
      ) : query.isError ? (
        <Alert color="red" role="alert" title="Could not show the overview">
          {query.error.message}
        </Alert>
      ) : (
        <Stack>
          <Text size="sm" role="status">{`Settlements ending ${query.data.start} to ${query.data.end} (${query.data.timeZoneId}); sums are of closed settlements.`}</Text>
          <Counts body={query.data} range={range} />
          {query.data.currencies.length === 0 ? (
            <Alert color="gray" title="No settlements in this range">
              No closed settlement ends in this range. Choose a longer range, or load settlements first.
            </Alert>
          ) : (
            <Tabs defaultValue={query.data.currencies[0]!.currency}>
              <Tabs.List aria-label="Currencies">
                {query.data.currencies.map((c) => (
                  <Tabs.Tab key={c.currency} value={c.currency}>
                    {c.currency}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {query.data.currencies.map((c) => (
                <Tabs.Panel key={c.currency} value={c.currency} pt="md">
                  <CurrencyOverviewView overview={c} range={range} />
                </Tabs.Panel>
              ))}
            </Tabs>
          )}
        </Stack>
      )}
    </Stack>
  );
}
