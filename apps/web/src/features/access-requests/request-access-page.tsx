/**
 * /admin/request-access (issue 30, decision 0065): ask the owners of an account for access by its key
 * (an owner finds it under Account Settings > Users; a link may carry it as ?accountKey=), then follow
 * the answer: waiting (withdraw), granted (open the account), declined or withdrawn.
 */
import { Alert, Anchor, Badge, Button, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AccessRequestStatus, OwnAccessRequest } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import { TimestampText } from '../../ui/date-text';

const STATUS: Record<AccessRequestStatus, { label: string; color: string }> = {
  waiting: { label: 'Waiting for an owner', color: 'yellow' },
  granted: { label: 'Granted', color: 'green' },
  declined: { label: 'Declined', color: 'red' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
};
const ROLE_WORDS: Record<string, string> = { owner: 'owner', member: 'member', 'view-only': 'view-only user' };

export function RequestAccessPage() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [accountKey, setAccountKey] = useState(params.get('accountKey') ?? '');
  const [message, setMessage] = useState('');
  const own = useQuery({ queryKey: ['own-access-requests'], queryFn: () => api.get<{ requests: OwnAccessRequest[] }>('/user/access-requests') });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['own-access-requests'] });
  const ask = useMutation({
    mutationFn: () => api.post<OwnAccessRequest>('/user/access-requests', { accountKey: accountKey.trim(), ...(message.trim() ? { message: message.trim() } : {}) }),
    onSuccess: async () => {
      setMessage('');
      await refresh();
    },
  });
  const withdraw = useMutation({ mutationFn: (requestId: string) => api.post<OwnAccessRequest>('/user/access-requests/withdraw', { requestId }), onSuccess: refresh });
  return (
    <Stack>
      <Title order={1} size="h3">
        Request access to an account
      </Title>
      <Text>Ask the owners of an existing Ledgerport account to let you open it. They find its key under Account Settings &gt; Users, and they answer there.</Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          ask.mutate();
        }}
      >
        <Stack>
          <TextInput label="Account key" description="For example acme-amazon-us" required value={accountKey} onChange={(e) => setAccountKey(e.currentTarget.value)} />
          <Textarea label="Message to the owners" description="Optional: who you are and why you need access" maxLength={500} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
          {ask.isError && (
            <Alert color="red" role="alert" title="The request was not sent">
              {ask.error.message}
            </Alert>
          )}
          {ask.isSuccess && (
            <Alert color="green" role="status" title="Request sent">
              The owners of {ask.data.accountKey} were told. You can open the account as soon as one of them grants your request.
            </Alert>
          )}
          <Button type="submit" loading={ask.isPending}>
            Ask for access
          </Button>
        </Stack>
      </form>
      <Title order={2} size="h4">
        Your requests
      </Title>
      {own.isError && (
        <Alert color="red" role="alert" title="Could not load your requests">
          {own.error.message}
        </Alert>
      )}
      {own.data?.requests.length === 0 && <Text size="sm">You have not asked for access to any account yet.</Text>}
      {own.data && own.data.requests.length > 0 && (
        <Table withTableBorder aria-label="Your access requests" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Asked</Table.Th>
              <Table.Th>Answered</Table.Th>
              <Table.Th>Next</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {own.data.requests.map((r) => (
              <Table.Tr key={r.requestId}>
                <Table.Td>{r.accountName ?? r.accountKey}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS[r.status].color} variant="light" tt="none">
                    {STATUS[r.status].label}
                    {r.status === 'granted' && r.role ? ` as ${ROLE_WORDS[r.role] ?? r.role}` : ''}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <TimestampText value={r.requestedAt} />
                </Table.Td>
                <Table.Td>
                  <TimestampText value={r.answeredAt} />
                </Table.Td>
                <Table.Td>
                  {r.status === 'waiting' && (
                    <Button size="xs" variant="subtle" color="red" aria-label={`Withdraw the request for ${r.accountKey}`} loading={withdraw.isPending && withdraw.variables === r.requestId} onClick={() => withdraw.mutate(r.requestId)}>
                      Withdraw
                    </Button>
                  )}
                  {r.status === 'granted' && (
                    // A full load through /switch: the session then opens that account (spec: account switch).
                    <Anchor href={`${import.meta.env.BASE_URL.replace(/\/$/, '')}/switch?account=${encodeURIComponent(r.accountKey)}`}>Open {r.accountName ?? r.accountKey}</Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {withdraw.isError && (
        <Alert color="red" role="alert" title="The request was not withdrawn">
          {withdraw.error.message}
        </Alert>
      )}
    </Stack>
  );
}
