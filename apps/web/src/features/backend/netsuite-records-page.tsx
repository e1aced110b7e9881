/**
 * /backend/{accountKey}/netsuite/suiteql/{recordType}: the records of one NetSuite record type
 * (account, subsidiary, journalentry…), read by SuiteQL a page at a time, ordered by id; each row
 * links to its record view (`?id=`), read through the REST record API (issue 19). Audited.
 */
import { Alert, Anchor, Code, Group, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isNetSuiteRecordType } from '@ledgerport/core/queries';
import type { DataColumn } from '../../ui/data-table';
import { fetchNetSuiteRecord, fetchNetSuiteRecords, recordPath, recordTypePath, suiteQlPath } from './backend-queries-api';
import { COMMON_RECORD_TYPES } from './netsuite-suiteql-page';
import { QueryConsoleFrame } from './query-console-frame';
import { QueryResultTable, type NumberedRow } from './query-result-table';
import { ErrorAlert } from '../../ui/error-alert';
import { errorText } from '../../lib/api-client';


export function NetSuiteRecordsPage() {
  const { accountKey = '', recordType = '' } = useParams();
  const [search] = useSearchParams();
  const id = search.get('id');
  return (
    <QueryConsoleFrame accountKey={accountKey} system="NETSUITE" title={id ? `NetSuite ${recordType} ${id}` : `NetSuite records: ${recordType}`}>
      <Group gap="xs" role="navigation" aria-label="Record types">
        <Anchor component={Link} to={suiteQlPath(accountKey)} size="sm">
          SuiteQL console
        </Anchor>
        {COMMON_RECORD_TYPES.map((type) => (
          <Anchor key={type} component={Link} to={recordTypePath(accountKey, type)} size="sm" fw={type === recordType && !id ? 700 : undefined}>
            {type}
          </Anchor>
        ))}
      </Group>
      {!isNetSuiteRecordType(recordType) ? (
        <Alert color="red" role="alert">
          &quot;{recordType}&quot; is not a NetSuite record type: use a record name such as account, subsidiary or journalentry.
        </Alert>
      ) : id ? (
        <RecordView accountKey={accountKey} recordType={recordType} id={id} />
      ) : (
        <RecordList accountKey={accountKey} recordType={recordType} />
      )}
    </QueryConsoleFrame>
  );
}

function RecordList({ accountKey, recordType }: { accountKey: string; recordType: string }) {
  const [page, setPage] = useState({ pageIndex: 0, pageSize: 25 });
  const list = useQuery({
    queryKey: ['backend', 'netsuite-records', accountKey, recordType, page],
    queryFn: () => fetchNetSuiteRecords(accountKey, recordType, page.pageSize, page.pageIndex * page.pageSize),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const open: DataColumn<NumberedRow> = {
    id: 'open',
    header: 'Record',
    cell: (r) => {
      const rowId = r.values.id;
      return typeof rowId === 'string' || typeof rowId === 'number' ? (
        <Anchor component={Link} to={recordPath(accountKey, recordType, String(rowId))} size="sm" aria-label={`Open ${recordType} ${rowId}`}>
          Open
        </Anchor>
      ) : null;
    },
  };
  if (list.error)
    return (
      <Alert color="red" role="alert" title="The records could not be read">
        {errorText(list.error)}
      </Alert>
    );
  const data = list.data;
  return (
    <Stack gap="xs">
      {data && (
        <Text size="sm" role="status">
          {data.totalResults ?? data.items.length} {recordType} record{(data.totalResults ?? data.items.length) === 1 ? '' : 's'} in NetSuite account {data.accountId}. Sent: <Code>{data.query}</Code>
        </Text>
      )}
      <QueryResultTable
        label={`NetSuite ${recordType} records`}
        rows={data?.items ?? []}
        firstColumn={open}
        emptyText={`NetSuite has no ${recordType} records.`}
        isLoading={list.isFetching}
        paging={{ pageIndex: page.pageIndex, pageSize: page.pageSize, totalRows: data?.totalResults ?? null, hasMore: data?.hasMore ?? false, onChange: setPage }}
      />
    </Stack>
  );
}

function display(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function RecordView({ accountKey, recordType, id }: { accountKey: string; recordType: string; id: string }) {
  const record = useQuery({ queryKey: ['backend', 'netsuite-record', accountKey, recordType, id], queryFn: () => fetchNetSuiteRecord(accountKey, recordType, id), retry: false });
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={recordTypePath(accountKey, recordType)} size="sm">
        Back to the {recordType} records
      </Anchor>
      <ErrorAlert error={record.error} title="The record could not be read" />
      {!record.data && !record.error && <Text c="dimmed">Reading the record from NetSuite…</Text>}
      {record.data && (
        <>
          <Table aria-label={`NetSuite ${recordType} ${id}`} striped withTableBorder maw={900}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Object.entries(record.data.record).map(([field, value]) => (
                <Table.Tr key={field}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {field}
                    </Text>
                  </Table.Td>
                  <Table.Td>{value !== null && typeof value === 'object' ? <Code fz="xs">{display(value)}</Code> : <Text size="sm">{display(value)}</Text>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Code block aria-label="The record as JSON">
            {JSON.stringify(record.data.record, null, 2)}
          </Code>
        </>
      )}
    </Stack>
  );
}
