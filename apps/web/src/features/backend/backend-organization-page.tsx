/** /backend/organization/{organizationId}: one organization's accounts with their plans, members, subscriptions and features (issue 19). */
import { Alert, Anchor, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { BackendOrganizationDetail } from '@ledgerport/contract';
import { ApiError } from '../../lib/api-client';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { PlanBadge, withoutPlanColumn } from '../../ui/plan-badge';
import { useIsBillingEnabled } from '../../lib/session-context';
import { DateText } from '../../ui/date-text';
import { accountIdentityColumns } from './account-identity-columns';
import { backendUserPath, fetchBackendOrganization } from './backend-users-api';

type Account = BackendOrganizationDetail['accounts'][number];
type Member = BackendOrganizationDetail['members'][number];
type Subscription = BackendOrganizationDetail['subscriptions'][number];

const accountColumns: Array<DataColumn<Account>> = [
  ...accountIdentityColumns<Account>(),
  {
    id: 'accountingSystem',
    header: 'Accounting system',
    sortValue: (a) => a.accountingSystem,
    cell: (a) => a.accountingSystem,
  },
  {
    id: 'planCode',
    header: 'Plan',
    sortValue: (a) => a.planCode ?? '',
    cell: (a) => <PlanBadge planCode={a.planCode} />,
  },
  { id: 'accountStatus', header: 'Status', sortValue: (a) => a.accountStatus, cell: (a) => a.accountStatus },
];

const memberColumns: Array<DataColumn<Member>> = [
  {
    id: 'email',
    header: 'Email',
    sortValue: (m) => m.email,
    cell: (m) => (
      <Anchor component={Link} to={backendUserPath(m.userId)} aria-label={`Open user ${m.email}`}>
        {m.email}
      </Anchor>
    ),
  },
  { id: 'name', header: 'Name', sortValue: (m) => m.name.toLowerCase(), cell: (m) => m.name },
  { id: 'role', header: 'Role', sortValue: (m) => m.role, cell: (m) => m.role },
];

const subscriptionColumns: Array<DataColumn<Subscription>> = [
  { id: 'planCode', header: 'Plan', sortValue: (s) => s.planCode, cell: (s) => s.planCode },
  { id: 'status', header: 'Status', sortValue: (s) => s.status, cell: (s) => s.status },
  { id: 'period', header: 'Billed', sortValue: (s) => s.period, cell: (s) => s.period },
  {
    id: 'accountCount',
    header: 'Accounts of this organization',
    align: 'right',
    sortValue: (s) => s.accountCount,
    cell: (s) => s.accountCount,
  },
  {
    id: 'subscriptionId',
    header: 'Subscription',
    sortValue: (s) => s.subscriptionId,
    cell: (s) => s.subscriptionId,
  },
];

export function BackendOrganizationPage() {
  const isBillingEnabled = useIsBillingEnabled();
  const { organizationId = '' } = useParams();
  const query = useQuery({
    queryKey: ['backend', 'organization', organizationId],
    queryFn: () => fetchBackendOrganization(organizationId),
    retry: false,
  });
  if (query.isPending) return <Loader aria-label="Loading the organization" />;
  if (query.isError)
    return (
      <Alert color="red" role="alert" title="Could not load the organization">
        {query.error instanceof ApiError
          ? query.error.message
          : 'Something went wrong. Please try again later.'}
      </Alert>
    );
  const { organization: o, accounts, members, subscriptions, features } = query.data;
  return (
    <Stack>
      <Title order={2} size="h4">
        {o.name}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 4 }}>
        {(
          [
            ['Id', o.organizationId],
            ['Partner code', o.partnerCode ?? 'None'],
            ['Created', <DateText key="c" value={o.createdAt} />],
            ['Features', features.length === 0 ? 'None' : features.join(', ')],
          ] satisfies Array<[string, ReactNode]>
        ).map(([label, value]) => (
          <Card key={label} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" component="div">
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Title order={3} size="h5">
        Accounts ({accounts.length})
      </Title>
      <DataTable
        label="Accounts of this organization"
        columns={withoutPlanColumn(accountColumns, isBillingEnabled, 'planCode')}
        rows={accounts}
        getRowId={(a) => a.accountKey}
        initialSort={{ id: 'accountName', desc: false }}
        emptyText="This organization has no account."
      />
      <Title order={3} size="h5">
        Members ({members.length})
      </Title>
      <DataTable
        label="Members"
        columns={memberColumns}
        rows={members}
        getRowId={(m) => m.userId}
        initialSort={{ id: 'email', desc: false }}
        emptyText="This organization has no member."
      />
      <Title order={3} size="h5">
        Plan and subscriptions
      </Title>
      <DataTable
        label="Subscriptions"
        columns={subscriptionColumns}
        rows={subscriptions}
        getRowId={(s) => s.subscriptionId}
        initialSort={{ id: 'planCode', desc: false }}
        emptyText={isBillingEnabled ? 'No subscription pays for these accounts: each account shows its own plan above (Trial when none).' : 'No subscription pays for these accounts: billing is off on this instance, so every account is unlimited.'}
      />
    </Stack>
  );
}
