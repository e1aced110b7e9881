/**
 * Reports > Finance Report (Shopify, /shopify/financereport): a date range of closed payouts by figure
 * and month, per currency, from GET /shopify/finance-report; the chart shows gross sales, fees and net
 * by month. Every figure (a month's or the total) opens the payouts and source rows behind it, and the
 * table downloads as CSV.
 */
import { useState } from 'react';
import { Alert, Stack, Table, UnstyledButton } from '@mantine/core';
import type { FinanceReportBody } from '@ledgerport/contract';
import { FINANCE_FIGURE_LABELS, FINANCE_FIGURES } from '@ledgerport/core/reports';
import { formatCurrency } from '@ledgerport/core/rules';
import { FinanceCharts } from './finance-charts';
import { FigureSourcesDrawer, type FigureChoice } from './figure-sources-drawer';
import { amountCell, saveCsv } from './save-csv';
import { CurrencyViews, MonthTable, ReportCard, ReportPage } from '../../kits/report-page/report-page';

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
    <MonthTable label={`Finance report by month (${report.currency})`} rowHeader="Figure" months={report.months}>
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
    </MonthTable>
  );
}

function FeeKinds({ report }: { report: CurrencyFinance }) {
  const fees = report.types.filter((t) => t.figure === 'fees');
  if (fees.length === 0) return null;
  return (
    <ReportCard title="Fees by kind" maw={640}>
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
    </ReportCard>
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
      <ReportCard title="By month">
        <FigureTable report={report} onOpen={onOpen} />
      </ReportCard>
      <FeeKinds report={report} />
    </Stack>
  );
}

const statusLine = (body: FinanceReportBody) =>
  `${body.settlementCount} closed payout${body.settlementCount === 1 ? '' : 's'} ending ${body.start} to ${body.end} (${body.timeZoneId})${body.openCount > 0 ? `; ${body.openCount} open payout${body.openCount === 1 ? '' : 's'} left out until paid.` : '.'}`;

export function FinanceReportPage() {
  const [choice, setChoice] = useState<FigureChoice | null>(null);
  return (
    <ReportPage<FinanceReportBody>
      queryName="shopify-finance-report"
      path="/shopify/finance-report"
      channelOnly={{ channel: 'SHOPIFY', text: 'The Finance Report sums Shopify payouts. Switch to a Shopify account to see it.' }}
      presets={['twelve', 'year', 'all']}
      loadingLabel="Loading the finance report"
      errorTitle="Could not show the finance report"
      download={downloadCsv}
      status={statusLine}
      footer={(range) => <FigureSourcesDrawer choice={choice} range={range} onClose={() => setChoice(null)} />}
    >
      {(body) => (
        <CurrencyViews currencies={body.currencies} empty="No closed payout ends in this range. Choose a longer range, or load payouts first.">
          {(c) => <CurrencyFinanceView report={c} onOpen={setChoice} />}
        </CurrencyViews>
      )}
    </ReportPage>
  );
}
