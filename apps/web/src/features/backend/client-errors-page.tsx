/**
 * /backend/client-errors: the errors users' browsers reported (issue 30, decision 0069), grouped by
 * message, the latest first: how often, by how many users, when last, and the latest report's route,
 * release and stack. Staff only (the call answers 404 to anyone else).
 */
import { Code, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ClientErrorGroup } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { ErrorAlert } from '../../ui/error-alert';

const fetchClientErrors = () => api.get<{ groups: ClientErrorGroup[]; total: number }>('/backend/client-errors', { limit: '200' });

const when = (iso: string) => new Date(iso).toLocaleString();

const columns: Array<DataColumn<ClientErrorGroup>> = [
  { id: 'message', header: 'Message', sortValue: (r) => r.message.toLowerCase(), cell: (r) => <Text size="sm" style={{ wordBreak: 'break-word' }}>{r.message}</Text> },
  { id: 'count', header: 'Reports', align: 'right', sortValue: (r) => r.count, cell: (r) => r.count },
  { id: 'userCount', header: 'Users', align: 'right', sortValue: (r) => r.userCount, cell: (r) => r.userCount },
  { id: 'lastSeenAt', header: 'Last seen', sortValue: (r) => r.lastSeenAt, cell: (r) => when(r.lastSeenAt) },
  { id: 'route', header: 'Route', cell: (r) => r.route ?? '--' },
  { id: 'release', header: 'Release', cell: (r) => r.release ?? '--' },
  {
    id: 'stack',
    header: 'Stack',
    cell: (r) =>
      r.stack ? (
        <details>
          <summary>Show the stack</summary>
          <Code block style={{ maxWidth: 480, whiteSpace: 'pre-wrap' }}>
            {r.stack}
          </Code>
        </details>
      ) : (
        '--'
      ),
  },
];

export function ClientErrorsPage() {
  const query = useQuery({ queryKey: ['backend', 'client-errors'], queryFn: fetchClientErrors });
  const total = query.data?.total ?? 0;
  const shown = query.data?.groups.length ?? 0;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Errors that happened in users&apos; browsers, one row per message, the most recent first. Each browser reports a message once per page load; the route, release and stack are the latest report&apos;s.
        {total > shown ? ` Showing the ${shown} most recent of ${total} messages.` : ''}
      </Text>
      <ErrorAlert error={query.error} />
      <DataTable
        label="Browser errors by message"
        columns={columns}
        rows={query.data?.groups ?? []}
        getRowId={(r) => r.message}
        clientPageSize={50}
        initialSort={{ id: 'lastSeenAt', desc: true }}
        isLoading={query.isPending}
        emptyText="No browser has reported an error."
      />
    </Stack>
  );
}
