/**
 * The report-page kit: what the report pages (Summary, Finance, Gift Card, Account Overview) share.
 * `ReportPage` holds the period (presets), the query of the report for it, the export button, the
 * loading, plan-refusal and error states and the status line; the page says only its endpoint, its
 * words and how it draws one report. `CurrencyViews`, `MonthTable` and `ReportCard` are the pieces
 * the pages draw with.
 */
import { Suspense, useState } from 'react';
import { Alert, Box, Button, Card, Loader, Stack, Table, Tabs, Text, Title, type CardProps } from '@mantine/core';
import { TableScroll } from '../../ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Account } from '../../lib/api-types';
import { useSession } from '../../lib/session-context';
import { BillingRefusalAlert, isBillingRefusal } from '../../features/billing/billing-refusal-alert';
import { ChannelOnlyAlert } from '../channel-only';
import { presetRange, ReportPeriodForm, type ReportPeriodFormProps, type ReportPreset, type ReportRange } from './report-period';

export interface ReportPageProps<T> {
  /** The first part of the query key (the report's cache). */
  queryName: string;
  /** GET path of the report; asked with the account and the range's start and end. */
  path: string;
  /** For one sales channel only: the channel and what the page says to other accounts. */
  channelOnly?: { channel: Account['salesChannel']; text: string };
  presets: readonly ReportPreset[];
  initialPreset?: ReportPreset;
  period?: Pick<ReportPeriodFormProps, 'label' | 'submitLabel'>;
  loadingLabel: string;
  errorTitle: string;
  /** The page's export (Download CSV), enabled once the report is there. */
  download?: (body: T) => void;
  /** Words under the period, shown in every state. */
  intro?: React.ReactNode;
  /** The line above the report (role status). */
  status?: (body: T) => string;
  children: (body: T, range: ReportRange) => React.ReactNode;
  /** Drawn after the report in every state (a drill-down drawer), with the range asked. */
  footer?: (range: ReportRange) => React.ReactNode;
}

export function ReportPage<T>(props: ReportPageProps<T>) {
  const { account } = useSession();
  const [range, setRange] = useState<ReportRange>(() => presetRange(props.initialPreset ?? 'twelve'));
  const isForAccount = !props.channelOnly || props.channelOnly.channel === account.salesChannel;
  const query = useQuery({
    queryKey: [props.queryName, account.accountKey, range.start, range.end],
    queryFn: () => api.get<T>(props.path, { accountKey: account.accountKey, start: range.start, end: range.end }),
    enabled: isForAccount,
  });
  if (!isForAccount) return <ChannelOnlyAlert channel={props.channelOnly!.channel}>{props.channelOnly!.text}</ChannelOnlyAlert>;
  const { download } = props;
  return (
    <Stack>
      <ReportPeriodForm range={range} onChange={setRange} presets={props.presets} {...props.period}>
        {download && (
          <Button variant="light" disabled={!query.data} onClick={() => query.data && download(query.data)}>
            Download CSV
          </Button>
        )}
      </ReportPeriodForm>
      {props.intro}
      {query.isPending ? (
        <Loader aria-label={props.loadingLabel} />
      ) : query.isError && isBillingRefusal(query.error) ? (
        <BillingRefusalAlert error={query.error} accountKey={account.accountKey} />
      ) : query.isError ? (
        <Alert color="red" role="alert" title={props.errorTitle}>
          {query.error.message}
        </Alert>
      ) : (
        <Stack>
          {props.status && (
            <Text size="sm" role="status">
              {props.status(query.data)}
            </Text>
          )}
          {props.children(query.data, range)}
        </Stack>
      )}
      {props.footer?.(range)}
    </Stack>
  );
}

/** The gray note of a report with nothing in its range. */
export function NoReportData({ children }: { children: React.ReactNode }) {
  return (
    <Alert color="gray" title="we found no information to display">
      {children}
    </Alert>
  );
}

/**
 * A report's currencies: one tab each ("tabs"), no tab when there is only one ("tabs-unless-one"), or
 * one under the other ("stacked"); the empty note when there is none.
 */
export function CurrencyViews<C extends { currency: string }>({ currencies, layout = 'tabs', empty, children }: { currencies: readonly C[]; layout?: 'tabs' | 'tabs-unless-one' | 'stacked'; empty: React.ReactNode; children: (c: C) => React.ReactNode }) {
  if (currencies.length === 0) return <NoReportData>{empty}</NoReportData>;
  if (layout === 'stacked') return currencies.map((c) => <Stack key={c.currency}>{children(c)}</Stack>);
  if (layout === 'tabs-unless-one' && currencies.length === 1) return children(currencies[0]!);
  return (
    <Tabs defaultValue={currencies[0]!.currency}>
      <Tabs.List aria-label="Currencies">
        {currencies.map((c) => (
          <Tabs.Tab key={c.currency} value={c.currency}>
            {c.currency}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {currencies.map((c) => (
        <Tabs.Panel key={c.currency} value={c.currency} pt="md">
          {children(c)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** A chart card's height: its padding and border, its heading and a 260 px chart. */
const CHART_CARD_PX = 326;
/** SimpleGrid's default gap (md). */
const GRID_GAP_PX = 16;

/**
 * Where a report's charts go. The charts' code (recharts, about 120 kB gzipped) is a lazy chunk of
 * its own (decision 0026, as the Home page's chart): the report's tables show as soon as its figures
 * arrive, and until the charts' code is here their place stays empty at their height (`cards` chart
 * cards, two a row from lg, one a row below), so nothing moves when they appear.
 */
export function ChartsSlot({ cards, children }: { cards: number; children: React.ReactNode }) {
  const height = (rows: number) => rows * CHART_CARD_PX + (rows - 1) * GRID_GAP_PX;
  return <Suspense fallback={<Box mih={{ base: height(cards), lg: height(Math.ceil(cards / 2)) }} />}>{children}</Suspense>;
}

/** A bordered card with a report section's heading. */
export function ReportCard({ title, children, ...card }: { title: React.ReactNode; children: React.ReactNode } & CardProps & React.ComponentPropsWithoutRef<'div'>) {
  return (
    <Card withBorder {...card}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A table of rows by month: the row heading's column, one column per month and a Total column. */
export function MonthTable({ label, rowHeader, months, children }: { label: string; rowHeader: string; months: readonly { month: string }[]; children: React.ReactNode }) {
  return (
    <TableScroll minWidth={600}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{rowHeader}</Table.Th>
            {months.map((m) => (
              <Table.Th key={m.month} ta="right">
                {m.month}
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableScroll>
  );
}
