/**
 * Reports > Summary Report (Amazon, /amazon/date-range-summary-report): a date range of closed
 * settlements by month (charts and a category table), by transaction type and by marketplace, per
 * currency, from GET /amazon/summary-report. Any range up to ten years; presets for the usual ones.
 * Each type opens its sources (the settlements holding it, and their source rows, through
 * /reports/type-sources); the settlements list, filtered to the same dates and currency, is one click away.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CurrencySummaryBody, SummaryReportBody } from '@ledgerport/contract';
import { formatCurrency } from '@ledgerport/core/rules';
import { Link } from 'react-router';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { SummaryCharts } from './summary-charts';
import { SourcesDrawer } from '../shopify-reports/figure-sources-drawer';
import type { FigureSourcesBody } from '@ledgerport/contract';
import { DEFAULT_LIST_STATE, writeSavedListState } from '../settlements/settlement-filters';
import { BillingRefusalAlert, isBillingRefusal } from '../billing/billing-refusal-alert';
import { TableScroll } from '../../ui/data-table';

const CATEGORY_LABELS: Record<string, string> = {
  sales: 'Sales', shipping: 'Shipping', tax: 'Tax', fees: 'Fees', refunds: 'Refunds', reserves: 'Reserves',
  advertising: 'Advertising', reimbursements: 'Reimbursements', transfers: 'Transfers', other: 'Other',
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
function preset(kind: 'quarter' | 'year' | 'twelve'): { start: string; end: string } {
  const today = new Date();
  if (kind === 'year') return { start: `${today.getUTCFullYear()}-01-01`, end: isoDay(today) };
  const months = kind === 'quarter' ? 3 : 12;
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months + 1, 1));
  return { start: isoDay(start), end: isoDay(today) };
}

function CategoryTable({ summary }: { summary: CurrencySummaryBody }) {
  const money = (v: string | undefined) => formatCurrency(v ?? '0', summary.currency);
  return (
    <TableScroll minWidth={600}>
      <Table striped withTableBorder aria-label={`By month and category (${summary.currency})`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Category</Table.Th>
            {summary.months.map((m) => (
              <Table.Th key={m.month} ta="right">
                {m.month}
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.categories.map((c) => (
            <Table.Tr key={c.category}>
              <Table.Td>{CATEGORY_LABELS[c.category] ?? c.category}</Table.Td>
              {summary.months.map((m) => (
                <Table.Td key={m.month} ta="right" ff="monospace">
                  {money(m.byCategory[c.category])}
                </Table.Td>
              ))}
              <Table.Td ta="right" ff="monospace" fw={600}>
                {money(c.total)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>Net (deposited)</Table.Td>
            {summary.months.map((m) => (
              <Table.Td key={m.month} ta="right" ff="monospace" fw={700}>
                {money(m.net)}
              </Table.Td>
            ))}
            <Table.Td ta="right" ff="monospace" fw={700}>
              {money(summary.total)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td c="dimmed">Fee rate</Table.Td>
            {summary.months.map((m) => (
              <Table.Td key={m.month} ta="right" c="dimmed">
                {m.feeRatePercent === null ? '--' : `${m.feeRatePercent}%`}
              </Table.Td>
            ))}
            <Table.Td />
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function TypeTable({ summary, range }: { summary: CurrencySummaryBody; range: { start: string; end: string } }) {
  const { account } = useSession();
  const [chosen, setChosen] = useState<{ typeKey: string; label: string } | null>(null);
  // The settlements list, filtered to this report's dates and currency (the list keeps its filters per account).
  const openSettlements = () => writeSavedListState(account.accountKey, 'standard', { ...DEFAULT_LIST_STATE, filters: { ...DEFAULT_LIST_STATE.filters, range, currency: summary.currency } });
  return (
    <Stack gap="xs">
      <Table striped withTableBorder aria-label={`By transaction type (${summary.currency})`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Transaction type</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th ta="right">Lines</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.types.map((t) => (
            <Table.Tr key={t.typeKey}>
              <Table.Td>
                <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setChosen({ typeKey: t.typeKey, label: t.label })} aria-label={`${t.label}: show sources`} title={t.typeKey}>
                  {t.label}
                </Anchor>
              </Table.Td>
              <Table.Td>{CATEGORY_LABELS[t.category] ?? t.category}</Table.Td>
              <Table.Td ta="right">{t.lineCount}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatCurrency(t.total, summary.currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Anchor component={Link} to="/settlements" onClick={openSettlements} size="sm">
        Open the settlements of these dates
      </Anchor>
      <SourcesDrawer
        title={chosen ? `${chosen.label} (${summary.currency})` : ''}
        isOpened={chosen !== null}
        onClose={() => setChosen(null)}
        unit="settlement"
        queryKey={['report-type-sources', account.accountKey, range, summary.currency, chosen?.typeKey]}
        load={(page, size) =>
          api.get<FigureSourcesBody>('/reports/type-sources', { accountKey: account.accountKey, ...range, currency: summary.currency, typeKey: chosen!.typeKey, page, size })
        }
      />
    </Stack>
  );
}

function CurrencyReport({ summary, range }: { summary: CurrencySummaryBody; range: { start: string; end: string } }) {
  return (
    <Stack>
      <SummaryCharts summary={summary} />
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          By month and category
        </Title>
        <CategoryTable summary={summary} />
      </Card>
      <Group align="flex-start" grow>
        <Card withBorder>
          <Title order={3} size="h5" mb="sm">
            By transaction type
          </Title>
          <TypeTable summary={summary} range={range} />
        </Card>
        <Card withBorder maw={420}>
          <Title order={3} size="h5" mb="sm">
            By marketplace
          </Title>
          <Table withTableBorder aria-label={`By marketplace (${summary.currency})`}>
            <Table.Tbody>
              {summary.marketplaces.map((m) => (
                <Table.Tr key={m.marketplace}>
                  <Table.Td>{m.marketplace}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatCurrency(m.total, summary.currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </Group>
    </Stack>
  );
}

function Report({ body, range }: { body: SummaryReportBody; range: { start: string; end: string } }) {
  const counts = `${body.settlementCount} closed settlement${body.settlementCount === 1 ? '' : 's'} ending ${body.start} to ${body.end} (${body.timeZoneId})`;
  const notes = [body.inconsistentCount > 0 ? `${body.inconsistentCount} of them do not reconcile to their deposit` : null, body.openCount > 0 ? `${body.openCount} open settlement${body.openCount === 1 ? '' : 's'} left out until they close` : null].filter(Boolean);
  return (
    <Stack>
      <Text size="sm" role="status">
        {counts}
        {notes.length > 0 ? `; ${notes.join('; ')}.` : '.'}
      </Text>
      {body.currencies.length === 0 ? (
        <Alert color="gray" title="No settlements in this range">
          No closed settlement ends in this range. Choose a longer range, or load settlements first.
        </Alert>
      ) : body.currencies.length === 1 ? (
        <CurrencyReport summary={body.currencies[0]!} range={range} />
      ) : (
        <Tabs defaultValue={body.currencies[0]!.currency}>
          <Tabs.List aria-label="Currencies">
            {body.currencies.map((c) => (
              <Tabs.Tab key={c.currency} value={c.currency}>
                {c.currency}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {body.currencies.map((c) => (
            <Tabs.Panel key={c.currency} value={c.currency} pt="md">
              <CurrencyReport summary={c} range={range} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}

export function SummaryReportPage() {
  const { account } = useSession();
  const [range, setRange] = useState(() => preset('twelve'));
  const [draft, setDraft] = useState(range);
  const query = useQuery({
    queryKey: ['amazon-summary-report', account.accountKey, range.start, range.end],
    queryFn: () => api.get<SummaryReportBody>('/amazon/summary-report', { accountKey: account.accountKey, start: range.start, end: range.end }),
    enabled: account.salesChannel === 'AMAZON',
  });
  if (account.salesChannel !== 'AMAZON') {
    return (
      <Alert color="yellow" title="Amazon accounts only">
        The Summary Report sums Amazon settlements. Switch to an Amazon account to see it.
      </Alert>
    );
  }
  const choose = (next: { start: string; end: string }) => (setDraft(next), setRange(next));
  return (
    <Stack>
      <Card withBorder component="form" aria-label="Report period" onSubmit={(e) => (e.preventDefault(), setRange(draft))}>
        <Group align="flex-end">
          <TextInput type="date" label="From date" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.currentTarget.value })} />
          <TextInput type="date" label="To date" value={draft.end} onChange={(e) => setDraft({ ...draft, end: e.currentTarget.value })} />
          <Button type="submit">Show report</Button>
          <Button variant="default" onClick={() => choose(preset('quarter'))}>
            Last 3 months
          </Button>
          <Button variant="default" onClick={() => choose(preset('twelve'))}>
            Last 12 months
          </Button>
          <Button variant="default" onClick={() => choose(preset('year'))}>
            This year
          </Button>
        </Group>
      </Card>
      {query.isPending ? (
        <Loader aria-label="Loading the summary report" />
      ) : query.isError && isBillingRefusal(query.error) ? (
        <BillingRefusalAlert error={query.error} accountKey={account.accountKey} />
      ) : query.isError ? (
        <Alert color="red" role="alert" title="Could not show the summary report">
          {query.error.message}
        </Alert>
      ) : (
        <Report body={query.data} range={range} />
      )}
    </Stack>
  );
}
