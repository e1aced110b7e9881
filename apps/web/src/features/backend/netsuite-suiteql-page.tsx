/**
 * /backend/{accountKey}/netsuite/suiteql: support reads the account's NetSuite with SuiteQL (issue 19).
 * Read-only: core's checkSuiteQlQuery lets one SELECT through (the server checks again). The answer
 * is paged by NetSuite (limit and offset, at most 1000 rows a page) and shown as a table; each page
 * read is audited with the staff member's name. Links open the records of common record types.
 */
import { Anchor, Code, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { checkSuiteQlQuery } from '@ledgerport/core/queries';
import { recordTypePath, runSuiteQl } from './backend-queries-api';
import { QueryConsoleForm, QueryConsoleFrame, QueryRefusalAlert } from './query-console-frame';
import { QueryResultTable } from './query-result-table';

export const COMMON_RECORD_TYPES = ['account', 'subsidiary', 'department', 'classification', 'location', 'currency', 'journalentry'];

export function NetSuiteSuiteQlPage() {
  const { accountKey = '' } = useParams();
  return (
    <QueryConsoleFrame accountKey={accountKey} system="NETSUITE" title="NetSuite SuiteQL">
      <SuiteQlConsole accountKey={accountKey} />
    </QueryConsoleFrame>
  );
}

function SuiteQlConsole({ accountKey }: { accountKey: string }) {
  const [text, setText] = useState('SELECT id, acctnumber, accountsearchdisplayname, accttype FROM account ORDER BY id');
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The query being shown and its page; a new run starts at the first page. */
  const [sent, setSent] = useState<{ query: string; run: number } | null>(null);
  const [page, setPage] = useState({ pageIndex: 0, pageSize: 25 });
  const result = useQuery({
    queryKey: ['backend', 'suiteql', accountKey, sent, page],
    queryFn: () => runSuiteQl(accountKey, sent!.query, page.pageSize, page.pageIndex * page.pageSize),
    enabled: sent !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });
  const submit = () => {
    const checked = checkSuiteQlQuery(text);
    setRefusal(checked.isAccepted ? null : checked.message);
    if (!checked.isAccepted) return;
    setPage((p) => ({ ...p, pageIndex: 0 }));
    setSent((s) => ({ query: text, run: (s?.run ?? 0) + 1 }));
  };
  const data = result.data;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        SuiteQL, read-only: only SELECT is sent. NetSuite answers one page at a time (at most 1000 rows). Each page read is recorded in the account&apos;s history with your name.
      </Text>
      <QueryConsoleForm
        label="SuiteQL query"
        text={text}
        onText={setText}
        onSubmit={submit}
        isRunning={result.isFetching}
        helpersLabel="Records by type"
        helpers={COMMON_RECORD_TYPES.map((type) => (
          <Anchor key={type} component={Link} to={recordTypePath(accountKey, type)} size="xs">
            {type}
          </Anchor>
        ))}
      />
      <QueryRefusalAlert refusal={refusal} error={result.error} />
      {data && !refusal && !result.error && (
        <Stack gap="xs">
          <Text size="sm" role="status">
            Rows {data.items.length === 0 ? 0 : data.offset + 1}–{data.offset + data.items.length}
            {data.totalResults !== null ? ` of ${data.totalResults}` : data.hasMore ? ' of many' : ''} from NetSuite account {data.accountId}. Sent: <Code>{data.query}</Code>
          </Text>
          <QueryResultTable
            label="SuiteQL results"
            rows={data.items}
            emptyText="NetSuite found no rows for this query."
            isLoading={result.isFetching}
            paging={{ pageIndex: page.pageIndex, pageSize: page.pageSize, totalRows: data.totalResults, hasMore: data.hasMore, onChange: setPage }}
          />
        </Stack>
      )}
    </Stack>
  );
}
