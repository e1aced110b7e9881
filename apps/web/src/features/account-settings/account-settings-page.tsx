/**
 * Settings > Account: rename the account (the spec's POST /account-settings?accountName), choose its
 * time zone (month boundaries and document dates follow it), and see its plan (where billing is on;
 * off, that it is unlimited), sales channel and accounting system.
 */
import { Alert, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { renameCurrentAccount as renameEndpoint, savePostingSettings, savePostingSettingsBodySchema } from '@ledgerport/contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { useIsBillingEnabled, useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { CallGate } from '../../ui/call-gate';
import { channelName } from '../../ui/channel-icon';
import { fieldErrorsOf } from './field-errors';
import { fetchPostingSettings, postingSettingsKey, putPostingSettings, renameCurrentAccount } from './posting-settings-api';
import { accountingSystemLabel } from '@ledgerport/core/posting';
import { planLabel, UNLIMITED_NOTE } from '@ledgerport/core/billing';
import { DeleteAccountDataCard } from './account-redaction';
import { ExportAccountDataCard } from './account-export-card';


function timeZones(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort();
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

export function AccountSettingsPage() {
  const { account, reload } = useSession();
  const plan = planLabel(account, useIsBillingEnabled());
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: postingSettingsKey(account.accountKey), queryFn: () => fetchPostingSettings(account.accountKey) });
  const [name, setName] = useState<string | null>(null);
  const [zone, setZone] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  if (settings.isPending) return <Loader aria-label="Loading the account settings" />;
  if (settings.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the account settings">
        {settings.error.message}
      </Alert>
    );
  }
  const accountName = name ?? account.accountName;
  const timeZoneId = zone ?? settings.data.timeZoneId;
  const isChanged = accountName !== account.accountName || timeZoneId !== settings.data.timeZoneId;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      ...fieldErrorsOf(renameEndpoint.querystring, { accountName }),
      ...fieldErrorsOf(savePostingSettingsBodySchema, { timeZoneId }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if (accountName.trim() !== account.accountName) await renameCurrentAccount(accountName.trim());
      if (timeZoneId !== settings.data.timeZoneId) await putPostingSettings(account.accountKey, { timeZoneId });
      await queryClient.invalidateQueries({ queryKey: postingSettingsKey(account.accountKey) });
      await reload();
      setName(null);
      setZone(null);
      showToast('success', 'Account settings saved.');
    } catch (err) {
      showToast('error', err instanceof ApiError ? err.message : 'Something went wrong. Please try again later.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack maw={720}>
      <Card withBorder component="form" onSubmit={(e: FormEvent) => void save(e)} aria-label="Account">
        <Stack>
          <CallGate entry={renameEndpoint}>
            <TextInput label="Account name" value={accountName} onChange={(e) => setName(e.currentTarget.value)} error={errors.accountName} withAsterisk maxLength={100} />
          </CallGate>
          {/* The time zone is a posting setting (write); the name is the owner's (manage). */}
          <CallGate entry={savePostingSettings}>
            <Select
              label="Time zone"
              description="Settlements are dated and split into months in this time zone."
              data={timeZones(settings.data.timeZoneId)}
              value={timeZoneId}
              onChange={(v) => setZone(v ?? settings.data.timeZoneId)}
              searchable
              allowDeselect={false}
              error={errors.timeZoneId}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={isSaving} disabled={!isChanged}>
                Save
              </Button>
            </Group>
          </CallGate>
        </Stack>
      </Card>
      <Card withBorder aria-label={plan ? 'Plan and connections' : 'Limits and connections'}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {plan ? <Fact label="Plan" value={plan} /> : <Fact label="Limits" value={UNLIMITED_NOTE} />}
          <Fact label="Sales channel" value={`${channelName(account.salesChannel)}${account.salesChannelStoreName ? ` · ${account.salesChannelStoreName}` : ''}`} />
          <Fact
            label="Accounting system"
            value={`${accountingSystemLabel(account.accountingSystem)}${account.accountingSystemOrganizationName ? ` · ${account.accountingSystemOrganizationName}` : ''}`}
          />
        </SimpleGrid>
      </Card>
      <ExportAccountDataCard />
      <DeleteAccountDataCard />
    </Stack>
  );
}
