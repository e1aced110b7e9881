/** The actions column of the backend's account lists: the account's request history, channel tools between, and switching to it. */
import { Anchor, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fetchHistoryPath } from './backend-api';

export function AccountActionLinks({ account, children }: { account: { accountKey: string; accountName: string }; children?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Anchor component={Link} to={fetchHistoryPath(account.accountKey)} size="sm" aria-label={`Request history for ${account.accountName}`}>
        Request history
      </Anchor>
      {children}
      <Anchor component={Link} to={`/switch?account=${encodeURIComponent(account.accountKey)}`} size="sm" aria-label={`Switch to ${account.accountName}`}>
        Switch to account
      </Anchor>
    </Stack>
  );
}
