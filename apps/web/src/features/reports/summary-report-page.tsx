/**
 * Reports > Summary Report (Amazon, /amazon/date-range-summary-report): a date range of closed
 * settlements by month (charts and a category table), by transaction type and by marketplace, per
 * currency, from GET /amazon/summary-report. The charts load on their own (ChartsSlot), so the
 * tables show as soon as the report arrives. Any range up to ten years; presets for the usual ones.
 * Each type opens its sources (the settlements holding it, and their source rows, through
 * /reports/type-sources); the settlements list, filtered to the same dates and currency, is one click away.
 */
import { useEffect, useState } from 'react';
import { Anchor, Group, Stack, Table } from '@mantine/core';
import type { CurrencySummaryBody, FigureSourcesBody, SummaryReportBody } from '@ledgerport/contract';
import { formatCurrency } from '@ledgerport/core/rules';
import { Link } from 'react-router';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { SourcesDrawer } from '../shopify-reports/figure-sources-drawer';
import { DEFAULT_LIST_STATE, writeSavedListState } from '../settlements/settlement-filters';
import { ChartsSlot, CurrencyViews, MonthTable, ReportCard, ReportPage } from '../../kits/report-page/report-page';
import type { ReportRange } from '../../kits/report-page/report-period';
import { lazyComponent } from '../../ui/lazy-component';

/** The charts, a chunk of their own (ChartsSlot): the tables do not wait for recharts. */
const SummaryCharts = lazyComponent(() => import('./summary-charts').then((m) => m.SummaryCharts));

const CATEGORY_LABELS: Record<string, string> = {
  sales: 'Sales', shipping: 'Shipping', tax: 'Tax', fees: 'Fees', refunds: 'Refunds', reserves: 'Reserves',
  advertising: 'Advertising', reimbursements: 'Reimbursements', transfers: 'Transfers', other: 'Other',
};

function CategoryTable({ summary }: { summary: CurrencySummaryBody }) {
  const money = (v: string | undefined) => formatCurrency(v ?? '0', summary.currency);
  return (
    <MonthTable label={`By month and category (${summary.currency})`} rowHeader="Category" months={summary.months}>
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
    </MonthTable>
  );
}

function TypeTable({ summary, range }: { summary: CurrencySummaryBody; range: ReportRange }) {
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

function CurrencyReport({ summary, range }: { summary: CurrencySummaryBody; range: ReportRange }) {
  return (
    <Stack>
      <ChartsSlot cards={2}>
        <SummaryCharts.Component summary={summary} />
      </ChartsSlot>
      <ReportCard title="By month and category">
        <CategoryTable summary={summary} />
      </ReportCard>
      <Group align="flex-start" grow>
        <ReportCard title="By transaction type">
          <TypeTable summary={summary} range={range} />
        </ReportCard>
        <ReportCard title="By marketplace" maw={420}>
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
        </ReportCard>
      </Group>
    </Stack>
  );
}

function statusLine(body: SummaryReportBody): string {
  const counts = `${body.settlementCount} closed settlement${body.settlementCount === 1 ? '' : 's'} ending ${body.start} to ${body.end} (${body.timeZoneId})`;
  const notes = [body.inconsistentCount > 0 ? `${body.inconsistentCount} of them do not reconcile to their deposit` : null, body.openCount > 0 ? `${body.openCount} open settlement${body.openCount === 1 ? '' : 's'} left out until they close` : null].filter(Boolean);
  return `${counts}${notes.length > 0 ? `; ${notes.join('; ')}.` : '.'}`;
}

export function SummaryReportPage() {
  // The charts' code downloads while the report is asked for, not after it arrives.
  useEffect(() => void SummaryCharts.preload().catch(() => undefined), []);
  return (
    <ReportPage<SummaryReportBody>
      queryName="amazon-summary-report"
      path="/amazon/summary-report"
      channelOnly={{ channel: 'AMAZON', text: 'The Summary Report sums Amazon settlements. Switch to an Amazon account to see it.' }}
      presets={['quarter', 'twelve', 'year']}
      loadingLabel="Loading the summary report"
      errorTitle="Could not show the summary report"
      status={statusLine}
    >
      {(body, range) => (
        <CurrencyViews currencies={body.currencies} layout="tabs-unless-one" empty="No closed settlement ends in this range. Choose a longer range, or load settlements first.">
          {(c) => <CurrencyReport summary={c} range={range} />}
        </CurrencyViews>
      )}
    </ReportPage>
  );
}
