/**
 * Account Settings > Inventory (Amazon accounts, decision 0050): fetch the Inventory Ledger summary
 * from Amazon every month or now, by fulfilment centre or by country, from which marketplace, and the
 * currency inventory is valued in. Saved with one button, audited in History; the fetches' table
 * follows each fetch while Amazon prepares the report.
 */
import { Alert, Anchor, Badge, Button, Card, Group, Radio, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fetchInventoryMonth, saveInventoryFetchSettings as saveInventoryFetchSettingsEntry, type InventoryFetchSettingsBody } from '@ledgerport/contract';
import { AMAZON_MARKETPLACES } from '@ledgerport/core/inventory';
import { formatDateValue } from '@ledgerport/core/rules';
import { ApiError } from '../../lib/api-client';
import { useSession, VIEW_ONLY_NOTE } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { CallGate } from '../../ui/call-gate';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { askInventoryMonth, fetchInventoryFetchSettings, lastMonth, saveInventoryFetchSettings } from './inventory-api';

type Settings = InventoryFetchSettingsBody;
type Draft = Pick<Settings, 'isMonthlyFetchEnabled' | 'aggregateBy' | 'marketplaceId' | 'valuationCurrency'>;
type FetchRow = Settings['fetches'][number];
const draftOf = (s: Settings): Draft => ({ isMonthlyFetchEnabled: s.isMonthlyFetchEnabled, aggregateBy: s.aggregateBy, marketplaceId: s.marketplaceId, valuationCurrency: s.valuationCurrency });
const CURRENCIES = [...new Set(AMAZON_MARKETPLACES.map((m) => m.currency))].sort();
const STATUS: Record<FetchRow['status'], { label: string; color: string }> = {
  QUEUED: { label: 'Waiting to start', color: 'gray' },
  REQUESTED: { label: 'Amazon is preparing it', color: 'blue' },
  DONE: { label: 'Stored', color: 'green' },
  FAILED: { label: 'Failed', color: 'red' },
};
const errorText = (e: unknown) => (e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
const isRunning = (s: Settings | undefined) => s?.fetches.some((f) => f.status === 'QUEUED' || f.status === 'REQUESTED') ?? false;

const fetchColumns: Array<DataColumn<FetchRow>> = [
  { id: 'month', header: 'Month', sortValue: (r) => r.month, cell: (r) => r.month },
  { id: 'status', header: 'Status', sortValue: (r) => r.status, cell: (r) => <Badge color={STATUS[r.status].color} variant="light">{STATUS[r.status].label}</Badge> },
  { id: 'by', header: 'By', sortValue: (r) => r.aggregateBy, cell: (r) => (r.aggregateBy === 'FC' ? 'Fulfilment centre' : 'Country') },
  { id: 'asked', header: 'Asked', sortValue: (r) => r.requestedAt, cell: (r) => `${formatDateValue(r.requestedAt, 'yyyy-MM-dd HH:mm')} by ${r.requestedBy ?? 'the monthly schedule'}` },
  { id: 'outcome', header: 'Outcome', sortValue: (r) => r.message ?? '', cell: (r) => <Text size="sm">{r.message ?? (r.reportId ? `Amazon report ${r.reportId}` : '--')}</Text> },
];

function SettingsForm({ settings }: { settings: Settings }) {
  const { account } = useSession();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  useEffect(() => setDraft(draftOf(settings)), [settings]);
  const save = useMutation({
    mutationFn: () => saveInventoryFetchSettings(account.accountKey, draft),
    onSuccess: (saved) => {
      queryClient.setQueryData(['inventory-fetch-settings', account.accountKey], saved);
      void queryClient.invalidateQueries({ queryKey: ['inventory'] });
      showToast('success', 'The inventory settings are saved.');
    },
    onError: (e) => showToast('error', errorText(e)),
  });
  const disabled = !settings.canEdit;
  const isDirty = JSON.stringify(draft) !== JSON.stringify(draftOf(settings));
  return (
    <Card withBorder component="form" aria-label="Inventory settings" onSubmit={(e) => (e.preventDefault(), save.mutate())}>
      <CallGate entry={saveInventoryFetchSettingsEntry}>
        <Stack>
          <Switch
            label="Fetch the inventory report from Amazon every month"
            description="On the 2nd of each month, Ledgerport asks Amazon for the Inventory Ledger summary of the month before and stores it, replacing an upload of that month."
            disabled={disabled}
            checked={draft.isMonthlyFetchEnabled}
            onChange={(e) => setDraft({ ...draft, isMonthlyFetchEnabled: e.currentTarget.checked })}
          />
          <Radio.Group label="Inventory by" value={draft.aggregateBy} onChange={(v) => setDraft({ ...draft, aggregateBy: v === 'COUNTRY' ? 'COUNTRY' : 'FC' })}>
            <Group mt={4}>
              <Radio value="FC" disabled={disabled} label="Fulfilment centre" description="One line per Amazon warehouse (PHX7, ONT8…)" />
              <Radio value="COUNTRY" disabled={disabled} label="Country" description="One line per country Amazon holds stock in" />
            </Group>
          </Radio.Group>
          <Group grow align="flex-start">
            <Select
              label="Marketplace"
              description="The marketplace the report is asked for; its region's fulfilment centres come with it."
              disabled={disabled}
              allowDeselect={false}
              searchable
              data={AMAZON_MARKETPLACES.map((m) => ({ value: m.id, label: `${m.name} (${m.country})` }))}
              value={draft.marketplaceId}
              onChange={(v) => v && setDraft({ ...draft, marketplaceId: v })}
            />
            <Select
              label="Valuation currency"
              description="The currency of the product costs inventory is valued at."
              disabled={disabled}
              allowDeselect={false}
              data={[{ value: '', label: settings.valuationCurrency === null ? `Account default (${settings.effectiveCurrency})` : "Account default (the latest settlement's currency)" }, ...CURRENCIES.map((c) => ({ value: c, label: c }))]}
              value={draft.valuationCurrency ?? ''}
              onChange={(v) => setDraft({ ...draft, valuationCurrency: v ? v : null })}
            />
          </Group>
          {disabled && (
            <Text size="sm" c="dimmed">
              {VIEW_ONLY_NOTE}
            </Text>
          )}
          <Group justify="space-between">
            <Anchor component={Link} to="/inventory" size="sm">
              Monthly Inventory Summary
            </Anchor>
            <Button type="submit" disabled={disabled || !isDirty} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </CallGate>
    </Card>
  );
}

function FetchNow({ settings }: { settings: Settings }) {
  const { account } = useSession();
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(lastMonth);
  const ask = useMutation({
    mutationFn: () => askInventoryMonth(account.accountKey, month),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['inventory-fetch-settings', account.accountKey] }),
    onError: (e) => showToast('error', errorText(e)),
  });
  const running = settings.fetches.find((f) => f.status === 'QUEUED' || f.status === 'REQUESTED');
  return (
    <Card withBorder aria-label="Fetch a month now">
      <Stack>
        <Title order={2} size="h5">
          Fetch a month now
        </Title>
        {!settings.isConnected && (
          <Alert color="yellow" title="Amazon is not connected">
            Connect Amazon under <Anchor component={Link} to="/account-settings/connections">Connections</Anchor> to fetch the report, or upload it on the{' '}
            <Anchor component={Link} to="/inventory">Monthly Inventory Summary</Anchor>.
          </Alert>
        )}
        <CallGate entry={fetchInventoryMonth}>
          <Group align="flex-end">
            <TextInput label="Month" description="A month that has ended, YYYY-MM" value={month} onChange={(e) => setMonth(e.currentTarget.value)} w={220} />
            <Button onClick={() => ask.mutate()} loading={ask.isPending} disabled={!settings.canEdit || !settings.isConnected}>
              Fetch month now
            </Button>
          </Group>
        </CallGate>
        {running && (
          <Text size="sm" role="status">
            Fetching {running.month}: {STATUS[running.status].label.toLowerCase()}…
          </Text>
        )}
        <DataTable label="Inventory fetches" columns={fetchColumns} rows={settings.fetches} getRowId={(r) => r.fetchId} initialSort={{ id: 'asked', desc: true }} emptyText="No month fetched from Amazon yet." />
      </Stack>
    </Card>
  );
}

export function InventorySettingsPage() {
  const { account } = useSession();
  const query = useQuery({
    queryKey: ['inventory-fetch-settings', account.accountKey],
    queryFn: () => fetchInventoryFetchSettings(account.accountKey),
    // Follows a fetch while Amazon prepares the report.
    refetchInterval: (q) => (isRunning(q.state.data) ? 2000 : false),
  });
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {errorText(query.error)}
      </Alert>
    );
  if (!query.data) return <Text c="dimmed">Loading the settings…</Text>;
  return (
    <Stack>
      <SettingsForm settings={query.data} />
      <FetchNow settings={query.data} />
    </Stack>
  );
}
