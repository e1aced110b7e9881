/**
 * Account Settings > Users, the access requests (issue 30, decision 0065): the account's key, which a
 * colleague types on /admin/request-access, and the requests waiting for an answer. An owner grants one
 * with a role or declines it; everyone else reads.
 */
import { Button, Code, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountAccessRequest, AccountInvite } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { TimestampText } from '../../ui/date-text';

type Role = AccountInvite['role'];
const ROLE_OPTIONS: Array<{ value: Role; label: string }> = [
  { value: 'owner', label: 'Owner' },
  { value: 'member', label: 'Member' },
  { value: 'view-only', label: 'View-only' },
];

export function AccessRequestsSection({ accountKey }: { accountKey: string }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['access-requests', accountKey], queryFn: () => api.get<{ requests: AccountAccessRequest[]; canManage: boolean }>('/account-settings/access-requests', { accountKey }) });
  const [roles, setRoles] = useState<Record<string, Role>>({});
  const answer = useMutation({
    mutationFn: ({ requestId, grant }: { requestId: string; grant: boolean }) =>
      grant
        ? api.post<{ message: string }>('/account-settings/access-requests/grant', { requestId, role: roles[requestId] ?? 'member' }, { accountKey })
        : api.post<{ message: string }>('/account-settings/access-requests/decline', { requestId }, { accountKey }),
    onSuccess: async ({ message }) => {
      showToast('success', message);
      await queryClient.invalidateQueries({ queryKey: ['access-requests', accountKey] });
      await queryClient.invalidateQueries({ queryKey: ['account-users', accountKey] });
    },
    onError: (error) => showToast('error', error.message, 'Could not answer the request'),
  });
  const requests = query.data?.requests ?? [];
  const canManage = query.data?.canManage ?? false;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Access requests
      </Title>
      <Text size="sm" c="dimmed">
        Someone with a Ledgerport login can ask for access on the Request Access page with this account's key: <Code>{accountKey}</Code>
      </Text>
      {query.isError && (
        <Text c="red" role="alert">
          Could not load the access requests: {query.error.message}
        </Text>
      )}
      {query.data && requests.length === 0 && <Text size="sm">No request is waiting for an answer.</Text>}
      {requests.length > 0 && (
        <Table withTableBorder aria-label="Access requests waiting for an answer" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Message</Table.Th>
              <Table.Th>Asked</Table.Th>
              {canManage && <Table.Th>Answer</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {requests.map((r) => (
              <Table.Tr key={r.requestId}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{r.email}</Table.Td>
                <Table.Td>{r.message || '--'}</Table.Td>
                <Table.Td>
                  <TimestampText value={r.requestedAt} />
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Select aria-label={`Role for ${r.email}`} data={ROLE_OPTIONS} value={roles[r.requestId] ?? 'member'} allowDeselect={false} w={130} size="xs" onChange={(v) => v && setRoles({ ...roles, [r.requestId]: v })} />
                      <Button size="xs" aria-label={`Grant access to ${r.email}`} loading={answer.isPending && answer.variables.requestId === r.requestId && answer.variables.grant} onClick={() => answer.mutate({ requestId: r.requestId, grant: true })}>
                        Grant
                      </Button>
                      <Button size="xs" variant="subtle" color="red" aria-label={`Decline the request of ${r.email}`} onClick={() => answer.mutate({ requestId: r.requestId, grant: false })}>
                        Decline
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
