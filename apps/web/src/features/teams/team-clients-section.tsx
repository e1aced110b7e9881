/** Team Settings > Client accounts: which of the firm's clients the team sees; a firm admin chooses, everyone else reads. */
import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Team, TeamsOverview } from '@ledgerport/contract';
import { showToast } from '../../lib/toast';
import { channelName } from '../../ui/channel-icon';
import { setTeamAccounts } from './teams-api';

export function TeamClientsSection({ team, overview, onChanged }: { team: Team; overview: TeamsOverview; onChanged: () => Promise<unknown> }) {
  const saved = team.accounts.map((a) => a.accountKey);
  const [chosen, setChosen] = useState<string[]>(saved);
  const isDirty = chosen.length !== saved.length || chosen.some((k) => !saved.includes(k));
  const save = useMutation({
    mutationFn: () => setTeamAccounts(team.teamId, chosen),
    onSuccess: async (t) => {
      showToast('success', `${t.name} now sees ${t.accounts.length} client account(s).`);
      await onChanged();
    },
    onError: (error) => showToast('error', error.message, 'Could not save the client accounts'),
  });
  if (!overview.isFirmAdmin) {
    return (
      <Stack gap="xs">
        <Title order={3} size="h4">
          Client accounts
        </Title>
        {team.accounts.length === 0 ? (
          <Text size="sm" c="dimmed">No client account is chosen for this team yet.</Text>
        ) : (
          <ul aria-label="Client accounts of the team">
            {team.accounts.map((a) => (
              <li key={a.accountKey}>
                {a.accountName} ({channelName(a.salesChannel)})
              </li>
            ))}
          </ul>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Client accounts
      </Title>
      <Text size="sm" c="dimmed">
        Members of this team who are not firm admins see only the client accounts ticked here (and those of their other teams).
      </Text>
      {overview.clients.length === 0 ? (
        <Text size="sm" c="dimmed">Your firm has no client accounts yet.</Text>
      ) : (
        <Checkbox.Group value={chosen} onChange={setChosen} aria-label="Client accounts the team sees">
          <Stack gap={6}>
            {overview.clients.map((c) => (
              <Checkbox key={c.accountKey} value={c.accountKey} label={`${c.accountName} (${channelName(c.salesChannel)})`} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Group>
        <Button onClick={() => save.mutate()} disabled={!isDirty} loading={save.isPending}>
          Save client accounts
        </Button>
      </Group>
    </Stack>
  );
}
