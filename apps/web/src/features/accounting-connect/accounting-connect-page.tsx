/**
 * /admin/accounting/:system and its steps: starts the system's OAuth flow (the server answers the
 * page to send the user to), finishes it on /cb with the query the system sent back, then shows the
 * bank-account (QBO) or financial (Sage) settings. Failures show the spec's
 * 'Could not connect to accounting system.' or the cancelled-authorization message.
 */
import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { accountingErrorMessages, type RemoteAccountingSystem } from '@ledgerport/contract';
import { api, ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { AccountingSettingsForm } from './accounting-settings-form';
import { connectedSystemLabel } from '@ledgerport/core/connections';
import { ACCOUNTING_SYSTEM_NAMES, toAccountingSystem } from './accounting-systems';
import { useConnectCallback } from '../channel-connect/use-connect-callback';

function ConnectStart({ system }: { system: RemoteAccountingSystem }) {
  const { account } = useSession();
  const [netSuiteAccountId, setNetSuiteAccountId] = useState('');
  const start = useMutation({
    mutationFn: () => api.post<{ authorizeUrl: string }>('/accounting/connect', { accountKey: account.accountKey, system, ...(system === 'NETSUITE' ? { netSuiteAccountId: netSuiteAccountId.trim() } : {}) }),
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
  });
  const name = ACCOUNTING_SYSTEM_NAMES[system];
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        start.mutate();
      }}
    >
      <Stack>
        <Title order={1} size="h3">
          Connect {name}
        </Title>
        <Text>
          {name} will ask you to sign in and allow Ledgerport to read your chart of accounts and tax rates and to post your settlements. Your sign-in stays with {name}; Ledgerport keeps only an encrypted access token.
        </Text>
        {account.accountingSystemConnected && account.accountingSystem === system && (
          <Alert color="green" role="status" title={`Connected to ${account.accountingSystemOrganizationName ?? name}${account.isAccountingSandbox ? `, ${connectedSystemLabel(name, true)}` : ''}`}>
            Connecting again replaces the current connection.
          </Alert>
        )}
        {system === 'NETSUITE' && <TextInput label="NetSuite account id" description="Setup > Company > Company Information, e.g. 1234567 or 1234567_SB1" required value={netSuiteAccountId} onChange={(e) => setNetSuiteAccountId(e.currentTarget.value)} />}
        {start.isError && (
          <Alert color="red" role="alert" title={accountingErrorMessages.couldNotConnect}>
            {start.error.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={start.isPending}>
            Connect {name}
          </Button>
          <Button component={Link} to="/admin/accounting/choose" variant="default">
            Choose another system
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /cb, where the accounting system sends the user back: its heading says what is happening, whatever the outcome. */
function ConnectCallback({ system }: { system: RemoteAccountingSystem }) {
  const name = ACCOUNTING_SYSTEM_NAMES[system];
  return (
    <Stack>
      <Title order={1} size="h3">
        Connecting {name}
      </Title>
      <ConnectCallbackOutcome system={system} />
    </Stack>
  );
}

function ConnectCallbackOutcome({ system }: { system: RemoteAccountingSystem }) {
  const finish = useConnectCallback<{ organizationName: string; nextStep: string | null }>('/accounting/callback', { system }, {
    // A full page load (not an in-app navigation): the settings page has the strict referrer check,
    // and this page's own referrer is the accounting system's sign-in page.
    onConnected: (answer) => answer.nextStep && window.location.assign(`${import.meta.env.BASE_URL.replace(/\/$/, '')}/admin/accounting/${system.toLowerCase()}/${answer.nextStep}`),
  });
  const name = ACCOUNTING_SYSTEM_NAMES[system];
  if (finish.isError) {
    const message = finish.error instanceof ApiError ? finish.error.message : '';
    const isCancelled = message === accountingErrorMessages.authorizationCancelled;
    return (
      <Stack>
        <Alert color="red" role="alert" title={isCancelled ? accountingErrorMessages.authorizationCancelled : accountingErrorMessages.couldNotConnect}>
          {isCancelled ? `You chose Cancel at ${name}. Connect again when you are ready.` : message && message !== accountingErrorMessages.couldNotConnect ? message : `${name} did not accept the connection. Please try again.`}
        </Alert>
        <Button component={Link} to={`/admin/accounting/${system.toLowerCase()}`}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (finish.isSuccess)
    return (
      <Stack>
        <Alert color="green" role="status" title={`${name} is connected`}>
          Connected to {finish.data.organizationName}. Its chart of accounts and tax rates are ready for your mappings.
        </Alert>
        <Group>
          <Button component={Link} to="/mapping">
            Open mappings
          </Button>
          <Button component={Link} to={`/admin/accounting/${system.toLowerCase()}/financial-settings`} variant="default">
            Accounting settings
          </Button>
        </Group>
      </Stack>
    );
  return <Loader aria-label={`Finishing the ${name} connection`} />;
}

function ChooseSystem() {
  const { account, reload } = useSession();
  const navigate = useNavigate();
  const manual = useMutation({
    mutationFn: () => api.post('/accounting/connect-manual', { accountKey: account.accountKey }),
    onSuccess: async () => {
      await reload();
      await navigate('/admin');
    },
  });
  return (
    <Stack>
      <Title order={1} size="h3">
        Connect your accounting system
      </Title>
      <Stack gap="xs">
        {(Object.keys(ACCOUNTING_SYSTEM_NAMES) as RemoteAccountingSystem[]).map((s) => (
          <Button key={s} component={Link} to={`/admin/accounting/${s.toLowerCase()}`} variant="default" justify="start">
            {ACCOUNTING_SYSTEM_NAMES[s]}
          </Button>
        ))}
        <Button variant="subtle" justify="start" loading={manual.isPending} onClick={() => manual.mutate()}>
          No accounting system: use Ledgerport's ledger and file exports
        </Button>
      </Stack>
      {manual.isError && (
        <Alert color="red" role="alert" title={accountingErrorMessages.couldNotConnect}>
          {manual.error.message}
        </Alert>
      )}
    </Stack>
  );
}

export function AccountingConnectPage() {
  const { system: systemParam, step: stepParam } = useParams();
  // /cb has its own route (no strict referrer check), so it arrives without a :step parameter.
  const { pathname } = useLocation();
  const step = stepParam ?? (pathname.endsWith('/cb') ? 'cb' : undefined);
  const system = toAccountingSystem(systemParam);
  if (!system) return <ChooseSystem />;
  if (step === 'cb') return <ConnectCallback system={system} />;
  if (step === 'bank-account-settings') return <AccountingSettingsForm system={system} title={`${ACCOUNTING_SYSTEM_NAMES[system]} bank account settings`} />;
  if (step === 'financial-settings') return <AccountingSettingsForm system={system} title={`${ACCOUNTING_SYSTEM_NAMES[system]} financial settings`} />;
  return <ConnectStart system={system} />;
}
