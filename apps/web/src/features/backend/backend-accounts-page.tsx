/**
 * /backend/accounts: every account, a page of the server's cursor at a time (issue 19), filtered and
 * sorted in the browser; from a row, support requests older settlements or switches to the account.
 */
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AccountSummary } from '@ledgerport/contract';
import { ApiError } from '../../lib/api-client';
import { channelName } from '../../ui/channel-icon';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { PlanBadge, withoutPlanColumn } from '../../ui/plan-badge';
import { useIsBillingEnabled } from '../../lib/session-context';
import { fetchBackendAccounts, fetchHistoryPath } from './backend-api';
import { amazonGroupsPath, paypalRawPath } from './channels/backend-channels-api';

const columns: Array<DataColumn<AccountSummary>> = [
  { id: 'accountName', header: 'Account', sortValue: (r) => r.accountName.toLowerCase(), cell: (r) => r.accountName },
  { id: 'accountKey', header: 'Key', sortValue: (r) => r.accountKey, cell: (r) => r.accountKey },
  { id: 'salesChannel', header: 'Channel', sortValue: (r) => r.salesChannel, cell: (r) => channelName(r.salesChannel) },
  { id: 'accountingSystem', header: 'Accounting system', sortValue: (r) => r.accountingSystem, cell: (r) => r.accountingSystem },
  {
    id: 'plan',
    header: 'Plan',
    sortValue: (r) => r.planCode ?? '',
    cell: (r) => <PlanBadge planCode={r.planCode} />,
  },
  { id: 'organization', header: 'Organization', sortValue: (r) => r.organizationId ?? '', cell: (r) => r.organizationId ?? 'unassigned' },
  {
    id: 'actions',
    header: 'Actions',
    cell: (r) => (
      <Stack gap={2}>
        <Anchor component={Link} to={fetchHistoryPath(r.accountKey)} size="sm" aria-label={`Request history for ${r.accountName}`}>
          Request history
        </Anchor>
        {r.salesChannel === 'PAYPAL' && (
          <Anchor component={Link} to={paypalRawPath(r.accountKey)} size="sm" aria-label={`PayPal transactions of ${r.accountName}`}>
            PayPal transactions
          </Anchor>
        )}
        {r.salesChannel === 'AMAZON' && (
          <Anchor component={Link} to={amazonGroupsPath(r.accountKey)} size="sm" aria-label={`Amazon finance API of ${r.accountName}`}>
            Amazon finance API
          </Anchor>
        )}
        <Anchor component={Link} to={`/switch?account=${encodeURIComponent(r.accountKey)}`} size="sm" aria-label={`Switch to ${r.accountName}`}>
          Switch to account
        </Anchor>
      </Stack>
    ),
  },
];

export function BackendAccountsPage() {
  const [text, setText] = useState('');
  const isBillingEnabled = useIsBillingEnabled();
  const query = useInfiniteQuery({
    queryKey: ['backend', 'accounts'],
    queryFn: ({ pageParam }) => fetchBackendAccounts(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
  const needle = text.trim().toLowerCase();
  const all = query.data?.pages.flatMap((p) => p.accounts) ?? [];
  const rows = all.filter((r) => !needle || [r.accountName, r.accountKey, r.organizationId ?? '', channelName(r.salesChannel)].some((v) => v.toLowerCase().includes(needle)));
  return (
    <Stack>
      <TextInput label="Filter accounts" placeholder="Name, key, organization or channel" leftSection={<IconSearch size={14} />} value={text} onChange={(e) => setText(e.currentTarget.value)} w={320} />
      {query.error && (
        <Alert color="red" role="alert">
          {query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}
        </Alert>
      )}
      <DataTable label="Accounts" columns={withoutPlanColumn(columns, isBillingEnabled)} rows={rows} getRowId={(r) => r.accountKey} clientPageSize={50} initialSort={{ id: 'accountName', desc: false }} isLoading={query.isPending} emptyText="No account matches." />
      {query.hasNextPage && (
        <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} w="fit-content">
          Load more accounts
        </Button>
      )}
    </Stack>
  );
}
