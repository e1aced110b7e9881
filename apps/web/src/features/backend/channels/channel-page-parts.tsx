/** What the backend's PayPal and Amazon pages share: the account and connection heading, the error in words, the raw JSON. */
import { Alert, Badge, Code, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { BackendChannelConnection } from '@ledgerport/contract';
import { ApiError } from '../../../lib/api-client';
import { TimestampText } from '../../../ui/date-text';

const BADGE_COLORS: Record<string, string> = { Connected: 'green', 'Connection Error': 'red', 'Connection Problem': 'orange', Disconnected: 'gray' };

export function ConnectionHeading({ title, channel, connection }: { title: string; channel: string; connection: BackendChannelConnection | undefined }) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {connection && (
        <Group gap="xs">
          <Text fw={600}>
            {connection.accountName} ({connection.accountKey})
          </Text>
          <Badge color={BADGE_COLORS[connection.badge] ?? 'gray'} variant="light" tt="none">
            {channel}: {connection.badge}
          </Badge>
          {connection.storeName && (
            <Text size="sm" c="dimmed">
              {connection.storeName}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Last fetched <TimestampText value={connection.lastSyncedAt} />
          </Text>
        </Group>
      )}
      {connection?.lastError && (
        <Text size="sm" c="red">
          Last error: {connection.lastError}
        </Text>
      )}
    </Stack>
  );
}

/** An error of a backend call as a bookkeeper reads it; a missing connection is said plainly, not as a failure. */
export function CallError({ error, channel }: { error: unknown; channel: string }) {
  if (error instanceof ApiError && error.code === 'channel.not-connected')
    return (
      <Alert color="yellow" role="alert" title={`No ${channel} connection`}>
        {error.message}
      </Alert>
    );
  if (error instanceof ApiError && error.code === 'account.not-found')
    return (
      <Alert color="red" role="alert" title="Account not found">
        {error.message}
      </Alert>
    );
  return (
    <Alert color="red" role="alert" title={`Could not read from ${channel}`}>
      {error instanceof ApiError ? error.message : 'Something went wrong. Please try again later.'}
    </Alert>
  );
}

export function RawJson({ value, label }: { value: unknown; label: string }) {
  return (
    <ScrollArea.Autosize mah={480} type="auto">
      <Code block aria-label={label}>
        {JSON.stringify(value, null, 2)}
      </Code>
    </ScrollArea.Autosize>
  );
}
