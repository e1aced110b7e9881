/**
 * /backend/utilities (issue 19): feature flags of any account, switched one at a time (audited with the
 * staff member), and the way to a user's flags. An account is picked from the backend's account list.
 */
import { Anchor, Card, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { fetchBackendAccounts } from './backend-api';
import { accountAreaPath } from './backend-users-api';
import { AccountFlagSwitches } from './feature-flag-switches';

export function BackendUtilitiesPage() {
  const [accountKey, setAccountKey] = useState<string | null>(null);
  const accounts = useQuery({
    queryKey: ['backend', 'accounts', 'first-page'],
    queryFn: () => fetchBackendAccounts(),
  });
  const options = (accounts.data?.accounts ?? []).map((a) => ({
    value: a.accountKey,
    label: `${a.accountName} (${a.accountKey})`,
  }));
  return (
    <Stack maw={960}>
      <Card withBorder padding="lg">
        <Title order={2} size="h5" mb="xs">
          Feature flags of an account
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          A switched flag takes effect the next time the account&apos;s users load the app; the change shows
          in the account&apos;s Settings &gt; History with your name.
        </Text>
        <Select
          label="Account"
          placeholder={accounts.isPending ? 'Loading accounts…' : 'Type a name or key'}
          searchable
          data={options}
          value={accountKey}
          onChange={setAccountKey}
          nothingFoundMessage="No account matches"
          w={420}
          mb="md"
        />
        {accountKey && (
          <Stack gap="sm">
            <AccountFlagSwitches accountKey={accountKey} />
            <Anchor component={Link} to={accountAreaPath(accountKey, 'feature-flag')} size="sm">
              Open this account&apos;s internal area
            </Anchor>
          </Stack>
        )}
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h5" mb="xs">
          Feature flags of a user
        </Title>
        <Text size="sm">
          Find the user on the{' '}
          <Anchor component={Link} to="/backend/users">
            Users
          </Anchor>{' '}
          page and open them: their flags are switched on their page.
        </Text>
      </Card>
    </Stack>
  );
}
