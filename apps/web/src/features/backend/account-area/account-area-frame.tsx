/**
 * The internal account area (/account/{accountKey}/…, issue 19): support staff read one account's data
 * without switching to it. The frame loads the account named in the path (staff may read every account;
 * anyone else was stopped by the route guard, and the server answers not-found), shows what it is, and
 * links the area's pages; each page reads that account's data through the account's own calls.
 */
import { Alert, Anchor, Badge, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, api } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { channelName } from '../../../ui/channel-icon';
import { useIsBillingEnabled } from '../../../lib/session-context';
import { accountAreaPath } from '../backend-users-api';

const AREA_TABS: Array<[child: string, label: string]> = [
  ['settlements', 'Settlements'],
  ['connections', 'Connections'],
  ['users', 'Users'],
  ['mappings', 'Mappings'],
  ['billing', 'Billing'],
  ['questionnaire', 'Questionnaire'],
  ['feature-flag', 'Feature flags'],
  ['transactions/raw', 'Raw transactions'],
  ['utilities', 'Utilities'],
];

/** The channel's own pages, shown as tabs only to accounts of that channel (decision 0047). */
const CHANNEL_TABS: Record<string, [child: string, label: string]> = {
  AMAZON: ['amazon/data-state', 'Amazon data'],
  WALMART: ['walmart/utilities', 'Walmart'],
};

export const accountQueryKey = (accountKey: string) => ['backend', 'account', accountKey];

export function AccountAreaFrame({ children }: { children: (account: Account) => ReactNode }) {
  const isBillingEnabled = useIsBillingEnabled();
  const { accountKey = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const account = useQuery({
    queryKey: accountQueryKey(accountKey),
    queryFn: () => api.get<Account>('/account', { accountKey }),
    retry: false,
  });
  const channelTab = account.data ? CHANNEL_TABS[account.data.salesChannel] : undefined;
  const tabs = channelTab ? [...AREA_TABS, channelTab] : AREA_TABS;
  // The longest match: walmart/utilities is the Walmart tab, not Utilities.
  const current = tabs.filter(([child]) => pathname.endsWith(`/${child}`)).sort((a, b) => b[0].length - a[0].length)[0]?.[0] ?? null;
  if (account.isPending) return <Loader aria-label="Loading the account" />;
  if (account.isError)
    return (
      <Alert color="red" role="alert" title={`Could not open account ${accountKey}`}>
        {account.error instanceof ApiError
          ? account.error.message
          : 'Something went wrong. Please try again later.'}
      </Alert>
    );
  const a = account.data;
  return (
    <Stack>
      <Group justify="space-between" align="start">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} size="h4">
              {a.accountName}
            </Title>
            <Badge variant="light">{channelName(a.salesChannel)}</Badge>
            <Badge variant="light" color="gray">
              {a.accountingSystem}
            </Badge>
            {isBillingEnabled && (a.planCode ? (
              <Badge variant="light" color="teal">
                {a.planCode}
              </Badge>
            ) : (
              <Badge variant="light" color="orange">
                Trial
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {a.accountKey} · {a.accountStatus}
            {a.organizationId ? ` · organization ${a.organizationId}` : ''}
          </Text>
        </Stack>
        <Anchor
          component={Link}
          to={`/switch?account=${encodeURIComponent(a.accountKey)}`}
          size="sm"
          aria-label={`Switch to ${a.accountName}`}
        >
          Switch to this account
        </Anchor>
        {(a.accountingSystem === 'QBO' || a.accountingSystem === 'NETSUITE') && (
          <Anchor component={Link} to={a.accountingSystem === 'QBO' ? `/backend/${encodeURIComponent(a.accountKey)}/qbo/playground` : `/backend/${encodeURIComponent(a.accountKey)}/netsuite/suiteql`} size="sm">
            {a.accountingSystem === 'QBO' ? 'QBO playground' : 'NetSuite SuiteQL'}
          </Anchor>
        )}
      </Group>
      <Tabs
        value={current}
        onChange={(child) => child && void navigate(accountAreaPath(a.accountKey, child))}
      >
        <Tabs.List aria-label="Account area pages">
          {tabs.map(([child, label]) => (
            <Tabs.Tab key={child} value={child}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children(a)}
    </Stack>
  );
}
