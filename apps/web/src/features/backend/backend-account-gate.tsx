/** The account a backend tool reads (query consoles, fetch history): loaded by its key, or why it could not be. */
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Account } from '@ledgerport/contract';
import { api, ApiError } from '../../lib/api-client';
import { accountQueryKey } from './account-area/account-area-frame';

export function BackendAccountGate({ accountKey, children }: { accountKey: string; children: (account: Account) => ReactNode }) {
  const account = useQuery({ queryKey: accountQueryKey(accountKey), queryFn: () => api.get<Account>('/account', { accountKey }) });
  if (account.error)
    return (
      <Alert color="red" role="alert" title="Account not found">
        {account.error instanceof ApiError ? account.error.message : 'Something went wrong. Please try again later.'}
      </Alert>
    );
  if (!account.data) return <Text c="dimmed">Loading the account…</Text>;
  return children(account.data);
}
