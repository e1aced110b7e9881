/**
 * Settings > Cost of Goods Sold: the costing method (standard cost effective on the sale's day, or
 * FIFO by purchase lots where the plan gate allows it), what a refunded unit does, and the Inventory (asset) and COGS
 * (expense) accounts the journal posts to. Saved with one button, audited in History. With an
 * accounting system connected, the saved accounts are checked against its chart (the send's own
 * matcher, decision 0049): each shows the account found or the refusal the send would give, and
 * either can be picked from the chart.
 */
import { Alert, Anchor, Button, Card, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CogsSettingsBody } from '@ledgerport/contract';
import { ApiError } from '../../lib/api-client';
import { useSession, VIEW_ONLY_NOTE } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { fetchCogsSettings, saveSettings } from './cogs-api';
import { BillingRefusalAlert } from '../billing/billing-refusal-alert';

type Draft = Pick<CogsSettingsBody, 'costingMethod' | 'refundTreatment' | 'inventoryAccount' | 'cogsAccount'>;
const draftOf = (s: CogsSettingsBody): Draft => ({
  costingMethod: s.costingMethod,
  refundTreatment: s.refundTreatment,
  inventoryAccount: s.inventoryAccount,
  cogsAccount: s.cogsAccount,
});

type ChartCheck = NonNullable<CogsSettingsBody['chartCheck']>;
type AccountChoice = CogsSettingsBody['inventoryAccount'];

/** One account's line of the chart check: found (code and name) or missing, as last saved. */
function CheckedAccount({ what, typed, found, system }: { what: string; typed: AccountChoice; found: AccountChoice | null; system: string }) {
  const typedText = [typed.code, typed.name].filter(Boolean).join(' ');
  return found ? (
    <Text size="sm" c="green.8">
      {what}: found in {system} as {found.code} {found.name}.
    </Text>
  ) : (
    <Text size="sm" c="red.8">
      {what}: {system} has no account matching &quot;{typedText}&quot;.
    </Text>
  );
}

function ChartPicker({ label, check, value, disabled, onPick }: { label: string; check: ChartCheck; value: AccountChoice; disabled: boolean; onPick: (a: AccountChoice) => void }) {
  const current = check.accounts.find((a) => a.code === value.code);
  return (
    <NativeSelect
      label={label}
      disabled={disabled}
      value={current?.code ?? ''}
      data={[
        { value: '', label: `Pick from the ${check.system} chart…` },
        ...check.accounts.map((a) => ({ value: a.code, label: `${a.code} ${a.name}` })),
      ]}
      onChange={(e) => {
        const picked = check.accounts.find((a) => a.code === e.currentTarget.value);
        if (picked) onPick({ code: picked.code, name: picked.name });
      }}
    />
  );
}

function ChartCheckSection({ check, settings, draft, disabled, isDirty, onPick }: { check: ChartCheck; settings: CogsSettingsBody; draft: Draft; disabled: boolean; isDirty: boolean; onPick: (d: Draft) => void }) {
  return (
    <Stack gap={6} aria-label={`Checked against the ${check.system} chart of accounts`} role="group">
      <Text size="sm" fw={500}>
        Checked against your {check.system} chart of accounts{isDirty ? ' (as saved; save to check your changes)' : ''}
      </Text>
      <CheckedAccount what="Inventory account" typed={settings.inventoryAccount} found={check.inventoryAccount} system={check.system} />
      <CheckedAccount what="COGS account" typed={settings.cogsAccount} found={check.cogsAccount} system={check.system} />
      {check.message && (
        <Alert color="red" role="alert" title="The cost of goods sold journal cannot be sent to these accounts">
          {check.message}
        </Alert>
      )}
      <Group grow>
        <ChartPicker label={`Inventory account from ${check.system}`} check={check} value={draft.inventoryAccount} disabled={disabled} onPick={(a) => onPick({ ...draft, inventoryAccount: a })} />
        <ChartPicker label={`COGS account from ${check.system}`} check={check} value={draft.cogsAccount} disabled={disabled} onPick={(a) => onPick({ ...draft, cogsAccount: a })} />
      </Group>
    </Stack>
  );
}

