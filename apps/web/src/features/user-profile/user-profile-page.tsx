/** /user-profile: who is signed in (GET /user-profile). */
import { Alert, Card, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { UserProfile } from '../../lib/api-types';

export function UserProfilePage() {
  const query = useQuery({ queryKey: ['user-profile'], queryFn: () => api.get<UserProfile>('/user-profile') });
  if (query.isPending) return <Loader aria-label="Loading profile" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load your profile">
        {query.error.message}
      </Alert>
    );
  }
  return (
    <Card withBorder maw={480}>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Name
        </Text>
        <Text>{query.data.name || 'No name given yet'}</Text>
        <Text size="sm" c="dimmed">
          Email
        </Text>
        <Text>{query.data.email}</Text>
      </Stack>
    </Card>
  );
}
