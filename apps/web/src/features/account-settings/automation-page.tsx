/**
 * Settings > Automation: send new settlements to the accounting system without a click. The form
 * (on/off, delay, uploads, first day sent) saves with one button; below it, the rules that never
 * change, what automation will do with each unposted settlement now (core's decideAutoSend, computed
 * by the server) and what it sent last. Where a send has nowhere to go, the switch is off with why.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, List, Loader, NumberInput, SegmentedControl, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveAutomationSettings, type AutoSendOutlook, type AutomationSettingsBody, type SaveAutomation } from '@ledgerport/contract';
import { Link } from 'react-router';
import { api, ApiError } from '../../lib/api-client';
import { useSession, VIEW_ONLY_NOTE } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { CallGate } from '../../ui/call-gate';
import { DateText, TimestampText } from '../../ui/date-text';
import { MoneyText } from '../../ui/money-text';
import { detailPath } from '../settlements/settlement-path';

const PATH = '/account-settings/automation';
const settingsKey = (accountKey: string) => ['automation', accountKey];

type Draft = Required<Pick<SaveAutomation, 'isEnabled' | 'delayHours' | 'isSendingUploads'>> & { sendFromDate: string };

const draftOf = (s: AutomationSettingsBody): Draft => ({ isEnabled: s.isEnabled, delayHours: s.delayHours, isSendingUploads: s.isSendingUploads, sendFromDate: s.sendFromDate ?? '' });

const OUTCOME: Record<AutoSendOutlook['kind'], { label: string; color: string }> = {
  send: { label: 'Sends at the next run', color: 'green' },
  wait: { label: 'Waiting', color: 'blue' },
  never: { label: 'Left for you', color: 'gray' },
};

function NeverRules() {
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="xs">
        What automation never sends
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>A settlement that does not reconcile to its deposit (inconsistent), or one on hold.</List.Item>
        <List.Item>A duplicate of a settlement already loaded, or one still open at the channel (it waits until it closes).</List.Item>
        <List.Item>A settlement whose send failed, or that is only partly posted: those wait for you to check them.</List.Item>
        <List.Item>A settlement with transaction types not yet mapped: it is sent once you map them.</List.Item>
      </List>
    </Card>
  );
}

function Outlook({ rows }: { rows: AutoSendOutlook[] }) {
  const [filter, setFilter] = useState<'all' | AutoSendOutlook['kind']>('all');
  const shown = useMemo(() => (filter === 'all' ? rows : rows.filter((r) => r.kind === filter)), [rows, filter]);
  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          Unposted settlements and what automation does with them
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Show settlements"
          value={filter}
          onChange={(v) => setFilter(v)}
          data={[
            { value: 'all', label: `All (${rows.length})` },
            { value: 'send', label: 'Sends next' },
            { value: 'wait', label: 'Waiting' },
            { value: 'never', label: 'Left for you' },
          ]}
        />
      </Group>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {rows.length === 0 ? 'Every settlement of this account is posted.' : 'No settlement in this group.'}
        </Text>
      ) : (
        <Table striped aria-label="What automation does with each unposted settlement">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Settlement</Table.Th>
              <Table.Th>Ends</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th>Automation</Table.Th>
              <Table.Th>Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r) => (
              <Table.Tr key={r.settlementKey}>
                <Table.Td>
                  <Anchor component={Link} to={detailPath(r.settlementKey)} size="sm">
                    {r.settlementId}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <DateText value={r.endDate} />
                </Table.Td>
                <Table.Td ta="right">
                  <MoneyText amount={r.total} currency={r.currency} />
                </Table.Td>
                <Table.Td>
                  <Badge color={OUTCOME[r.kind].color} variant="light">
                    {OUTCOME[r.kind].label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.reason ?? 'Ready: closed, consistent and mapped.'}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function RecentSends({ sends }: { sends: AutomationSettingsBody['recentSends'] }) {
  return (
    <Card withBorder aria-label="Sent automatically">
      <Title order={2} size="h5" mb="xs">
        Sent automatically
      </Title>
      {sends.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet. Every automatic send is also listed in Settings &gt; History.
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {sends.map((s) => (
            <List.Item key={`${s.settlementKey}-${s.at}`}>
              <Anchor component={Link} to={detailPath(s.settlementKey)}>
                Settlement {s.settlementId}
              </Anchor>{' '}
              at <TimestampText value={s.at} />
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

function AutomationForm({ settings }: { settings: AutomationSettingsBody }) {
  const { account } = useSession();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  useEffect(() => setDraft(draftOf(settings)), [settings]);
  const save = useMutation({
    mutationFn: (body: SaveAutomation) => api.put<AutomationSettingsBody>(PATH, body, { accountKey: account.accountKey }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKey(account.accountKey), saved);
      await queryClient.invalidateQueries({ queryKey: ['setting-changes', account.accountKey] });
      showToast('success', saved.isEnabled ? 'Automation is on: ready settlements are sent without a click.' : 'Automation is off: settlements wait for you to send them.');
    },
    onError: (err) => showToast('error', err instanceof ApiError ? err.message : 'Something went wrong. Please try again later.'),
  });
  const isDirty = JSON.stringify(draft) !== JSON.stringify(draftOf(settings));
  const isBlocked = settings.refusal !== null && !settings.isEnabled;
  const submit = () =>
    save.mutate({
      isEnabled: draft.isEnabled,
      delayHours: draft.delayHours,
      isSendingUploads: draft.isSendingUploads,
      ...(draft.sendFromDate === (settings.sendFromDate ?? '') ? {} : { sendFromDate: draft.sendFromDate === '' ? null : draft.sendFromDate }),
    });
  return (
    <Card withBorder component="form" onSubmit={(e) => (e.preventDefault(), submit())} aria-label="Automatic sending">
      <CallGate entry={saveAutomationSettings}>
        <Stack>
          {settings.refusal && (
            <Alert color="yellow" title="Automation cannot send yet">
              {settings.refusal}{' '}
              <Anchor component={Link} to="/account-settings/connections">
                Open Connections
              </Anchor>
            </Alert>
          )}
          <Switch
            label="Send new settlements automatically"
            description="Once a settlement is closed, consistent and mapped, and the wait below has passed, it is sent to your accounting system as if you had clicked Send."
            checked={draft.isEnabled}
            disabled={!settings.canEdit || isBlocked}
            onChange={(e) => setDraft({ ...draft, isEnabled: e.currentTarget.checked })}
          />
          <NumberInput
            label="Wait before sending (hours)"
            description="Time to look at a new settlement before it is posted. 0 sends at once; at most 168 (one week)."
            min={0}
            max={168}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={draft.delayHours}
            disabled={!settings.canEdit}
            onChange={(v) => setDraft({ ...draft, delayHours: typeof v === 'number' ? v : Number.parseInt(v || '0', 10) })}
            maw={440}
          />
          <Switch
            label="Also send settlements uploaded from files"
            description="Off: only settlements fetched from your sales channel are sent automatically."
            checked={draft.isSendingUploads}
            disabled={!settings.canEdit}
            onChange={(e) => setDraft({ ...draft, isSendingUploads: e.currentTarget.checked })}
          />
          <TextInput
            type="date"
            label="First day sent"
            description="Settlements ending before this day are never sent automatically (history loaded when you connected stays yours to post). Empty: today, when you turn automation on."
            value={draft.sendFromDate}
            disabled={!settings.canEdit}
            onChange={(e) => setDraft({ ...draft, sendFromDate: e.currentTarget.value })}
            maw={440}
          />
          {!settings.canEdit && (
            <Text size="sm" c="dimmed">
              {VIEW_ONLY_NOTE} Ask an owner to change the automation.
            </Text>
          )}
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {settings.updatedAt ? (
                <>
                  Last changed by {settings.updatedBy ?? 'Ledgerport'} at <TimestampText value={settings.updatedAt} />
                </>
              ) : (
                'Never changed: automation is off until you turn it on.'
              )}
            </Text>
            <Button type="submit" disabled={!settings.canEdit || !isDirty} loading={save.isPending}>
              Save automation
            </Button>
          </Group>
        </Stack>
      </CallGate>
    </Card>
  );
}

export function AutomationPage() {
  const { account } = useSession();
  const query = useQuery({ queryKey: settingsKey(account.accountKey), queryFn: () => api.get<AutomationSettingsBody>(PATH, { accountKey: account.accountKey }), refetchInterval: 30_000 });
  if (query.isPending) return <Loader aria-label="Loading the automation settings" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the automation settings">
        {query.error.message}
      </Alert>
    );
  }
  return (
    <Stack maw={960}>
      <AutomationForm settings={query.data} />
      <NeverRules />
      <Outlook rows={query.data.outlook} />
      <RecentSends sends={query.data.recentSends} />
    </Stack>
  );
}
