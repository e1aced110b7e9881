/** /backend/organizations: every organization, found by name or id, sorted and paged by the server (issue 19). */
import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BackendOrganizationRow } from '@ledgerport/contract';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { backendOrganizationPath, fetchBackendOrganizations } from './backend-users-api';
import { useBackendSearch } from './use-backend-search';
import { ErrorAlert } from '../../ui/error-alert';

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
  const list = useBackendSearch('name');
  const { search } = list;
  const query = useQuery({ queryKey: ['backend', 'organizations', list.query], queryFn: () => fetchBackendOrganizations(list.query), placeholderData: keepPreviousData });
  const total = query.data?.total ?? null;
  return (
    <Stack>
      <Group justify="space-between" align="end">
        <TextInput
          label="Search organizations"
          placeholder="Part of a name or id"
          leftSection={<IconSearch size={14} />}
          value={list.text}
          onChange={(e) => list.onTextChange(e.currentTarget.value)}
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
      <ErrorAlert error={query.error} />
      <DataTable
        label="Organizations"
        columns={columns}
        rows={query.data?.organizations ?? []}
        getRowId={(o) => o.organizationId}
        sorting={list.sort}
        onSortingChange={list.onSortingChange}
        paging={list.pagingOf(total)}
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
