/**
 * Reports > Finance Report (Shopify, /shopify/financereport): a date range of closed payouts by figure
 * and month, per currency, from GET /shopify/finance-report; the chart shows gross sales, fees and net
 * by month. Every figure (a month's or the total) opens the payouts and source rows behind it, and the
 * table downloads as CSV.
 */
import { useState } from 'react';
import { Alert, Button, Card, Loader, Stack, Table, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FinanceReportBody } from '@ledgerport/contract';
import { FINANCE_FIGURE_LABELS, FINANCE_FIGURES } from '@ledgerport/core/reports';
import { formatCurrency } from '@ledgerport/core/rules';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { FinanceCharts } from './finance-charts';
import { FigureSourcesDrawer, type FigureChoice } from './figure-sources-drawer';
import { presetRange, ReportRangeForm, type ReportRange } from './report-range-form';
import { amountCell, saveCsv } from './save-csv';
import { BillingRefusalAlert, isBillingRefusal } from '../billing/billing-refusal-alert';
import { TableScroll } from '../../ui/data-table';

type CurrencyFinance = FinanceReportBody['currencies'][number];

function FigureCell({ value, currency, label, onOpen, isBold }: { value: string; currency: string; label: string; onOpen: () => void; isBold?: boolean }) {
  return (
    <Table.Td ta="right" ff="monospace" fw={isBold ? 700 : undefined}>
      <UnstyledButton onClick={onOpen} aria-label={label} td="underline dotted">
        {formatCurrency(value, currency)}
      </UnstyledButton>
    </Table.Td>
  );
}

function FigureTable({ report, onOpen }: { report: CurrencyFinance; onOpen: (c: FigureChoice) => void }) {
  const rows = FINANCE_FIGURES.filter((f) => report.figures[f] !== '0.0000');
  const cell = (figure: string, label: string, value: string, month?: string, isBold?: boolean) => (
    <FigureCell key={month ?? 'total'} value={value} currency={report.currency} isBold={isBold} label={`${label}${month ? ` in ${month}` : ' in total'}: show sources`} onOpen={() => onOpen({ figure, label, currency: report.currency, month })} />
  );
  return (
    <TableScroll minWidth={600}>
      <Table striped withTableBorder aria-label={`Finance report by month (${report.currency})`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Figure</Table.Th>
            {report.months.map((m) => (
              <Table.Th key={m.month} ta="right">
                {m.month}
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((f) => (
            <Table.Tr key={f}>
              <Table.Td>{FINANCE_FIGURE_LABELS[f]}</Table.Td>
              {report.months.map((m) => cell(f, FINANCE_FIGURE_LABELS[f], m.figures[f] ?? '0', m.month))}
              {cell(f, FINANCE_FIGURE_LABELS[f], report.figures[f] ?? '0', undefined, true)}
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>Net</Table.Td>
            {report.months.map((m) => cell('net', 'Net', m.net, m.month, true))}
            {cell('net', 'Net', report.net, undefined, true)}
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Payouts (stated)</Table.Td>
            {report.months.map((m) => (
              <Table.Td key={m.month} ta="right" ff="monospace">
                {formatCurrency(m.payouts, report.currency)}
              </Table.Td>
            ))}
            <Table.Td ta="right" ff="monospace" fw={700}>
              {formatCurrency(report.payouts, report.currency)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function FeeKinds({ report }: { report: CurrencyFinance }) {
  const fees = report.types.filter((t) => t.figure === 'fees');
  if (fees.length === 0) return null;
  return (
    <Card withBorder maw={640}>
      <Title order={3} size="h5" mb="sm">
        Fees by kind
      </Title>
      <Table withTableBorder aria-label={`Fees by kind (${report.currency})`}>
        <Table.Tbody>
          {fees.map((t) => (
            <Table.Tr key={t.typeKey}>
              <Table.Td>{t.label}</Table.Td>
              <Table.Td ta="right">{t.lineCount === 1 ? '1 line' : `${t.lineCount} lines`}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatCurrency(t.total, report.currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function downloadCsv(body: FinanceReportBody) {
  const rows = body.currencies.flatMap((c) =>
    c.months.flatMap((m) => [...FINANCE_FIGURES.map((f) => [c.currency, m.month, FINANCE_FIGURE_LABELS[f], amountCell(m.figures[f] ?? '0')]), [c.currency, m.month, 'Net', amountCell(m.net)], [c.currency, m.month, 'Payouts', amountCell(m.payouts)]]),
  );
  saveCsv(`finance-report-${body.start}-${body.end}.csv`, ['Currency', 'Month', 'Figure', 'Amount'], rows);
}

function CurrencyFinanceView({ report, onOpen }: { report: CurrencyFinance; onOpen: (c: FigureChoice) => void }) {
  const difference = report.net !== report.payouts;
  return (
    <Stack>
      <FinanceCharts report={report} />
      {difference && (
        <Alert color="yellow" title="Lines and payouts differ">
          The payouts state {formatCurrency(report.payouts, report.currency)} while their lines add up to {formatCurrency(report.net, report.currency)}: an inconsistent payout is in this range (see the settlements list).
        </Alert>
      )}
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          By month
        </Title>
        <FigureTable report={report} onOpen={onOpen} />
      </Card>
      <FeeKinds report={report} />
    </Stack>
  );
}

export function FinanceReportPage() {
  const { account } = useSession();
  const [range, setRange] = useState<ReportRange>(() => presetRange('twelve'));
  const [choice, setChoice] = useState<FigureChoice | null>(null);
  const query = useQuery({
    queryKey: ['shopify-finance-report', account.accountKey, range.start, range.end],
    queryFn: () => api.get<FinanceReportBody>('/shopify/finance-report', { accountKey: account.accountKey, ...range }),
    enabled: account.salesChannel === 'SHOPIFY',
  });
  if (account.salesChannel !== 'SHOPIFY') {
    return (
      <Alert color="yellow" title="Shopify accounts only">
        The Finance Report sums Shopify payouts. Switch to a Shopify account to see it.
      </Alert>
    );
  }
  return (
    <Stack>
      <ReportRangeForm range={range} onChange={setRange}>
        <Button variant="light" disabled={!query.data} onClick={() => query.data && downloadCsv(query.data)}>
          Download CSV
        </Button>
      </ReportRangeForm>
      {query.isPending ? (
        <Loader aria-label="Loading the finance report" />
      ) : query.isError && isBillingRefusal(query.error) ? (
        <BillingRefusalAlert error={query.error} accountKey={account.accountKey} />
      ) : query.isError ? (
        <Alert color="red" role="alert" title="Could not show the finance report">
          {query.error.message}
        </Alert>
      ) : (
        <Stack>
          <Text size="sm" role="status">
            {query.data.settlementCount} closed payout{query.data.settlementCount === 1 ? '' : 's'} ending {query.data.start} to {query.data.end} ({query.data.timeZoneId})
            {query.data.openCount > 0 ? `; ${query.data.openCount} open payout${query.data.openCount === 1 ? '' : 's'} left out until paid.` : '.'}
          </Text>
          {query.data.currencies.length === 0 ? (
            <Alert color="gray" title="No payouts in this range">
              No closed payout ends in this range. Choose a longer range, or load payouts first.
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
                  <CurrencyFinanceView report={c} onOpen={setChoice} />
                </Tabs.Panel>
              ))}
            </Tabs>
          )}
        </Stack>
      )}
      <FigureSourcesDrawer choice={choice} range={range} onClose={() => setChoice(null)} />
    </Stack>
  );
}
