/**
 * /backend/users: every user, found by part of the email or name, sorted and paged by the server
 * (issue 19). A row opens the user's page, where support sees their accounts and can open the app as them.
 */
import { Anchor, Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BackendUserRow } from '@ledgerport/contract';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { backendUserPath, fetchBackendUsers, STAFF_ROLE_LABELS } from './backend-users-api';
import { useBackendSearch } from './use-backend-search';
import { ErrorAlert } from '../../ui/error-alert';

const columns: Array<DataColumn<BackendUserRow>> = [
  {
    id: 'email',
    header: 'Email',
    isSortable: true,
    cell: (u) => (
      <Anchor component={Link} to={backendUserPath(u.userId)} aria-label={`Open user ${u.email}`}>
        {u.email}
      </Anchor>
    ),
  },
  { id: 'name', header: 'Name', isSortable: true, cell: (u) => u.name },
  {
    id: 'roles',
    header: 'Staff roles',
    cell: (u) =>
      u.staffRoles.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Group gap={4}>
          {u.staffRoles.map((r) => (
            <Badge key={r} size="sm" variant="light">
              {STAFF_ROLE_LABELS[r] ?? r}
            </Badge>
          ))}
        </Group>
      ),
  },
  { id: 'partnerCode', header: 'Partner code', cell: (u) => u.partnerCode ?? '' },
  { id: 'accountCount', header: 'Accounts', isSortable: true, align: 'right', cell: (u) => u.accountCount },
  { id: 'createdAt', header: 'Created', isSortable: true, cell: (u) => <DateText value={u.createdAt} /> },
];

export function BackendUsersPage() {
  const list = useBackendSearch('email');
  const { search } = list;
  const query = useQuery({ queryKey: ['backend', 'users', list.query], queryFn: () => fetchBackendUsers(list.query), placeholderData: keepPreviousData });
  const total = query.data?.total ?? null;
  return (
    <Stack>
      <Group justify="space-between" align="end">
        <TextInput
          label="Search users"
          placeholder="Part of an email or name"
          leftSection={<IconSearch size={14} />}
          value={list.text}
          onChange={(e) => list.onTextChange(e.currentTarget.value)}
          w={320}
        />
        <Text size="sm" c="dimmed">
          {total === null ? '' : total === 1 ? '1 user matches' : `${total.toLocaleString('en-US')} users match`}
        </Text>
      </Group>
      <ErrorAlert error={query.error} />
      <DataTable
        label="Users"
        columns={columns}
        rows={query.data?.users ?? []}
        getRowId={(u) => u.userId}
        sorting={list.sort}
        onSortingChange={list.onSortingChange}
        paging={list.pagingOf(total)}
        isLoading={query.isPending}
        emptyText={search.trim() ? `No user's email or name contains "${search.trim()}".` : 'No users yet.'}
      />
    </Stack>
  );
}
