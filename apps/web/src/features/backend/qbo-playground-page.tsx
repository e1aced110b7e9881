/**
 * /backend/{accountKey}/qbo/playground: support reads the account's QuickBooks Online company with
 * the QBO query language (issue 19). Read-only: core's checkQboQuery lets one SELECT through (the
 * server checks again), MAXRESULTS is added when missing (100, at most 1000). The answer shows as a
 * sortable table and as QBO's raw JSON. Every query is audited with the staff member's name.
 */
import { Anchor, Code, Stack, Tabs, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { checkQboQuery, QBO_QUERY_DEFAULT_MAX_RESULTS, QBO_QUERY_MAX_RESULTS } from '@ledgerport/core/queries';
import { runQboQuery } from './backend-queries-api';
import { QueryConsoleForm, QueryConsoleFrame, QueryRefusalAlert } from './query-console-frame';
import { QueryResultTable } from './query-result-table';

const EXAMPLES: Array<[label: string, query: string]> = [
  ['Accounts', 'SELECT * FROM Account WHERE Active = true'],
  ['Classes', 'SELECT * FROM Class'],
  ['Tax codes', 'SELECT * FROM TaxCode'],
  ['Journal entries', 'SELECT * FROM JournalEntry ORDERBY Id DESC MAXRESULTS 20'],
  ['Count accounts', 'SELECT COUNT(*) FROM Account'],
];

export function QboPlaygroundPage() {
  const { accountKey = '' } = useParams();
  return (
    <QueryConsoleFrame accountKey={accountKey} system="QBO" title="QuickBooks Online playground">
      <QboConsole accountKey={accountKey} />
    </QueryConsoleFrame>
  );
}

function QboConsole({ accountKey }: { accountKey: string }) {
  const [text, setText] = useState(EXAMPLES[0]![1]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = useMutation({ mutationFn: (query: string) => runQboQuery(accountKey, query) });
  const submit = () => {
    const checked = checkQboQuery(text);
    setRefusal(checked.isAccepted ? null : checked.message);
    if (checked.isAccepted) run.mutate(text);
  };
  const result = run.data;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Queries in the QBO query language, read-only: only SELECT is sent. A query without MAXRESULTS reads {QBO_QUERY_DEFAULT_MAX_RESULTS} rows; at most {QBO_QUERY_MAX_RESULTS}. Each query is recorded in the account&apos;s history with your name.
      </Text>
      <QueryConsoleForm
        label="QBO query"
        text={text}
        onText={setText}
        onSubmit={submit}
        isRunning={run.isPending}
        helpersLabel="Examples"
        helpers={EXAMPLES.map(([label, example]) => (
          <Anchor key={label} component="button" type="button" size="xs" onClick={() => setText(example)}>
            {label}
          </Anchor>
        ))}
      />
      <QueryRefusalAlert refusal={refusal} error={run.error} />
      {result && !refusal && (
        <Stack gap="xs">
          <Text size="sm" role="status">
            {result.totalCount !== null ? `${result.entity}: ${result.totalCount} in total` : `${result.rows.length} ${result.entity} row${result.rows.length === 1 ? '' : 's'}`} from company {result.realmId}. Sent: <Code>{result.query}</Code>
          </Text>
          <Tabs defaultValue="table" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="table">Table</Tabs.Tab>
              <Tabs.Tab value="raw">Raw JSON</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="table" pt="xs">
              <QueryResultTable label="Query results" rows={result.rows} emptyText={result.totalCount !== null ? 'A count query has no rows: the total is above.' : 'QuickBooks found no rows for this query.'} />
            </Tabs.Panel>
            <Tabs.Panel value="raw" pt="xs">
              <Code block aria-label="QuickBooks answer as JSON" style={{ maxHeight: 480, overflow: 'auto' }}>
                {JSON.stringify(result.raw, null, 2)}
              </Code>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Stack>
  );
}