function CogsForm({ settings }: { settings: CogsSettingsBody }) {
  const { account } = useSession();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  useEffect(() => setDraft(draftOf(settings)), [settings]);
  const save = useMutation({
    mutationFn: () => saveSettings(account.accountKey, draft),
    onSuccess: (saved) => {
      queryClient.setQueryData(['cogs-settings', account.accountKey], saved);
      showToast(
        'success',
        'The cost of goods sold settings are saved. Refresh COGS on a settlement to use them.',
      );
    },
    onError: (e) =>
      showToast('error', e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.'),
  });
  const disabled = !settings.canEdit || !settings.isEnabled;
  const isDirty = JSON.stringify(draft) !== JSON.stringify(draftOf(settings));
  return (
    <Card
      withBorder
      component="form"
      aria-label="Cost of goods sold settings"
      onSubmit={(e) => (e.preventDefault(), save.mutate())}
    >
      <Stack>
        {settings.refusal && (
          <Alert color="yellow" title="Cost of goods sold is off">
            {settings.refusal}
          </Alert>
        )}
        <Radio.Group
          label="Costing method"
          value={draft.costingMethod}
          onChange={(v) => setDraft({ ...draft, costingMethod: v })}
        >
          <Stack gap={6} mt={4}>
            <Radio
              value="standard"
              disabled={disabled}
              label="Standard cost"
              description="Each unit costs the SKU's cost in effect on the day it sold (set in Cost Admin, with effective dates)."
            />
            <Radio
              value="fifo"
              disabled={disabled || !settings.canUseFifo}
              label="FIFO by purchase lots"
              description={
                settings.fifoRefusal ?? 'Units come from the oldest purchase lot first; each sale records the lot it came from.'
              }
            />
          </Stack>
        </Radio.Group>
        <Radio.Group
          label="Refunded units"
          value={draft.refundTreatment}
          onChange={(v) => setDraft({ ...draft, refundTreatment: v })}
        >
          <Stack gap={6} mt={4}>
            <Radio
              value="restock"
              disabled={disabled}
              label="Go back to inventory"
              description="Their cost is reversed (FIFO: back into the lot the sale took them from)."
            />
            <Radio
              value="write-off"
              disabled={disabled}
              label="Are written off"
              description="Their cost stays expensed."
            />
          </Stack>
        </Radio.Group>
        {!settings.areRefundsCosted && (
          <Text size="xs" c="dimmed">
            Refunds are not costed for this account yet: they leave COGS as it is.
          </Text>
        )}
        <Group grow>
          <TextInput
            label="Inventory account code"
            disabled={disabled}
            value={draft.inventoryAccount.code}
            onChange={(e) =>
              setDraft({
                ...draft,
                inventoryAccount: { ...draft.inventoryAccount, code: e.currentTarget.value },
              })
            }
          />
          <TextInput
            label="Inventory account name"
            disabled={disabled}
            value={draft.inventoryAccount.name}
            onChange={(e) =>
              setDraft({
                ...draft,
                inventoryAccount: { ...draft.inventoryAccount, name: e.currentTarget.value },
              })
            }
          />
        </Group>
        <Group grow>
          <TextInput
            label="COGS account code"
            disabled={disabled}
            value={draft.cogsAccount.code}
            onChange={(e) =>
              setDraft({ ...draft, cogsAccount: { ...draft.cogsAccount, code: e.currentTarget.value } })
            }
          />
          <TextInput
            label="COGS account name"
            disabled={disabled}
            value={draft.cogsAccount.name}
            onChange={(e) =>
              setDraft({ ...draft, cogsAccount: { ...draft.cogsAccount, name: e.currentTarget.value } })
            }
          />
        </Group>
        {settings.chartCheck && (
          <ChartCheckSection check={settings.chartCheck} settings={settings} draft={draft} disabled={disabled} isDirty={isDirty} onPick={setDraft} />
        )}
        {!settings.canEdit && (
          <Text size="sm" c="dimmed">
            {VIEW_ONLY_NOTE}
          </Text>
        )}
        <Group justify="space-between">
          <Anchor component={Link} to="/cost-admin" size="sm">
            Product costs (Cost Admin)
          </Anchor>
          <Button type="submit" disabled={disabled || !isDirty} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function CogsSettingsPage() {
  const { account } = useSession();
  const query = useQuery({
    queryKey: ['cogs-settings', account.accountKey],
    queryFn: () => fetchCogsSettings(account.accountKey),
  });
  if (query.error) return <BillingRefusalAlert error={query.error} accountKey={account.accountKey} />;
  if (!query.data) return <Text c="dimmed">Loading the settings…</Text>;
  return <CogsForm settings={query.data} />;
}
