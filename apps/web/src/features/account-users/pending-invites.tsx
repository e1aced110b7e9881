/**
 * The signed-in person's open invites (user meta `pendingInvites`), each with Accept and Decline.
 * Shown above every page of the app frame and on the newcomer page until answered.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { AuthUser } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import { showToast } from '../../lib/toast';

const ROLE_LABELS: Record<string, string> = { owner: 'Owner', member: 'Member', 'view-only': 'View-only' };

export function PendingInvites({ invites, onAnswered }: { invites: AuthUser['pendingInvites']; onAnswered: () => Promise<void> | void }) {
  const answer = useMutation({
    mutationFn: ({ inviteId, accept }: { inviteId: string; accept: boolean }) => api.post<{ message: string }>(accept ? '/user/invites/accept' : '/user/invites/decline', { inviteId }),
    onSuccess: async (result) => {
      showToast('success', result.message);
      await onAnswered();
    },
    onError: (error) => showToast('error', error.message, 'Could not answer the invite'),
  });
  if (invites.length === 0) return null;
  return (
    <Stack gap="xs" p="md" pb={0}>
      {invites.map((invite) => (
        <Alert key={invite.inviteId} color="blue" title={`Invite to ${invite.accountName}`} role="region" aria-label={`Invite to ${invite.accountName}`}>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {invite.invitedByName ?? 'The owner'} invites you to open {invite.accountName} as {ROLE_LABELS[invite.role] ?? invite.role}.
            </Text>
            <Group gap="xs">
              <Button size="xs" loading={answer.isPending && answer.variables.inviteId === invite.inviteId && answer.variables.accept} onClick={() => answer.mutate({ inviteId: invite.inviteId, accept: true })} aria-label={`Accept the invite to ${invite.accountName}`}>
                Accept
              </Button>
              <Button size="xs" variant="default" disabled={answer.isPending} onClick={() => answer.mutate({ inviteId: invite.inviteId, accept: false })} aria-label={`Decline the invite to ${invite.accountName}`}>
                Decline
              </Button>
            </Group>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
