/**
 * The cost of goods sold of a settlement on its detail page: the COGS lines by month, product type and
 * marketplace (as refreshcogs last computed them), the SKUs with no cost flagged with a field to fill
 * each in, Refresh COGS and Send COGS, the FIFO lock adjustments it carries (decision 0049) and the
 * COGS journals posted. Shown when COGS is on.
 */
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { sendSettlement, settlementAction, type SettlementCogsBody } from '@ledgerport/contract';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { monthLabel } from '@ledgerport/core/posting';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { BarChart } from '../../ui/bar-chart';
import { CallGate } from '../../ui/call-gate';
import { MoneyText } from '../../ui/money-text';
import { fetchSettlementCogs, refreshCogs, sendCogs } from './cogs-api';
import { MissingCostForm } from './missing-cost-form';

const messageOf = (e: unknown) =>
  e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.';

function CogsLines({ cogs }: { cogs: SettlementCogsBody }) {
  return (
    <Table striped aria-label="Cost of goods sold lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Month</Table.Th>
          <Table.Th>Product type</Table.Th>
          <Table.Th>Marketplace</Table.Th>
          <Table.Th ta="right">Units sold</Table.Th>
          <Table.Th ta="right">Cost sold</Table.Th>
          <Table.Th ta="right">Units restocked</Table.Th>
          <Table.Th ta="right">Cost restocked</Table.Th>
          <Table.Th ta="right">Written off</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cogs.cells.map((c) => (
          <Table.Tr key={`${c.month}|${c.productType}|${c.marketplace}`}>
            <Table.Td>{c.month}</Table.Td>
            <Table.Td>{c.productType}</Table.Td>
            <Table.Td>{c.marketplace || '--'}</Table.Td>
            <Table.Td ta="right">{c.soldUnits}</Table.Td>
            <Table.Td ta="right">
              <MoneyText amount={c.soldCost} currency={cogs.currency} />
            </Table.Td>
            <Table.Td ta="right">{c.restockedUnits}</Table.Td>
            <Table.Td ta="right">
              <MoneyText amount={c.restockedCost} currency={cogs.currency} />
            </Table.Td>
            <Table.Td ta="right">{c.writtenOffUnits}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Each posted month this settlement's journal corrects, and the month of the part that posts it. */
function LockAdjustments({ cogs }: { cogs: SettlementCogsBody }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        FIFO lock adjustments
      </Title>
      <Text size="sm" c="dimmed">
        Posted months keep the cost they were posted with. FIFO in purchase-date order now costs them
        differently (a lot recorded later, or a sale that arrived late), so the difference is posted
        here, in this settlement&apos;s own month, as a separate part of its COGS journal.
      </Text>
      <Table striped aria-label="FIFO lock adjustments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Corrects (posted month)</Table.Th>
            <Table.Th>Posted in</Table.Th>
            <Table.Th>Cost of goods sold</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cogs.lockAdjustments.flatMap((a) =>
            a.corrections.map((c) => (
              <Table.Tr key={`${a.month}|${c.month}`}>
                <Table.Td>{monthLabel(c.month)}</Table.Td>
                <Table.Td>{monthLabel(a.month)}</Table.Td>
                <Table.Td>{c.amount.startsWith('-') ? 'Less (credit COGS, debit Inventory)' : 'More (debit COGS, credit Inventory)'}</Table.Td>
                <Table.Td ta="right">
                  <MoneyText amount={c.amount} currency={cogs.currency} />
                </Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function SettlementCogsCard({
  settlementKey,
  accountKey,
  onChanged,
}: {
  settlementKey: string;
  accountKey: string;
  onChanged: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'refresh' | 'send' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isAwaitingSend, setAwaitingSend] = useState(false);
  const query = useQuery({
    queryKey: ['settlement-cogs', settlementKey],
    queryFn: () => fetchSettlementCogs(settlementKey),
    // A queued send posts in the background: look again every second until it is posted.
    refetchInterval: (q) => ((isAwaitingSend && q.state.data?.postingStatus !== 'POSTED') || q.state.data?.documents.some((d) => d.status === 'SENDING') ? 1000 : false),
  });
  const cogs = query.data;
  if (!cogs || !cogs.isEnabled) return null;
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ['settlement-cogs', settlementKey] });
    onChanged();
  };
  async function act(what: 'refresh' | 'send') {
    setBusy(what);
    setError(null);
    try {
      if (what === 'refresh') showToast('success', (await refreshCogs(settlementKey)).message);
      else {
        const r = await sendCogs(settlementKey);
        if (r.queued.length > 0) {
          showToast('success', r.message);
          setAwaitingSend(true);
        } else setError(r.message);
      }
      reload();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  }
  const isPosted = cogs.postingStatus === 'POSTED';
  const byMonth = [...new Set(cogs.cells.map((c) => c.month))].map((month) => ({
    label: month,
    amount: monthNet(cogs, month),
  }));
  return (
    <Card withBorder aria-label="Cost of goods sold">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            Cost of goods sold
          </Title>
          <Badge variant="light" color={isPosted ? 'green' : 'gray'}>
            {isPosted
              ? 'COGS posted'
              : cogs.method
                ? `${cogs.method === 'fifo' ? 'FIFO' : 'Standard cost'}`
                : 'Not computed yet'}
          </Badge>
        </Group>
        <Group gap="xs">
          <CallGate entry={settlementAction}>
            <Button
              variant="default"
              size="xs"
              loading={busy === 'refresh'}
              disabled={isPosted}
              onClick={() => void act('refresh')}
            >
              Refresh COGS
            </Button>
          </CallGate>
          <CallGate entry={sendSettlement}>
            <Button
              size="xs"
              loading={busy === 'send'}
              disabled={isPosted || cogs.method === null || cogs.missing.length > 0}
              onClick={() => void act('send')}
            >
              Send COGS
            </Button>
          </CallGate>
        </Group>
      </Group>
      <Stack>
        {error && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {cogs.method === null && (
          <Text size="sm" c="dimmed">
            Refresh COGS to cost the units this settlement sold with your product costs.
          </Text>
        )}
        {cogs.missing.length > 0 && (
          <Alert
            color="orange"
            title={`${cogs.missing.length} SKU${cogs.missing.length === 1 ? ' has' : 's have'} no ${cogs.currency} cost`}
            role="alert"
          >
            <Text size="sm" mb="xs">
              Their units are not costed (never as zero). Fill in each cost, then refresh COGS.
            </Text>
            <Stack gap="xs">
              {cogs.missing.map((m) => (
                <Stack key={m.sku} gap={2}>
                  <Text size="sm">
                    {m.sku}: {m.units} unit{m.units === 1 ? '' : 's'} from {m.firstDate}
                  </Text>
                  <MissingCostForm
                    accountKey={accountKey}
                    sku={m.sku}
                    currency={m.currency}
                    firstDate={m.firstDate}
                    onSaved={() =>
                      showToast('success', `The cost of ${m.sku} is saved; refresh COGS to use it.`)
                    }
                  />
                </Stack>
              ))}
            </Stack>
          </Alert>
        )}
        {cogs.cells.length > 0 && (
          <>
            <Group gap="xl">
              <Text size="sm">
                Net cost of goods sold:{' '}
                <b>
                  <MoneyText amount={cogs.total} currency={cogs.currency} />
                </b>
              </Text>
            </Group>
            <BarChart label="Cost of goods sold by month" currency={cogs.currency} data={byMonth} />
            <CogsLines cogs={cogs} />
          </>
        )}
        {cogs.lockAdjustments.length > 0 && <LockAdjustments cogs={cogs} />}
        {cogs.documents.length > 0 && (
          <Table aria-label="Cost of goods sold journals">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Journal</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cogs.documents.map((d) => (
                <Table.Tr key={`${d.number}-${d.status}`}>
                  <Table.Td>{d.number}</Table.Td>
                  <Table.Td>{d.date}</Table.Td>
                  <Table.Td>
                    {d.status.toLowerCase()}
                    {d.error ? `: ${d.error}` : ''}
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText amount={d.total} currency={cogs.currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/** The month's net cost (sold less restocked), added exactly in units. */
function monthNet(cogs: SettlementCogsBody, month: string): string {
  let units = 0n;
  const unitsOf = (text: string) => parseDecimalUnits(text, '.') ?? 0n;
  for (const c of cogs.cells) if (c.month === month) units += unitsOf(c.soldCost) - unitsOf(c.restockedCost);
  return formatUnits(units);
}
