/**
 * /team-settings?teamId= (issue 19, decision 0038): one team of the firm. A firm admin renames or
 * deletes it and chooses its client accounts; a firm admin or the team's lead changes its members.
 * Everyone else in the team reads. Without a teamId the page asks which team to open.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Team, TeamsOverview } from '@ledgerport/contract';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { FirmInvitesSection } from './firm-invites-section';
import { TeamClientsSection } from './team-clients-section';
import { TeamMembersSection } from './team-members-section';
import { deleteTeam, fetchTeams, renameTeam, TEAMS_QUERY_KEY, teamSettingsPath } from './teams-api';

export function TeamSettingsPage() {
  const query = useQuery({ queryKey: TEAMS_QUERY_KEY, queryFn: fetchTeams });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const teamId = params.get('teamId');
  if (query.error) return <Alert color="red" role="alert">{query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}</Alert>;
  const data = query.data;
  if (!data) return <Text c="dimmed">Loading…</Text>;
  if (data.partnerCode === null) return <Alert color="blue">Teams belong to accounting firms in the partner programme. You are not a member of a partner firm.</Alert>;
  const team = data.teams.find((t) => t.teamId === teamId);
  return (
    <Stack maw={900}>
      <Select
        label="Team"
        placeholder={data.teams.length === 0 ? 'No team yet: create one on the Teams page' : 'Choose a team'}
        data={data.teams.map((t) => ({ value: t.teamId, label: t.name }))}
        value={team?.teamId ?? null}
        onChange={(value) => value && void navigate(teamSettingsPath(value))}
        allowDeselect={false}
        w={300}
      />
      {teamId !== null && !team && <Alert color="orange" role="alert">This team does not exist or you are not in it. Choose one of your teams above.</Alert>}
      {team && <TeamSettings key={team.teamId} team={team} overview={data} />}
    </Stack>
  );
}

function TeamSettings({ team, overview }: { team: Team; overview: TeamsOverview }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(team.name);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  useEffect(() => setName(team.name), [team.name]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: TEAMS_QUERY_KEY });
  const rename = useMutation({
    mutationFn: () => renameTeam(team.teamId, name),
    onSuccess: async (t) => {
      showToast('success', `The team is now called ${t.name}.`);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteTeam(team.teamId),
    onSuccess: async () => {
      showToast('success', `Team ${team.name} deleted.`);
      await refresh();
      void navigate('/teams');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate();
  };
  return (
    <Stack>
      <Title order={2} size="h3">
        {team.name}
      </Title>
      {overview.isFirmAdmin && (
        <form onSubmit={submit} aria-label="Rename team">
          <Group align="end">
            <TextInput label="Team name" value={name} onChange={(e) => setName(e.currentTarget.value)} w={300} required maxLength={80} />
            <Button type="submit" variant="default" loading={rename.isPending} disabled={name.trim() === team.name} mb={2}>
              Rename
            </Button>
            <Button color="red" variant="subtle" onClick={() => setDeleteOpen(true)} mb={2}>
              Delete team
            </Button>
          </Group>
          {rename.error && (
            <Alert color="red" role="alert" mt="xs" title="Could not rename the team">
              {rename.error.message}
            </Alert>
          )}
        </form>
      )}
      <TeamMembersSection team={team} overview={overview} onChanged={refresh} />
      {team.canManageMembers && <FirmInvitesSection overview={overview} team={team} />}
      <TeamClientsSection team={team} overview={overview} onChanged={refresh} />
      <Modal opened={isDeleteOpen} onClose={() => setDeleteOpen(false)} title="Delete team">
        <Stack>
          <Text size="sm">
            Delete {team.name}? Its {team.members.length} member(s) keep their logins but no longer see its {team.accounts.length} client account(s), unless another team of theirs has them.
          </Text>
          {remove.error && <Alert color="red" role="alert">{remove.error.message}</Alert>}
          <Group justify="end">
            <Button variant="default" onClick={() => setDeleteOpen(false)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
