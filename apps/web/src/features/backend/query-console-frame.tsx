/**
 * The frame of the backend's query consoles: which account is being read and in which system, and,
 * before anything is sent, a clear message when the account's accounting system is another one or
 * is not connected (the server refuses those calls too, with the same meaning).
 */
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Account } from '@ledgerport/contract';
import { channelName } from '../../ui/channel-icon';
import { BackendAccountGate } from './backend-account-gate';
import { errorText } from '../../lib/api-client';

const SYSTEM_NAMES: Record<string, string> = { QBO: 'QuickBooks Online', NETSUITE: 'NetSuite', XERO: 'Xero', SAGE: 'Sage', MANUAL: 'the built-in ledger', NONE: 'no accounting system' };

export function QueryConsoleFrame(props: { accountKey: string; system: 'QBO' | 'NETSUITE'; title: string; children: ReactNode }) {
  return (
    <BackendAccountGate accountKey={props.accountKey}>
      {(a) => <ConsoleFrame {...props} account={a} />}
    </BackendAccountGate>
  );
}

function ConsoleFrame(props: { accountKey: string; system: 'QBO' | 'NETSUITE'; title: string; children: ReactNode; account: Account }) {
  const { accountKey, system, account: a } = props;
  const wanted = SYSTEM_NAMES[system]!;
  const isOtherSystem = a.accountingSystem !== system;
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={700} size="lg" component="h2" m={0}>
            {props.title}
          </Text>
          <Text size="sm">
            {a.accountName} ({channelName(a.salesChannel)}, {accountKey})
            {!isOtherSystem && a.accountingSystemOrganizationName ? ` · ${wanted}: ${a.accountingSystemOrganizationName}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge color="blue" variant="light" tt="none">
            Read-only
          </Badge>
          <Anchor component={Link} to={`/account/${encodeURIComponent(accountKey)}/connections`} size="sm">
            Account connections
          </Anchor>
        </Group>
      </Group>
      {isOtherSystem ? (
        <Alert color="orange" role="alert" title={`Not connected to ${wanted}`}>
          {a.accountName} uses {SYSTEM_NAMES[a.accountingSystem] ?? a.accountingSystem}, not {wanted}, so there is nothing to query here.
        </Alert>
      ) : !a.accountingSystemConnected ? (
        <Alert color="orange" role="alert" title={`${wanted} is disconnected`}>
          {a.accountName}&apos;s connection to {wanted} is disconnected: the merchant has to connect it again from the admin page before it can be queried.
        </Alert>
      ) : (
        props.children
      )}
    </Stack>
  );
}

/** The console's query box: the query text, a row of helpers (examples or record links) and Run query. */
export function QueryConsoleForm(props: { label: string; text: string; onText: (text: string) => void; onSubmit: () => void; isRunning: boolean; helpersLabel: string; helpers: ReactNode }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <Stack gap="xs">
        <Textarea label={props.label} value={props.text} onChange={(e) => props.onText(e.currentTarget.value)} rows={4} styles={{ input: { fontFamily: 'monospace' } }} spellCheck={false} />
        <Group justify="space-between">
          <Group gap="xs" role="group" aria-label={props.helpersLabel}>
            <Text size="xs" c="dimmed">
              {props.helpersLabel}:
            </Text>
            {props.helpers}
          </Group>
          <Button type="submit" loading={props.isRunning}>
            Run query
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Why a query was not run: refused before sending (not read-only), or the system's answer. */
export function QueryRefusalAlert({ refusal, error }: { refusal: string | null; error: unknown }) {
  if (!refusal && !error) return null;
  return (
    <Alert color="red" role="alert" title={refusal ? 'This query cannot be run here' : 'The query did not run'}>
      {refusal ?? errorText(error)}
    </Alert>
  );
}
