/**
 * The frame of the backend's query consoles: which account is being read and in which system, and,
 * before anything is sent, a clear message when the account's accounting system is another one or
 * is not connected (the server refuses those calls too, with the same meaning).
 */
import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Account } from '@ledgerport/contract';
import { api, ApiError } from '../../lib/api-client';
import { channelName } from '../../ui/channel-icon';

const SYSTEM_NAMES: Record<string, string> = { QBO: 'QuickBooks Online', NETSUITE: 'NetSuite', XERO: 'Xero', SAGE: 'Sage', MANUAL: 'the built-in ledger', NONE: 'no accounting system' };

export function QueryConsoleFrame(props: { accountKey: string; system: 'QBO' | 'NETSUITE'; title: string; children: ReactNode }) {
  const { accountKey, system } = props;
  const account = useQuery({ queryKey: ['backend', 'account', accountKey], queryFn: () => api.get<Account>('/account', { accountKey }) });
  if (account.error)
    return (
      <Alert color="red" role="alert" title="Account not found">
        {account.error instanceof ApiError ? account.error.message : 'Something went wrong. Please try again later.'}
      </Alert>
    );
  if (!account.data) return <Text c="dimmed">Loading the account…</Text>;
  const a = account.data;
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
