/**
 * /partner-dashboard and /overview (issue 19): every client account of the partner's firm with its
 * status from the per-account summary rows (decision 0035); filter by text and by "needs attention",
 * sort by any column, select several and open them, counts at the top and waiting settlements per
 * client as a chart.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHref, useNavigate } from 'react-router';
import { errorMessages, type PartnerAccountStatus } from '@ledgerport/contract';
import { CHART_PALETTE } from '@ledgerport/core/reports';
import { useIsBillingEnabled } from '../../lib/session-context';
import { channelName } from '../../ui/channel-icon';
import { DataTable } from '../../ui/data-table';
import { fetchPartnerAccountsStatus, switchPath } from './partner-api';
import { partnerStatusColumns } from './partner-status-columns';
import { FigureCard } from '../../ui/fact';
import { ErrorAlert } from '../../ui/error-alert';

function matches(r: PartnerAccountStatus, needle: string, isBillingEnabled: boolean): boolean {
  const plan = isBillingEnabled ? [r.planCode ?? 'trial'] : [];
  return !needle || [r.accountName, r.accountKey, channelName(r.salesChannel), r.accountingSystem, ...plan].some((v) => v.toLowerCase().includes(needle));
}

export function PartnerDashboardPage() {
  const query = useQuery({ queryKey: ['partner', 'accounts-status'], queryFn: fetchPartnerAccountsStatus });
  const [text, setText] = useState('');
  const isBillingEnabled = useIsBillingEnabled();
  const [isAttentionOnly, setAttentionOnly] = useState(false);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const navigate = useNavigate();
  const switchBase = useHref('/switch');
  const all = query.data?.accounts ?? [];
  const needle = text.trim().toLowerCase();
  const rows = all.filter((r) => matches(r, needle, isBillingEnabled) && (!isAttentionOnly || r.attentionReasons.length > 0));
  const sum = (pick: (r: PartnerAccountStatus) => number) => all.reduce((n, r) => n + pick(r), 0);
  const open = () => {
    const [first, ...rest] = all.filter((r) => selectedIds.includes(r.accountKey));
    if (!first) return;
    // The rest open in their own tabs; this tab switches to the first.
    for (const r of rest) window.open(`${switchBase}?account=${encodeURIComponent(r.accountKey)}`, '_blank', 'noopener');
    void navigate(switchPath(first.accountKey));
  };
  if (query.data && query.data.partnerCode === null) {
    return <Alert color="blue">Only members of a partner firm have client accounts here. Open your own accounts with the account switcher.</Alert>;
  }
  return (
    <Stack>
      <ErrorAlert error={query.error} title={errorMessages.dashboardLoadFailed} />
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <FigureCard label="Clients" value={all.length} />
        <FigureCard label="Need attention" value={all.filter((r) => r.attentionReasons.length > 0).length} />
        <FigureCard label="Settlements waiting" value={sum((r) => r.waitingCount)} />
        <FigureCard label="With unmapped types" value={sum((r) => r.unmappedCount)} />
        <FigureCard label="Connection errors" value={all.filter((r) => r.attentionReasons.includes('connection error')).length} />
      </SimpleGrid>
      {all.length > 0 && (
        <Card withBorder role="figure" aria-label="Settlements waiting per client">
          <Title order={3} size="h5" mb="sm">Settlements waiting per client</Title>
          <BarChart h={180} data={all.map((r) => ({ client: r.accountName, waiting: r.waitingCount }))} dataKey="client" series={[{ name: 'waiting', label: 'Waiting', color: CHART_PALETTE[0] }]} tickLine="y" yAxisProps={{ allowDecimals: false }} />
        </Card>
      )}
      <Group align="end">
        <TextInput label="Filter clients" placeholder={isBillingEnabled ? 'Name, channel, system or plan' : 'Name, channel or system'} leftSection={<IconSearch size={14} />} value={text} onChange={(e) => setText(e.currentTarget.value)} w={300} />
        <Checkbox label="Needs attention only" checked={isAttentionOnly} onChange={(e) => setAttentionOnly(e.currentTarget.checked)} mb={8} />
        <Button onClick={open} disabled={selectedIds.length === 0} mb={2}>
          Open{selectedIds.length > 1 ? ` ${selectedIds.length} accounts` : ''}
        </Button>
      </Group>
      <DataTable
        label="Client accounts"
        columns={partnerStatusColumns(isBillingEnabled)}
        rows={rows}
        getRowId={(r) => r.accountKey}
        initialSort={{ id: 'accountName', desc: false }}
        selection={{ selectedIds, onChange: setSelectedIds, rowLabel: (id) => `Select ${all.find((r) => r.accountKey === id)?.accountName ?? id}` }}
        isLoading={query.isPending}
        emptyText={all.length === 0 ? 'Your firm has no client accounts yet. Create one with New account in the account menu.' : 'No client matches.'}
      />
    </Stack>
  );
}
