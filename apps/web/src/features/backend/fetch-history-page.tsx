/**
 * /backend/{accountKey}/shopify/fetch-history (and its /{requestId} children): support asks one
 * account's sales channel for older settlements and follows the request (issue 19). The spec's path
 * names Shopify; the page works for every channel with history requests. The request is the
 * account's own history call, so it is refused, audited and shown in the account's Settings > History
 * exactly as if the owner had asked, with the staff member's name in the audit.
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { channelName } from '../../ui/channel-icon';
import { HistoryRequestsPanel } from '../account-settings/history-requests-panel';
import { BackendAccountGate } from './backend-account-gate';

export function FetchHistoryPage() {
  const { accountKey = '', requestId } = useParams();
  return (
    <BackendAccountGate accountKey={accountKey}>
      {(account) => (
        <Stack>
          <Group justify="space-between">
            <Text fw={600}>
              {account.accountName} ({channelName(account.salesChannel)}, {accountKey})
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
          <HistoryRequestsPanel accountKey={accountKey} salesChannel={account.salesChannel} />
        </Stack>
      )}
    </BackendAccountGate>
  );
}
