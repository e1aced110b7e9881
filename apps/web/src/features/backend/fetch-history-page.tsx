/**
 * /backend/{accountKey}/shopify/fetch-history (and its /{requestId} children): support asks one
 * account's sales channel for older settlements and follows the request (issue 19). The spec's path
 * names Shopify; the page works for every channel with history requests. The request is the
 * account's own history call, so it is refused, audited and shown in the account's Settings > History
 * exactly as if the owner had asked, with the staff member's name in the audit.
 */
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Account } from '@ledgerport/contract';
import { api, ApiError } from '../../lib/api-client';
import { channelName } from '../../ui/channel-icon';
import { HistoryRequestsPanel } from '../account-settings/history-requests-panel';

export function FetchHistoryPage() {
  const { accountKey = '', requestId } = useParams();
  const account = useQuery({ queryKey: ['backend', 'account', accountKey], queryFn: () => api.get<Account>('/account', { accountKey }) });
  if (account.error)
    return (
      <Alert color="red" role="alert" title="Account not found">
        {account.error instanceof ApiError ? account.error.message : 'Something went wrong. Please try again later.'}
      </Alert>
    );
  if (!account.data) return <Text c="dimmed">Loading the account…</Text>;
  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={600}>
          {account.data.accountName} ({channelName(account.data.salesChannel)}, {accountKey})
        </Text>
        <Anchor component={Link} to="/backend/fetch-history-status" size="sm">
          Every account&apos;s requests
        </Anchor>
      </Group>
      {requestId && (
        <Text size="sm" c="dimmed">
          Request {requestId} is in the list below.
        </Text>
      )}
      <HistoryRequestsPanel accountKey={accountKey} salesChannel={account.data.salesChannel} />
    </Stack>
  );
}
