/**
 * /admin/accounting/qbo/bank-account-settings and /admin/accounting/sage/financial-settings (and the
 * same form for Xero and NetSuite): the bank account settlements are deposited to, how Xero line
 * amounts treat tax. Choices come from the chart fetched from the system. NetSuite's subsidiary,
 * department, class and location are chosen under Account Settings > NetSuite Configuration (owner, audited).
 */
import { Alert, Button, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AccountingConnectionSettings, RemoteAccountingSystem } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { connectedSystemLabel } from '@ledgerport/core/connections';
import { ACCOUNTING_SYSTEM_NAMES } from './accounting-systems';

const LINE_AMOUNT_TYPES = [
  { value: 'auto', label: 'No tax when no line has a tax rate, else tax exclusive' },
  { value: 'Exclusive', label: 'Tax exclusive' },
  { value: 'Inclusive', label: 'Tax inclusive' },
  { value: 'NoTax', label: 'No tax' },
];

export function AccountingSettingsForm({ system, title }: { system: RemoteAccountingSystem; title: string }) {
  const { account } = useSession();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['accounting-settings', account.accountKey], queryFn: () => api.get<AccountingConnectionSettings>('/accounting/settings', { accountKey: account.accountKey }) });
  const [bankAccountId, setBankAccountId] = useState<string | null>(null);
  const [lineAmountTypes, setLineAmountTypes] = useState<string>('auto');
  useEffect(() => {
    if (!settings.data) return;
    setBankAccountId(settings.data.bankAccountId);
    setLineAmountTypes(settings.data.lineAmountTypes);
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () =>
      api.put<AccountingConnectionSettings>('/accounting/settings', {
        accountKey: account.accountKey,
        bankAccountId,
        ...(system === 'XERO' ? { lineAmountTypes } : {}),
      }),
    onSuccess: (data) => queryClient.setQueryData(['accounting-settings', account.accountKey], data),
  });
  if (settings.isPending) return <Loader aria-label="Loading the accounting settings" />;
  if (settings.isError)
    return (
      <Alert color="red" role="alert" title="The accounting settings could not be loaded">
        {settings.error.message}
      </Alert>
    );
  const name = ACCOUNTING_SYSTEM_NAMES[system];
  const label = connectedSystemLabel(name, settings.data.isSandbox);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack>
        <Title order={1} size="h3">
          {title}
        </Title>
        {settings.data.isConnected ? (
          <Text>
            Connected to {settings.data.organizationName ?? label}. Choose the {label} bank account your {account.salesChannel === 'AMAZON' ? 'Amazon' : 'channel'} payouts are deposited to.
          </Text>
        ) : (
          <Alert color="yellow" role="alert" title={settings.data.state === 'expired' ? `The connection to ${label} has expired` : `${label} is not connected`}>
            {settings.data.state === 'expired' ? 'Reconnect' : 'Connect'} {name} first: its bank accounts come from {name}. <Link to={`/admin/accounting/${system.toLowerCase()}`}>Connect {name}</Link>
          </Alert>
        )}
        <Select
          label="Bank account"
          placeholder={settings.data.bankAccounts.length ? 'Choose a bank account' : `No bank accounts found in ${name}`}
          data={settings.data.bankAccounts.map((b) => ({ value: b.code, label: b.name }))}
          disabled={!settings.data.isConnected}
          value={bankAccountId}
          onChange={setBankAccountId}
          clearable
        />
        {system === 'XERO' && <Select label="Line amounts on invoices and bills" data={LINE_AMOUNT_TYPES} value={lineAmountTypes} onChange={(v) => setLineAmountTypes(v ?? 'auto')} />}
        {system === 'NETSUITE' && (
          <Text size="sm">
            The subsidiary, department, class and location of your journal entries are chosen under <Link to="/account-settings/netsuite-configuration">NetSuite Configuration</Link>.
          </Text>
        )}
        {save.isError && (
          <Alert color="red" role="alert" title="The settings were not saved">
            {save.error.message}
          </Alert>
        )}
        {save.isSuccess && (
          <Alert color="green" role="status" title="Settings saved">
            Next, map your transaction types to {name} accounts and tax rates. <Link to="/mapping">Open mappings</Link>
          </Alert>
        )}
        <Button type="submit" loading={save.isPending}>
          Save settings
        </Button>
      </Stack>
    </form>
  );
}
