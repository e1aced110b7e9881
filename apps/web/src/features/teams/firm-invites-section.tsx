/**
 * Invite someone new into the firm (issue 19, decision 0048): on Teams (firm admins: firm role, any
 * team or none) and on Team Settings (the team's admin or lead: into this team). Lists the invites
 * waiting for an answer with Resend and Revoke; sort and filter like the other tables.
 */
import { Alert, Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { FirmInvite, Team, TeamsOverview } from '@ledgerport/contract';
import { showToast } from '../../lib/toast';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { FIRM_INVITES_QUERY_KEY, fetchFirmInvites, inviteToFirm, PARTNER_ROLE_OPTIONS, resendFirmInvite, revokeFirmInvite, TEAM_ROLE_OPTIONS, teamRoleLabel } from './teams-api';

const NO_TEAM = '';
const partnerRoleLabel = (role: string) => PARTNER_ROLE_OPTIONS.find((o) => o.value === role)?.label ?? role;

/** `team`: Team Settings' own team (the invite goes into it); without it, the firm admin's firm-wide form. */
export function FirmInvitesSection({ overview, team }: { overview: TeamsOverview; team?: Team }) {
  const queryClient = useQueryClient();
  const isAdmin = overview.isFirmAdmin;
  const [email, setEmail] = useState('');
  const [partnerRole, setPartnerRole] = useState<FirmInvite['partnerRole']>('member');
  const [teamId, setTeamId] = useState<string>(team?.teamId ?? NO_TEAM);
  const [teamRole, setTeamRole] = useState<Team['members'][number]['role']>('member');
  const [text, setText] = useState('');
  const invites = useQuery({ queryKey: FIRM_INVITES_QUERY_KEY, queryFn: fetchFirmInvites });
  const refresh = () => queryClient.invalidateQueries({ queryKey: FIRM_INVITES_QUERY_KEY });
  const send = useMutation({
    mutationFn: () => inviteToFirm({ email, partnerRole, teamId: teamId === NO_TEAM ? null : teamId, ...(teamId === NO_TEAM ? {} : { teamRole }) }),
    onSuccess: async (i) => {
      showToast('success', `An invite was sent to ${i.email}.`);
      setEmail('');
      await refresh();
    },
  });
  const resend = useMutation({
    mutationFn: (i: FirmInvite) => resendFirmInvite(i.inviteId),
    onSuccess: async (i) => {
      showToast('success', `A new invite was sent to ${i.email}. The earlier link no longer works.`);
      await refresh();
    },
    onError: (error) => showToast('error', error.message, 'Could not resend the invite'),
  });
  const revoke = useMutation({
    mutationFn: (i: FirmInvite) => revokeFirmInvite(i.inviteId),
    onSuccess: async (r) => {
      showToast('success', r.message);
      await refresh();
    },
    onError: (error) => showToast('error', error.message, 'Could not withdraw the invite'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!send.isPending) send.mutate();
  };
  const columns: Array<DataColumn<FirmInvite>> = [
    { id: 'email', header: 'Email', sortValue: (i) => i.email.toLowerCase(), cell: (i) => i.email },
    { id: 'firmRole', header: 'Firm role', sortValue: (i) => i.partnerRole, cell: (i) => partnerRoleLabel(i.partnerRole) },
    { id: 'team', header: 'Team', sortValue: (i) => (i.teamName ?? '').toLowerCase(), cell: (i) => (i.teamName === null ? <Text size="sm" c="dimmed">No team</Text> : `${i.teamName} (${teamRoleLabel(i.teamRole ?? 'member')})`) },
    {
      id: 'invited',
      header: 'Invited',
      sortValue: (i) => i.invitedAt,
      cell: (i) => (
        <>
          {i.invitedAt.slice(0, 10)}
          {i.invitedByName ? ` by ${i.invitedByName}` : ''}{' '}
          {i.isExpired && (
            <Badge color="orange" variant="light" tt="none">
              Expired
            </Badge>
          )}
        </>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      isSortable: false,
      cell: (i) => (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="subtle" aria-label={`Resend the invite to ${i.email}`} loading={resend.isPending && resend.variables?.inviteId === i.inviteId} onClick={() => resend.mutate(i)}>
            Resend
          </Button>
          <Button size="xs" variant="subtle" color="red" aria-label={`Revoke the invite to ${i.email}`} loading={revoke.isPending && revoke.variables?.inviteId === i.inviteId} onClick={() => revoke.mutate(i)}>
            Revoke
          </Button>
        </Group>
      ),
    },
  ];
  const needle = text.trim().toLowerCase();
  const rows = (invites.data?.invites ?? []).filter((i) => (team ? i.teamId === team.teamId : true)).filter((i) => !needle || [i.email, i.teamName ?? '', i.invitedByName ?? ''].some((v) => v.toLowerCase().includes(needle)));
  const teamOptions = [{ value: NO_TEAM, label: 'No team (the firm only)' }, ...overview.teams.map((t) => ({ value: t.teamId, label: t.name }))];
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {team ? 'Invite someone new to this team' : 'Invite someone new to your firm'}
      </Title>
      <Text size="sm" c="dimmed">
        We email them a link that works for 7 days. Someone without a Ledgerport login creates one from the link; once they verify their email they are in your firm{team ? ' and this team' : ''}.
      </Text>
      <form onSubmit={submit} aria-label={team ? 'Invite to team' : 'Invite to firm'}>
        <Group align="end">
          <TextInput label="Email" type="email" placeholder="name@example.com" value={email} onChange={(e) => setEmail(e.currentTarget.value)} w={260} required />
          <Select label="Firm role" data={isAdmin ? [...PARTNER_ROLE_OPTIONS] : [PARTNER_ROLE_OPTIONS[0]]} value={partnerRole} onChange={(v) => v && setPartnerRole(v)} allowDeselect={false} w={150} disabled={!isAdmin} />
          {!team && <Select label="Into team" data={teamOptions} value={teamId} onChange={(v) => setTeamId(v ?? NO_TEAM)} allowDeselect={false} w={220} />}
          <Select label="Role in the team" data={[...TEAM_ROLE_OPTIONS]} value={teamRole} onChange={(v) => v && setTeamRole(v)} allowDeselect={false} w={130} disabled={teamId === NO_TEAM} />
          <Button type="submit" loading={send.isPending} mb={2}>
            Send invite
          </Button>
        </Group>
        {send.error && (
          <Alert color="red" role="alert" mt="xs" title="Could not send the invite">
            {send.error.message}
          </Alert>
        )}
      </form>
      <Title order={4} size="h5" mt="xs">
        Waiting invites
      </Title>
      {invites.error && <Alert color="red" role="alert">{invites.error.message}</Alert>}
      <TextInput label="Filter invites" placeholder="Email, team or who invited" leftSection={<IconSearch size={14} />} value={text} onChange={(e) => setText(e.currentTarget.value)} w={300} />
      <DataTable label="Waiting invites" columns={columns} rows={rows} getRowId={(i) => i.inviteId} initialSort={{ id: 'invited', desc: true }} isLoading={invites.isPending} emptyText={needle ? 'No invite matches.' : 'No invites waiting for an answer.'} />
    </Stack>
  );
}
