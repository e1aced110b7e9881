/**
 * /account/{accountKey}/users: who opens the account and how (member role, organization, partner
 * firm), and the invites waiting for an answer; read-only (the owner manages them in Settings > Users).
 */
import { Alert, Anchor, Badge, Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AccountInvite, AccountUser, AccountUsers } from '@ledgerport/contract';
import { api, ApiError } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { DateText } from '../../../ui/date-text';
import { backendUserPath } from '../backend-users-api';
import { AccountAreaFrame } from './account-area-frame';

const ACCESS_LABELS: Record<AccountUser['access'][number], string> = {
  member: 'Member',
  organization: 'Organization',
  partner: 'Partner firm',
};

const userColumns: Array<DataColumn<AccountUser>> = [
  {
    id: 'email',
    header: 'Email',
    sortValue: (u) => u.email,
    cell: (u) => (
      <Anchor component={Link} to={backendUserPath(u.userId)} aria-label={`Open user ${u.email}`}>
        {u.email}
      </Anchor>
    ),
  },
  { id: 'name', header: 'Name', sortValue: (u) => u.name.toLowerCase(), cell: (u) => u.name },
  { id: 'role', header: 'Account role', sortValue: (u) => u.role ?? '', cell: (u) => u.role ?? '--' },
  {
    id: 'organizationRole',
    header: 'Organization role',
    sortValue: (u) => u.organizationRole ?? '',
    cell: (u) => u.organizationRole ?? '--',
  },
  {
    id: 'access',
    header: 'Reaches the account as',
    cell: (u) => (
      <Group gap={4}>
        {u.access.map((a) => (
          <Badge key={a} size="sm" variant="light">
            {ACCESS_LABELS[a]}
          </Badge>
        ))}
      </Group>
    ),
  },
];

const inviteColumns: Array<DataColumn<AccountInvite>> = [
  { id: 'email', header: 'Email', sortValue: (i) => i.email, cell: (i) => i.email },
  { id: 'role', header: 'Role', sortValue: (i) => i.role, cell: (i) => i.role },
  {
    id: 'invitedBy',
    header: 'Invited by',
    sortValue: (i) => i.invitedByName ?? '',
    cell: (i) => i.invitedByName ?? '--',
  },
  {
    id: 'invitedAt',
    header: 'Invited',
    sortValue: (i) => i.invitedAt,
    cell: (i) => <DateText value={i.invitedAt} />,
  },
  {
    id: 'expiresAt',
    header: 'Expires',
    sortValue: (i) => i.expiresAt,
    cell: (i) =>
      i.isExpired ? (
        <Text size="sm" c="red">
          Expired
        </Text>
      ) : (
        <DateText value={i.expiresAt} />
      ),
  },
];

function AccountUsersList({ account }: { account: Account }) {
  const query = useQuery({
    queryKey: ['account-users', account.accountKey],
    queryFn: () => api.get<AccountUsers>('/account-settings/users', { accountKey: account.accountKey }),
  });
  return (
    <>
      {query.isError && (
        <Alert color="red" role="alert" title="Could not load the users">
          {query.error instanceof ApiError
            ? query.error.message
            : 'Something went wrong. Please try again later.'}
        </Alert>
      )}
      <DataTable
        label={`Users of ${account.accountName}`}
        columns={userColumns}
        rows={query.data?.users ?? []}
        getRowId={(u) => u.userId}
        initialSort={{ id: 'email', desc: false }}
        isLoading={query.isPending}
        emptyText="Nobody opens this account."
      />
      <Title order={3} size="h5">
        Invites waiting for an answer
      </Title>
      <DataTable
        label="Invites"
        columns={inviteColumns}
        rows={query.data?.invites ?? []}
        getRowId={(i) => i.inviteId}
        initialSort={{ id: 'invitedAt', desc: true }}
        isLoading={query.isPending}
        emptyText="No invite is waiting."
      />
    </>
  );
}

export function AccountUsersPage() {
  return <AccountAreaFrame>{(account) => <AccountUsersList account={account} />}</AccountAreaFrame>;
}
