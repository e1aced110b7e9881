/**
 * Reports > Gift Card Report (Shopify, /shopify/giftcards): gift cards sold and redeemed by month in the
 * account's closed payouts and the outstanding liability at each month's end, from GET
 * /shopify/gift-cards; issued and redeemed open the payouts behind them. The chart shows the liability
 * over time. Only what passed through Shopify Payments is known (decision 0027; said on the page).
 */
import { useState } from 'react';
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Button, Card, Loader, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { GiftCardReportBody } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { CHART_PALETTE } from '@ledgerport/core/reports';
import { formatCurrency } from '@ledgerport/core/rules';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { FigureSourcesDrawer, type FigureChoice } from './figure-sources-drawer';
import { presetRange, ReportRangeForm, type ReportRange } from './report-range-form';
import { amountCell, saveCsv } from './save-csv';
import { BillingRefusalAlert, isBillingRefusal } from '../billing/billing-refusal-alert';

type CurrencyGiftCards = GiftCardReportBody['currencies'][number];
const coordinate = (amount: string): number => Number(parseDecimalUnits(amount, '.') ?? 0n) / 10_000;

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
  const { account } = useSession();
  const [range, setRange] = useState<ReportRange>(() => presetRange('twelve'));
  const [choice, setChoice] = useState<FigureChoice | null>(null);
  const query = useQuery({
    queryKey: ['shopify-gift-cards', account.accountKey, range.start, range.end],
    queryFn: () => api.get<GiftCardReportBody>('/shopify/gift-cards', { accountKey: account.accountKey, ...range }),
    enabled: account.salesChannel === 'SHOPIFY',
  });
  if (account.salesChannel !== 'SHOPIFY') {
    return (
      <Alert color="yellow" title="Shopify accounts only">
        The Gift Card Report reads Shopify payouts. Switch to a Shopify account to see it.
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
      <Text size="sm" c="dimmed">
        Counts the gift cards sold and redeemed through Shopify Payments in closed payouts. Cards issued by hand in Shopify, sold or redeemed outside Shopify Payments, or expired are not in this data.
      </Text>
      {query.isPending ? (
        <Loader aria-label="Loading the gift card report" />
      ) : query.isError && isBillingRefusal(query.error) ? (
        <BillingRefusalAlert error={query.error} accountKey={account.accountKey} />
      ) : query.isError ? (
        <Alert color="red" role="alert" title="Could not show the gift card report">
          {query.error.message}
        </Alert>
      ) : query.data.currencies.length === 0 ? (
        <Alert color="gray" title="No gift card activity">
          No payout up to {query.data.end} sold or took a gift card.
        </Alert>
      ) : (
        query.data.currencies.map((c) => (
          <Stack key={c.currency}>
            <Card withBorder role="figure" aria-label={`Gift card liability by month (${c.currency})`}>
              <Title order={3} size="h5" mb="sm">
                Outstanding gift card liability ({c.currency})
              </Title>
              <LineChart h={220} data={c.months.map((m) => ({ month: m.month, outstanding: coordinate(m.outstandingEnd) }))} dataKey="month" series={[{ name: 'outstanding', label: 'Outstanding', color: CHART_PALETTE[4] }]} valueFormatter={(v) => formatCurrency(v.toFixed(2), c.currency)} curveType="linear" />
            </Card>
            <Card withBorder>
              <GiftCardTable c={c} onOpen={setChoice} />
            </Card>
          </Stack>
        ))
      )}
      <FigureSourcesDrawer choice={choice} range={range} onClose={() => setChoice(null)} />
    </Stack>
  );
}
