/**
 * /backend/user/{userId}: one user as support sees them (issue 19): staff roles, every account they
 * reach and how (account role, organization role, partner client), organizations, feature flags and
 * sign-in history. "Open as this user" writes an audit line naming the staff member in the account's
 * history, then opens the app as the user through the userId/accountKey override (load-session.ts).
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Title,
} from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { BackendUserAccount, BackendUserDetail, SignInAttempt } from '@ledgerport/contract';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { DateText, TimestampText } from '../../ui/date-text';
import { UserFlagSwitches } from './feature-flag-switches';
import { FactCard } from '../../ui/fact';
import { accountIdentityColumns } from './account-identity-columns';
import { ErrorAlert } from '../../ui/error-alert';
import { errorText } from '../../lib/api-client';
import {
  backendOrganizationPath,
  fetchBackendUser,
  impersonate,
  STAFF_ROLE_LABELS,
} from './backend-users-api';

function howReached(a: BackendUserAccount): string {
  const ways = [
    a.accountRole && `${a.accountRole} of the account`,
    a.organizationRole && `${a.organizationRole} of its organization`,
    a.isPartnerClient && 'partner client',
  ];
  return ways.filter(Boolean).join(', ') || 'no role';
}

const signInColumns: Array<DataColumn<SignInAttempt>> = [
  {
    id: 'attemptedAt',
    header: 'When',
    sortValue: (s) => s.attemptedAt,
    cell: (s) => <TimestampText value={s.attemptedAt} />,
  },
  { id: 'ip', header: 'IP address', sortValue: (s) => s.ip, cell: (s) => s.ip },
  {
    id: 'succeeded',
    header: 'Result',
    sortValue: (s) => (s.succeeded ? 1 : 0),
    cell: (s) => (
      <Badge size="sm" color={s.succeeded ? 'green' : 'red'} variant="light">
        {s.succeeded ? 'Signed in' : 'Refused'}
      </Badge>
    ),
  },
];

export function BackendUserPage() {
  const { userId = '' } = useParams();
  const client = useQueryClient();
  const key = ['backend', 'user', userId];
  const query = useQuery({ queryKey: key, queryFn: () => fetchBackendUser(userId), retry: false });
  const open = useMutation({
    mutationFn: (accountKey: string) => impersonate(userId, accountKey),
    // A full load: the override is read at start-up, before the session is loaded.
    onSuccess: (r) => window.location.assign(r.path),
  });
  if (query.isPending) return <Loader aria-label="Loading the user" />;
  if (query.isError)
    return (
      <Alert color="red" role="alert" title="Could not load the user">
        {errorText(query.error)}
      </Alert>
    );
  const { user, accounts, organizations, featureFlags, signIns } = query.data;
  const accountColumns: Array<DataColumn<BackendUserAccount>> = [
    ...accountIdentityColumns<BackendUserAccount>(),
    { id: 'role', header: 'Access', sortValue: howReached, cell: howReached },
    {
      id: 'actions',
      header: 'Actions',
      cell: (a) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconUserShare size={14} />}
          loading={open.isPending && open.variables === a.accountKey}
          onClick={() => open.mutate(a.accountKey)}
          aria-label={`Open ${a.accountName} as ${user.email}`}
        >
          Open as this user
        </Button>
      ),
    },
  ];
  return (
    <Stack>
      <Group gap="sm">
        <Title order={2} size="h4">
          {user.name} ({user.email})
        </Title>
        {user.staffRoles.map((r) => (
          <Badge key={r} variant="light">
            {STAFF_ROLE_LABELS[r] ?? r}
          </Badge>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 4 }}>
        <FactCard label="User id">{user.userId}</FactCard>
        <FactCard label="Created">
          <DateText value={user.createdAt} />
        </FactCard>
        <FactCard label="Email verified">{user.isEmailVerified ? 'Yes' : 'No'}</FactCard>
        <FactCard label="Partner code">{user.partnerCode ?? 'None'}</FactCard>
        <FactCard label="Current account">{user.currentAccountKey ?? 'None'}</FactCard>
        <FactCard label="Time zone">{user.timeZone}</FactCard>
        <FactCard label="Accounts">{String(user.accountCount)}</FactCard>
        <FactCard label="Organizations">
          {organizations.length === 0
              ? 'None'
              : organizations.map((o) => (
                  <Anchor
                    key={o.organizationId}
                    component={Link}
                    to={backendOrganizationPath(o.organizationId)}
                    size="sm"
                    mr="xs"
                  >
                    {o.name} ({o.role})
                  </Anchor>
                ))}
        </FactCard>
      </SimpleGrid>
      <ErrorAlert error={open.error} title="Could not open the account as this user" />
      <Title order={3} size="h5">
        Accounts and roles
      </Title>
      <DataTable
        label="Accounts of this user"
        columns={accountColumns}
        rows={accounts}
        getRowId={(a) => a.accountKey}
        initialSort={{ id: 'accountName', desc: false }}
        emptyText="This user reaches no account."
      />
      <Title order={3} size="h5">
        Feature flags of this user
      </Title>
      <UserFlagSwitches
        userId={user.userId}
        initial={featureFlags}
        onChanged={(flags) =>
          client.setQueryData<BackendUserDetail>(key, (d) => (d ? { ...d, featureFlags: flags } : d))
        }
      />
      <Title order={3} size="h5">
        Sign-in history
      </Title>
      <DataTable
        label="Sign-in history"
        columns={signInColumns}
        rows={signIns}
        getRowId={(s) => `${s.attemptedAt}-${s.ip}`}
        initialSort={{ id: 'attemptedAt', desc: true }}
        clientPageSize={25}
        emptyText="No sign-in attempt in the last 30 days."
      />
    </Stack>
  );
}

