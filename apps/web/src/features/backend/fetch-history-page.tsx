/**
 * /backend/{accountKey}/shopify/fetch-history (and its /{requestId} children): support asks one
 * account's sales channel for older settlements and follows the request (issue 19). The spec's path
 * names Shopify; the page works for every channel with history requests. The request is the
 * account's own history call, so it is refused, audited and shown in the account's Settings > History
 * exactly as if the owner had asked, with the staff member's name in the audit. A {requestId} the
 * account never had is the 404 page (issue 30).
 */
import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { HistoryRequest } from '@ledgerport/contract';
import { api, ApiError } from '../../lib/api-client';
import { NotFoundPage } from '../not-found/not-found-page';
import { channelName } from '../../ui/channel-icon';
import { HistoryRequestsPanel } from '../account-settings/history-requests-panel';
import { BackendAccountGate } from './backend-account-gate';

/** The request the path names: its period and status. */
function NamedRequest({ request }: { request: HistoryRequest }) {
  return (
    <Text size="sm">
      Request {request.requestId}: {request.fromDate} to {request.toDate}, {request.status.toLowerCase()}
      {request.settlementCount !== null ? `, ${request.settlementCount} settlements` : ''}
      {request.message ? `. ${request.message}` : ''}. It is also in the list below.
    </Text>
  );
}

export function FetchHistoryPage() {
  const { accountKey = '', requestId } = useParams();
  const named = useQuery({
    queryKey: ['history-request', accountKey, requestId],
    queryFn: () => api.get<HistoryRequest>('/sales-channel/history/request', { accountKey, requestId: requestId ?? '' }),
    enabled: requestId !== undefined,
    retry: false,
  });
  // An id the account never had: the 404 page, not the list with a sentence about it.
  if (named.error instanceof ApiError && named.error.status === 404 && named.error.code === 'channel.history-request-not-found') return <NotFoundPage />;
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
          {requestId && named.isPending && <Loader size="sm" aria-label={`Loading request ${requestId}`} />}
          {named.data && <NamedRequest request={named.data} />}
          {named.isError && !(named.error instanceof ApiError && named.error.status === 404) && (
            <Alert color="red" role="alert" title={`Request ${requestId} could not be loaded`}>
              {named.error.message}
            </Alert>
          )}
          <HistoryRequestsPanel accountKey={accountKey} salesChannel={account.salesChannel} />
        </Stack>
      )}
    </BackendAccountGate>
  );
}
