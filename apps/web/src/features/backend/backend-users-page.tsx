/**
 * /backend/users: every user, found by part of the email or name, sorted and paged by the server
 * (issue 19). A row opens the user's page, where support sees their accounts and can open the app as them.
 */
import { Alert, Anchor, Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BackendUserRow } from '@ledgerport/contract';
import { ApiError } from '../../lib/api-client';
import { DataTable, type ColumnSortState, type DataColumn } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { backendUserPath, fetchBackendUsers, STAFF_ROLE_LABELS } from './backend-users-api';

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
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, 250);
  const [sort, setSort] = useState<ColumnSortState | null>({ id: 'email', desc: false });
  const [page, setPage] = useState({ pageIndex: 0, pageSize: 25 });
  const q = { search, sort: sort?.id ?? 'email', desc: sort?.desc ?? false, limit: page.pageSize, offset: page.pageIndex * page.pageSize };
  const query = useQuery({ queryKey: ['backend', 'users', q], queryFn: () => fetchBackendUsers(q), placeholderData: keepPreviousData });
  const total = query.data?.total ?? null;
  return (
    <Stack>
      <Group justify="space-between" align="end">
        <TextInput
          label="Search users"
          placeholder="Part of an email or name"
          leftSection={<IconSearch size={14} />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage((p) => ({ ...p, pageIndex: 0 }));
          }}
          w={320}
        />
        <Text size="sm" c="dimmed">
          {total === null ? '' : total === 1 ? '1 user matches' : `${total.toLocaleString('en-US')} users match`}
        </Text>
      </Group>
      {query.error && (
        <Alert color="red" role="alert">
          {query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}
        </Alert>
      )}
      <DataTable
        label="Users"
        columns={columns}
        rows={query.data?.users ?? []}
        getRowId={(u) => u.userId}
        sorting={sort}
        onSortingChange={(s) => {
          setSort(s);
          setPage((p) => ({ ...p, pageIndex: 0 }));
        }}
        paging={{ ...page, totalRows: total, hasMore: total !== null && (page.pageIndex + 1) * page.pageSize < total, onChange: setPage }}
        isLoading={query.isPending}
        emptyText={search.trim() ? `No user's email or name contains "${search.trim()}".` : 'No users yet.'}
      />
    </Stack>
  );
}
