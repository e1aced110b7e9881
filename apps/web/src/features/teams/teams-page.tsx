/**
 * /teams (issue 19, decision 0038): the teams of the caller's partner firm with their members and the
 * client accounts each sees; filter and sort; a firm admin creates a team here and opens Team Settings
 * to choose its members and clients. A firm member who is not an admin sees the teams they are in.
 */
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Team } from '@ledgerport/contract';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { FirmInvitesSection } from './firm-invites-section';
import { createTeam, fetchTeams, TEAMS_QUERY_KEY, teamSettingsPath } from './teams-api';

const columns: Array<DataColumn<Team>> = [
  {
    id: 'name',
    header: 'Team',
    sortValue: (t) => t.name.toLowerCase(),
    cell: (t) => (
      <Anchor component={Link} to={teamSettingsPath(t.teamId)} size="sm" aria-label={`Open team ${t.name}`}>
        {t.name}
      </Anchor>
    ),
  },
  { id: 'members', header: 'Members', align: 'right', sortValue: (t) => t.members.length, cell: (t) => t.members.length },
  { id: 'memberNames', header: 'Who', cell: (t) => (t.members.length === 0 ? <Text size="sm" c="dimmed">Nobody yet</Text> : t.members.map((m) => m.name).join(', ')) },
  { id: 'clients', header: 'Clients', align: 'right', sortValue: (t) => t.accounts.length, cell: (t) => t.accounts.length },
  { id: 'clientNames', header: 'Client accounts', cell: (t) => (t.accounts.length === 0 ? <Text size="sm" c="dimmed">None chosen</Text> : t.accounts.map((a) => a.accountName).join(', ')) },
];

function matches(t: Team, needle: string): boolean {
  return !needle || [t.name, ...t.members.map((m) => m.name), ...t.accounts.map((a) => a.accountName)].some((v) => v.toLowerCase().includes(needle));
}

export function TeamsPage() {
  const query = useQuery({ queryKey: TEAMS_QUERY_KEY, queryFn: fetchTeams });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => createTeam(name),
    onSuccess: async (team) => {
      showToast('success', `Team ${team.name} created. Now add its members and clients.`);
      setName('');
      await queryClient.invalidateQueries({ queryKey: TEAMS_QUERY_KEY });
      void navigate(teamSettingsPath(team.teamId));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  if (query.error) return <Alert color="red" role="alert">{query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}</Alert>;
  const data = query.data;
  if (data && data.partnerCode === null) {
    return <Alert color="blue">Teams belong to accounting firms in the partner programme. You are not a member of a partner firm.</Alert>;
  }
  const needle = text.trim().toLowerCase();
  const rows = (data?.teams ?? []).filter((t) => matches(t, needle));
  return (
    <Stack>
      <Text c="dimmed" size="sm">
        {data?.isFirmAdmin
          ? 'Group your firm’s people in teams and choose which client accounts each team works on. Firm admins see every client; everyone else sees only the clients of their teams.'
          : 'The teams you belong to. You see the client accounts of these teams; a firm admin changes them.'}
      </Text>
      {data?.isFirmAdmin && (
        <form onSubmit={submit} aria-label="New team">
          <Group align="end">
            <TextInput label="Team name" placeholder="e.g. Amazon sellers" value={name} onChange={(e) => setName(e.currentTarget.value)} w={300} required maxLength={80} />
            <Button type="submit" loading={create.isPending} mb={2}>
              Create team
            </Button>
          </Group>
          {create.error && (
            <Alert color="red" role="alert" mt="xs" title="Could not create the team">
              {create.error.message}
            </Alert>
          )}
        </form>
      )}
      <TextInput label="Filter teams" placeholder="Team, member or client" leftSection={<IconSearch size={14} />} value={text} onChange={(e) => setText(e.currentTarget.value)} w={300} />
      <DataTable
        label="Teams"
        columns={columns}
        rows={rows}
        getRowId={(t) => t.teamId}
        initialSort={{ id: 'name', desc: false }}
        isLoading={query.isPending}
        emptyText={(data?.teams.length ?? 0) === 0 ? (data?.isFirmAdmin ? 'Your firm has no team yet. Create one above.' : 'You are not in a team yet. Ask a firm admin to add you to one.') : 'No team matches.'}
      />
      {data?.isFirmAdmin && <FirmInvitesSection overview={data} />}
    </Stack>
  );
}
