/**
 * /reconciliation-reports/report/:reconciliationReportId: what was compared, counts and totals, and
 * the rows of each outcome in a tab (matched, settlements without a deposit, deposits without a
 * settlement; for an order list paid and unpaid), each settlement linking to its detail, each
 * unmatched row saying why. Export CSV downloads every row; Delete removes the report.
 */
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReconciliationReport, ReconciliationRowKindBody } from '@ledgerport/contract';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { DataTable } from '../../ui/data-table';
import { TimestampText } from '../../ui/date-text';
import { MoneyText } from '../../ui/money-text';
import { deleteReconciliationReport, exportReconciliationReport, fetchReconciliationReport } from './reconciliation-api';
import { reportPeriod } from './reconciliation-reports-page';
import { depositRowColumns, orderRowColumns } from './reconciliation-row-columns';

const DEPOSIT_TABS: { kind: ReconciliationRowKindBody; label: string; count: (r: ReconciliationReport) => number }[] = [
  { kind: 'matched', label: 'Matched', count: (r) => r.counts.matched },
  { kind: 'unmatched-settlement', label: 'Settlements without deposit', count: (r) => r.counts.unmatchedSettlements },
  { kind: 'unmatched-deposit', label: 'Deposits without settlement', count: (r) => r.counts.unmatchedDeposits },
];
const ORDER_TABS: typeof DEPOSIT_TABS = [
  { kind: 'paid-order', label: 'Paid', count: (r) => r.counts.paidOrders },
  { kind: 'unpaid-order', label: 'Unpaid', count: (r) => r.counts.unpaidOrders },
];

function Count({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={600} c={tone}>
        {value.toLocaleString('en-US')}
      </Text>
    </Card>
  );
}

function Summary({ report: r }: { report: ReconciliationReport }) {
  if (r.kind === 'orders') {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3 }} mb="md">
        <Count label="Orders" value={r.counts.orders} />
        <Count label="Paid" value={r.counts.paidOrders} />
        <Count label="Unpaid" value={r.counts.unpaidOrders} tone={r.counts.unpaidOrders ? 'orange' : undefined} />
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="sm" mb="md">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
        <Count label="Settlements" value={r.counts.settlements} />
        <Count label="Bank deposits" value={r.counts.deposits} />
        <Count label="Matched" value={r.counts.matched} tone="green" />
        <Count label="Settlements without deposit" value={r.counts.unmatchedSettlements} tone={r.counts.unmatchedSettlements ? 'orange' : undefined} />
        <Count label="Deposits without settlement" value={r.counts.unmatchedDeposits} tone={r.counts.unmatchedDeposits ? 'orange' : undefined} />
        <Count label="Bank lines not compared" value={r.counts.ignored} />
      </SimpleGrid>
      {r.totals.length > 0 && (
        <Table aria-label="Totals by currency" withTableBorder maw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Currency</Table.Th>
              <Table.Th ta="right">Settlements</Table.Th>
              <Table.Th ta="right">Bank deposits</Table.Th>
              <Table.Th ta="right">Matched</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.totals.map((t) => (
              <Table.Tr key={t.currency}>
                <Table.Td>{t.currency || 'Not stated'}</Table.Td>
                {[t.settlementTotal, t.depositTotal, t.matchedTotal].map((amount, i) => (
                  <Table.Td key={i} ta="right" ff="monospace">
                    <MoneyText amount={amount} currency={t.currency || null} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export function ReconciliationReportPage() {
  const { reconciliationReportId: id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<ReconciliationRowKindBody | null>(null);
  const [paging, setPaging] = useState({ pageIndex: 0, pageSize: 25 });
  const [confirming, setConfirming] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const summary = useQuery({ queryKey: ['reconciliation-report', id, 'summary'], queryFn: () => fetchReconciliationReport(id, 'matched', 0, 1), enabled: id !== '' });
  const report = summary.data?.report;
  const tabs = report?.kind === 'orders' ? ORDER_TABS : DEPOSIT_TABS;
  // Open on the first outcome that needs attention.
  const active = tab ?? (report ? ([...tabs].reverse().find((t) => t.count(report) > 0 && t.kind !== 'matched' && t.kind !== 'paid-order')?.kind ?? tabs[0]!.kind) : null);
  const rows = useQuery({
    queryKey: ['reconciliation-report', id, active, paging],
    queryFn: () => fetchReconciliationReport(id, active!, paging.pageIndex, paging.pageSize),
    enabled: active !== null,
    placeholderData: keepPreviousData,
  });
  const back = (
    <Anchor component={Link} to="/reconciliation-reports" size="sm">
      ← All reconciliation reports
    </Anchor>
  );
  const error = summary.error ?? rows.error;
  if (error || !report) {
    return (
      <Stack>
        {back}
        {error ? <Alert color="red" role="alert">{error instanceof ApiError ? error.message : 'Something went wrong. Please try again later.'}</Alert> : <Text c="dimmed">Loading the report…</Text>}
      </Stack>
    );
  }
  const act = (work: () => Promise<unknown>) => () => {
    setActionError(null);
    work().catch((e: unknown) => setActionError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.'));
  };
  const remove = act(async () => {
    await deleteReconciliationReport(id);
    await queryClient.invalidateQueries({ queryKey: ['reconciliation-reports'] });
    void navigate('/reconciliation-reports');
  });
  const totalRows = rows.data?.pagination.totalRows ?? null;
  return (
    <Stack gap="sm">
      {back}
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>{report.fileName}</Text>
          <Text size="sm" c="dimmed">
            {report.kind === 'orders' ? 'Orders against settlements' : `Settlements that ended ${reportPeriod(report)}, deposits booked ${report.daysAfterMin} to ${report.daysAfterMax} days later (${report.format.toUpperCase()})`}
          </Text>
          <Text size="xs" c="dimmed">
            Made <TimestampText value={report.createdAt} />
            {report.createdBy ? ` by ${report.createdBy}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={act(() => exportReconciliationReport(id))}>
            Export CSV
          </Button>
          {confirming ? (
            <>
              <Button color="red" onClick={remove}>
                Delete this report
              </Button>
              <Button variant="subtle" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      {actionError && (
        <Alert color="red" role="alert">
          {actionError}
        </Alert>
      )}
      <Summary report={report} />
      <Tabs
        value={active}
        onChange={(v) => {
          setTab(v as ReconciliationRowKindBody);
          setPaging((p) => ({ ...p, pageIndex: 0 }));
        }}
      >
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.kind} value={t.kind}>
              {t.label} ({t.count(report)})
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataTable
        label={tabs.find((t) => t.kind === active)?.label ?? 'Rows'}
        columns={report.kind === 'orders' ? orderRowColumns() : depositRowColumns()}
        rows={rows.data?.rows ?? []}
        getRowId={(r) => String(r.rowNo)}
        paging={{
          ...paging,
          totalRows,
          hasMore: totalRows !== null && (paging.pageIndex + 1) * paging.pageSize < totalRows,
          onChange: (next) => setPaging(next.pageSize !== paging.pageSize ? { pageIndex: 0, pageSize: next.pageSize } : next),
        }}
        isLoading={rows.isPending}
        emptyText="Nothing here."
      />
    </Stack>
  );
}
