/**
 * /switch?account=NEW: a new account (issue 15). Its name, sales channel and accounting system, and,
 * for a person who administers several organizations, which one it joins; it starts as a trial where
 * billing is on (unlimited where it is off, core's plan gate) and becomes the current account, and the Admin page then shows its connect steps.
 */
import { Alert, Button, Container, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { newAccountAccountingSystemSchema, salesChannels, type Organization } from '@ledgerport/contract';
import { api, ApiError } from '../../lib/api-client';
import { useIsBillingEnabled } from '../../lib/session-context';
import { writeAccountKey } from '../../lib/token-store';
import { track } from '../../lib/track';
import { ACCOUNTING_SYSTEM_LABELS } from '@ledgerport/core/posting';
import { channelName } from '../../ui/channel-icon';

/** The systems a new account may be made with: the contract's list. */
const SYSTEMS = newAccountAccountingSystemSchema.options;

export function NewAccountForm() {
  const isBillingEnabled = useIsBillingEnabled();
  const organizations = useQuery({ queryKey: ['organization-list'], queryFn: () => api.get<{ organizations: Organization[] }>('/organization/list') });
  const administered = (organizations.data?.organizations ?? []).filter((o) => o.adminPermissions);
  const [accountName, setAccountName] = useState('');
  const [salesChannel, setSalesChannel] = useState<string | null>(null);
  const [accountingSystem, setAccountingSystem] = useState<string | null>(null);
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    setError(undefined);
    if (!accountName.trim() || !salesChannel || !accountingSystem) {
      setError('Give the account a name, and choose its sales channel and accounting system.');
      return;
    }
    setBusy(true);
    try {
      const made = await api.post<{ accountKey: string; redirectUrl: string }>('/account/new', {
        accountName: accountName.trim(),
        salesChannel,
        accountingSystem,
        ...(organizationId ? { organizationId } : {}),
      });
      writeAccountKey(made.accountKey);
      // Sent (or given up, within a second) before the full load below.
      await track('onboarding_account_created', { feature: 'onboarding', salesChannel, accountingSystem });
      // A full load: the switcher and every page read the new current account.
      window.location.assign(made.redirectUrl);
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={(e: FormEvent) => void submit(e)} aria-labelledby="new-account-title">
        <Stack>
          <Title order={2} id="new-account-title">
            New account
          </Title>
          <Text size="sm" c="dimmed">
            One account per store and accounting file.{' '}
            {isBillingEnabled ? 'It starts as a trial: you can load up to three settlement files before choosing a plan.' : 'Every account on this instance is unlimited.'}
          </Text>
          <TextInput label="Account name" placeholder="e.g. Acme Outdoor US" value={accountName} onChange={(e) => setAccountName(e.currentTarget.value)} maxLength={100} withAsterisk data-autofocus />
          <Select
            label="Sales channel"
            placeholder="Where the settlements come from"
            data={salesChannels.map((c) => ({ value: c, label: channelName(c) }))}
            value={salesChannel}
            onChange={setSalesChannel}
            withAsterisk
          />
          <Select
            label="Accounting system"
            placeholder="Where the postings go"
            data={SYSTEMS.map((s) => ({ value: s, label: ACCOUNTING_SYSTEM_LABELS[s] }))}
            value={accountingSystem}
            onChange={setAccountingSystem}
            withAsterisk
          />
          {administered.length > 1 && (
            <Select
              label="Organization"
              placeholder="A new organization of your own"
              description="Accounts of one organization are managed together."
              data={administered.map((o) => ({ value: o.id, label: o.name }))}
              value={organizationId}
              onChange={setOrganizationId}
              clearable
            />
          )}
          {error && (
            <Alert color="red" role="alert" title="The account was not created">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={isBusy}>
            Create account
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
