/** /backend/organizations: every organization, found by name or id, sorted and paged by the server (issue 19). */
import { Alert, Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BackendOrganizationRow } from '@ledgerport/contract';
import { ApiError } from '../../lib/api-client';
import { DataTable, type ColumnSortState, type DataColumn } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { backendOrganizationPath, fetchBackendOrganizations } from './backend-users-api';

const columns: Array<DataColumn<BackendOrganizationRow>> = [
  {
    id: 'name',
    header: 'Organization',
    isSortable: true,
    cell: (o) => (
      <Anchor
        component={Link}
        to={backendOrganizationPath(o.organizationId)}
        aria-label={`Open organization ${o.name}`}
      >
        {o.name}
      </Anchor>
    ),
  },
  { id: 'organizationId', header: 'Id', cell: (o) => o.organizationId },
  { id: 'partnerCode', header: 'Partner code', cell: (o) => o.partnerCode ?? '' },
  { id: 'accountCount', header: 'Accounts', isSortable: true, align: 'right', cell: (o) => o.accountCount },
  { id: 'memberCount', header: 'Members', isSortable: true, align: 'right', cell: (o) => o.memberCount },
  { id: 'createdAt', header: 'Created', isSortable: true, cell: (o) => <DateText value={o.createdAt} /> },
];

export function BackendOrganizationsPage() {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, 250);
  const [sort, setSort] = useState<ColumnSortState | null>({ id: 'name', desc: false });
  const [page, setPage] = useState({ pageIndex: 0, pageSize: 25 });
  const q = {
    search,
    sort: sort?.id ?? 'name',
    desc: sort?.desc ?? false,
    limit: page.pageSize,
    offset: page.pageIndex * page.pageSize,
  };
  const query = useQuery({
    queryKey: ['backend', 'organizations', q],
    queryFn: () => fetchBackendOrganizations(q),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? null;
  return (
    <Stack>
      <Group justify="space-between" align="end">
        <TextInput
          label="Search organizations"
          placeholder="Part of a name or id"
          leftSection={<IconSearch size={14} />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage((p) => ({ ...p, pageIndex: 0 }));
          }}
          w={320}
        />
        <Text size="sm" c="dimmed">
          {total === null
            ? ''
            : total === 1
              ? '1 organization matches'
              : `${total.toLocaleString('en-US')} organizations match`}
        </Text>
      </Group>
      {query.error && (
        <Alert color="red" role="alert">
          {query.error instanceof ApiError
            ? query.error.message
            : 'Something went wrong. Please try again later.'}
        </Alert>
      )}
      <DataTable
        label="Organizations"
        columns={columns}
        rows={query.data?.organizations ?? []}
        getRowId={(o) => o.organizationId}
        sorting={sort}
        onSortingChange={(s) => {
          setSort(s);
          setPage((p) => ({ ...p, pageIndex: 0 }));
        }}
        paging={{
          ...page,
          totalRows: total,
          hasMore: total !== null && (page.pageIndex + 1) * page.pageSize < total,
          onChange: setPage,
        }}
        isLoading={query.isPending}
        emptyText={
          search.trim()
            ? `No organization's name or id contains "${search.trim()}".`
            : 'No organizations yet.'
        }
      />
    </Stack>
  );
}
