/** Team Settings > Members: who is in the team and their team role; a firm admin or the team's lead adds, changes and removes. */
import { Anchor, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Team, TeamMember, TeamsOverview } from '@ledgerport/contract';
import { showToast } from '../../lib/toast';
import { removeTeamMember, setTeamMember, TEAM_ROLE_OPTIONS, teamRoleLabel } from './teams-api';

type Role = TeamMember['role'];

export function TeamMembersSection({ team, overview, onChanged }: { team: Team; overview: TeamsOverview; onChanged: () => Promise<unknown> }) {
  const [userId, setUserId] = useState<string | null>(null);
  const [role, setRole] = useState<Role>('member');
  const canManage = team.canManageMembers;
  const candidates = overview.firmUsers.filter((u) => !team.members.some((m) => m.userId === u.userId));
  const save = useMutation({
    mutationFn: (v: { userId: string; role: Role }) => setTeamMember(team.teamId, v.userId, v.role),
    onSuccess: async (t, v) => {
      const who = t.members.find((m) => m.userId === v.userId);
      showToast('success', `${who?.name ?? 'The member'} is now ${teamRoleLabel(v.role)} of ${t.name}.`);
      setUserId(null);
      await onChanged();
    },
    onError: (error) => showToast('error', error.message, 'Could not change the team'),
  });
  const remove = useMutation({
    mutationFn: (m: TeamMember) => removeTeamMember(team.teamId, m.userId),
    onSuccess: async (_t, m) => {
      showToast('success', `${m.name} left ${team.name}.`);
      await onChanged();
    },
    onError: (error) => showToast('error', error.message, 'Could not remove the member'),
  });
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Members
      </Title>
      {team.members.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is in this team yet.
        </Text>
      ) : (
        <Table striped withTableBorder aria-label="Team members" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Team role</Table.Th>
              {canManage && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {team.members.map((m) => (
              <Table.Tr key={m.userId}>
                <Table.Td>{m.name}</Table.Td>
                <Table.Td>{m.email}</Table.Td>
                <Table.Td>
                  {canManage ? (
                    <Select aria-label={`Team role of ${m.name}`} data={[...TEAM_ROLE_OPTIONS]} value={m.role} allowDeselect={false} w={140} size="xs" disabled={save.isPending} onChange={(value) => value && value !== m.role && save.mutate({ userId: m.userId, role: value })} />
                  ) : (
                    teamRoleLabel(m.role)
                  )}
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" aria-label={`Remove ${m.name} from the team`} loading={remove.isPending && remove.variables?.userId === m.userId} onClick={() => remove.mutate(m)}>
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canManage && (
        <Group align="end">
          <Select label="Person of your firm" placeholder={candidates.length === 0 ? 'Everyone is in this team' : 'Choose a person'} data={candidates.map((u) => ({ value: u.userId, label: `${u.name} (${u.email})` }))} value={userId} onChange={setUserId} w={320} searchable />
          <Select label="Team role" data={[...TEAM_ROLE_OPTIONS]} value={role} onChange={(v) => v && setRole(v)} allowDeselect={false} w={140} />
          <Button onClick={() => userId && save.mutate({ userId, role })} disabled={userId === null} loading={save.isPending} mb={2}>
            Add member
          </Button>
        </Group>
      )}
      {canManage && (
        <Text size="sm" c="dimmed">
          Leads may change the team&apos;s members; members work on its clients. Only people of your firm can join a team: invite someone new below. To give someone outside the firm one client, the client&apos;s owner invites them from{' '}
          <Anchor component={Link} to="/account-settings/users">
            Account Settings &gt; Users
          </Anchor>
          .
        </Text>
      )}
    </Stack>
  );
}
