/**
 * Reports > Gift Card Report (Shopify, /shopify/giftcards): gift cards sold and redeemed by month in the
 * account's closed payouts and the outstanding liability at each month's end, from GET
 * /shopify/gift-cards; issued and redeemed open the payouts behind them. The chart shows the liability
 * over time. Only what passed through Shopify Payments is known (decision 0027; said on the page).
 */
import { useState } from 'react';
import { LineChart } from '@mantine/charts';
import { Card, Table, Text, UnstyledButton } from '@mantine/core';
import type { GiftCardReportBody } from '@ledgerport/contract';
import { CHART_PALETTE } from '@ledgerport/core/reports';
import { formatCurrency } from '@ledgerport/core/rules';
import { FigureSourcesDrawer, type FigureChoice } from './figure-sources-drawer';
import { amountCell, saveCsv } from './save-csv';
import { CurrencyViews, ReportCard, ReportPage } from '../../kits/report-page/report-page';
import { chartCoordinate, chartMoney } from '../../kits/report-page/report-charts';

type CurrencyGiftCards = GiftCardReportBody['currencies'][number];

function GiftCardTable({ c, onOpen }: { c: CurrencyGiftCards; onOpen: (choice: FigureChoice) => void }) {
  const money = (v: string) => formatCurrency(v, c.currency);
  const open = (figure: string, label: string, month: string, value: string) => (
    <UnstyledButton onClick={() => onOpen({ figure, label, currency: c.currency, month })} aria-label={`${label} in ${month}: show sources`} td="underline dotted">
      {money(value)}
    </UnstyledButton>
  );
  return (
    <Table striped withTableBorder aria-label={`Gift cards by month (${c.currency})`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Month</Table.Th>
          <Table.Th ta="right">Sold (issued)</Table.Th>
          <Table.Th ta="right">Redeemed</Table.Th>
          <Table.Th ta="right">Outstanding at month end</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td c="dimmed">Opening (before the period)</Table.Td>
          <Table.Td />
          <Table.Td />
          <Table.Td ta="right" ff="monospace">
            {money(c.opening)}
          </Table.Td>
        </Table.Tr>
        {c.months.map((m) => (
          <Table.Tr key={m.month}>
            <Table.Td>{m.month}</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {open('giftCardsIssued', 'Gift cards sold', m.month, m.issued)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {open('giftCardsRedeemed', 'Gift cards redeemed', m.month, m.redeemed)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {money(m.outstandingEnd)}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td fw={700}>Period</Table.Td>
          <Table.Td ta="right" ff="monospace" fw={700}>
            {money(c.issued)}
          </Table.Td>
          <Table.Td ta="right" ff="monospace" fw={700}>
            {money(c.redeemed)}
          </Table.Td>
          <Table.Td ta="right" ff="monospace" fw={700}>
            {money(c.closing)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function downloadCsv(body: GiftCardReportBody) {
  const rows = body.currencies.flatMap((c) => [
    [c.currency, 'opening', '', '', amountCell(c.opening)],
    ...c.months.map((m) => [c.currency, m.month, amountCell(m.issued), amountCell(m.redeemed), amountCell(m.outstandingEnd)]),
  ]);
  saveCsv(`gift-card-report-${body.start}-${body.end}.csv`, ['Currency', 'Month', 'Issued', 'Redeemed', 'Outstanding at month end'], rows);
}

export function GiftCardReportPage() {
  const [choice, setChoice] = useState<FigureChoice | null>(null);
  return (
    <ReportPage<GiftCardReportBody>
      queryName="shopify-gift-cards"
      path="/shopify/gift-cards"
      channelOnly={{ channel: 'SHOPIFY', text: 'The Gift Card Report reads Shopify payouts. Switch to a Shopify account to see it.' }}
      presets={['twelve', 'year', 'all']}
      loadingLabel="Loading the gift card report"
      errorTitle="Could not show the gift card report"
      download={downloadCsv}
      intro={
        <Text size="sm" c="dimmed">
          Counts the gift cards sold and redeemed through Shopify Payments in closed payouts. Cards issued by hand in Shopify, sold or redeemed outside Shopify Payments, or expired are not in this data.
        </Text>
      }
      footer={(range) => <FigureSourcesDrawer choice={choice} range={range} onClose={() => setChoice(null)} />}
    >
      {(body) => (
        <CurrencyViews currencies={body.currencies} layout="stacked" empty={`No payout up to ${body.end} sold or took a gift card.`}>
          {(c) => (
            <>
              <ReportCard title={`Outstanding gift card liability (${c.currency})`} role="figure" aria-label={`Gift card liability by month (${c.currency})`}>
                <LineChart h={220} data={c.months.map((m) => ({ month: m.month, outstanding: chartCoordinate(m.outstandingEnd) }))} dataKey="month" series={[{ name: 'outstanding', label: 'Outstanding', color: CHART_PALETTE[4] }]} valueFormatter={chartMoney(c.currency)} curveType="linear" />
              </ReportCard>
              <Card withBorder>
                <GiftCardTable c={c} onOpen={setChoice} />
              </Card>
            </>
          )}
        </CurrencyViews>
      )}
    </ReportPage>
  );
}
