/**
 * Account Settings > Users: who can open the account (name, email, role, how they reach it) and the
 * open invites. The owner (level manage) invites by email with a role, resends and revokes invites,
 * changes a member's role and removes a member, each after a confirmation; everyone else reads.
 * The server refuses what core's rules refuse (the last owner), and its sentence is shown.
 */
import { Alert, Badge, Button, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AccountInvite, AccountUser, AccountUsers } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { AccessRequestsSection } from './access-requests-section';

type Role = AccountInvite['role'];
const ROLE_OPTIONS: Array<{ value: Role; label: string }> = [
  { value: 'owner', label: 'Owner' },
  { value: 'member', label: 'Member' },
  { value: 'view-only', label: 'View-only' },
];
const roleLabel = (role: string | null) => ROLE_OPTIONS.find((o) => o.value === role)?.label ?? '--';
const ACCESS_LABELS: Record<AccountUser['access'][number], string> = { member: 'Direct membership', organization: 'Organization', partner: 'Partner' };

type Confirm = { title: string; text: string; action: string; run: () => Promise<unknown> };

export function UsersSettingsPage() {
  const { account, user, reload } = useSession();
  const accountKey = account.accountKey;
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['account-users', accountKey], queryFn: () => api.get<AccountUsers>('/account-settings/users', { accountKey }) });
  const [inviteOpen, setInviteOpen] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['account-users', accountKey] });
  const act = useMutation({
    mutationFn: (c: Confirm) => c.run(),
    onSuccess: async (result) => {
      const message = (result as { message?: string } | undefined)?.message;
      showToast('success', message ?? 'Saved.');
      setConfirm(undefined);
      await refresh();
    },
  });
  const changeRole = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => api.post<AccountUser>('/account-settings/users/role', { userId, role }, { accountKey }),
    onSuccess: async (u) => {
      showToast('success', `${u.name} is now ${roleLabel(u.role)}.`);
      await refresh();
      if (u.userId === user.userId) await reload();
    },
    onError: (error) => showToast('error', error.message, 'Could not change the role'),
  });

  const data = query.data;
  const canManage = data?.canManage ?? false;
  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {canManage ? 'Invite colleagues by email and choose what each may do. Owners manage users; members do the bookkeeping; view-only users read.' : 'The people who can open this account. Only an owner can invite or change users.'}
        </Text>
        {canManage && <Button onClick={() => setInviteOpen(true)}>Invite user</Button>}
      </Group>
      {query.isError && (
        <Alert color="red" role="alert" title="Could not load the users">
          {query.error.message}
        </Alert>
      )}
      {data && (
        <Table striped withTableBorder aria-label="Users of this account" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Access</Table.Th>
              {canManage && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.users.map((u) => (
              <Table.Tr key={u.userId}>
                <Table.Td>{u.name}</Table.Td>
                <Table.Td>{u.email}</Table.Td>
                <Table.Td>
                  {canManage && u.role !== null ? (
                    <Select
                      aria-label={`Role of ${u.name}`}
                      data={ROLE_OPTIONS}
                      value={u.role}
                      allowDeselect={false}
                      w={140}
                      size="xs"
                      disabled={changeRole.isPending}
                      onChange={(value) => value && value !== u.role && changeRole.mutate({ userId: u.userId, role: value })}
                    />
                  ) : u.role !== null ? (
                    roleLabel(u.role)
                  ) : (
                    // No account role of their own: what they may do comes from the organization or the partner firm (see Access).
                    <Text size="sm" c="dimmed">
                      {u.access.includes('organization') ? 'Set by the organization' : 'Partner firm'}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {u.access.map((a) => (
                      <Badge key={a} variant="light" tt="none" color={a === 'member' ? 'blue' : a === 'organization' ? 'grape' : 'teal'}>
                        {ACCESS_LABELS[a]}
                        {a === 'organization' && u.organizationRole ? ` (${u.organizationRole})` : ''}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    {u.role !== null && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${u.name}`}
                        onClick={() =>
                          setConfirm({
                            title: 'Remove user',
                            text: `Remove ${u.name} (${u.email}) from ${account.accountName}? Access through an organization or a partner firm stays.`,
                            action: 'Remove',
                            run: () => api.post('/account-settings/users/remove', { userId: u.userId }, { accountKey }),
                          })
                        }
                      >
                        Remove
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <AccessRequestsSection accountKey={accountKey} />
      <Title order={2} size="h4">
        Pending invites
      </Title>
      {data && data.invites.length === 0 && (
        <Text c="dimmed" size="sm">
          No invites waiting for an answer.
        </Text>
      )}
      {data && data.invites.length > 0 && (
        <Table striped withTableBorder aria-label="Pending invites" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Invited</Table.Th>
              {canManage && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.invites.map((i) => (
              <Table.Tr key={i.inviteId}>
                <Table.Td>{i.email}</Table.Td>
                <Table.Td>{roleLabel(i.role)}</Table.Td>
                <Table.Td>
                  {i.invitedAt.slice(0, 10)}
                  {i.invitedByName ? ` by ${i.invitedByName}` : ''}{' '}
                  {i.isExpired && (
                    <Badge color="orange" variant="light" tt="none">
                      Expired
                    </Badge>
                  )}
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <Group gap={4}>
                      <Button
                        size="xs"
                        variant="subtle"
                        aria-label={`Resend the invite to ${i.email}`}
                        onClick={() =>
                          setConfirm({ title: 'Resend invite', text: `Send a new link to ${i.email}? The earlier link stops working.`, action: 'Resend', run: async () => ({ ...(await api.post<AccountInvite>('/account-settings/users/invites/resend', { inviteId: i.inviteId }, { accountKey })), message: `A new invite was sent to ${i.email}.` }) })
                        }
                      >
                        Resend
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Revoke the invite to ${i.email}`}
                        onClick={() => setConfirm({ title: 'Revoke invite', text: `Withdraw the invite to ${i.email}? Its link will stop working.`, action: 'Revoke', run: () => api.post('/account-settings/users/invites/revoke', { inviteId: i.inviteId }, { accountKey }) })}
                      >
                        Revoke
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <InviteModal opened={inviteOpen} onClose={() => setInviteOpen(false)} accountKey={accountKey} accountName={account.accountName} onInvited={refresh} />
      <Modal opened={confirm !== undefined} onClose={() => setConfirm(undefined)} title={confirm?.title}>
        <Stack>
          <Text size="sm">{confirm?.text}</Text>
          {act.isError && (
            <Alert color="red" role="alert">
              {act.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(undefined)}>
              Cancel
            </Button>
            <Button color="red" loading={act.isPending} onClick={() => confirm && act.mutate(confirm)}>
              {confirm?.action}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function InviteModal({ opened, onClose, accountKey, accountName, onInvited }: { opened: boolean; onClose: () => void; accountKey: string; accountName: string; onInvited: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const invite = useMutation({
    mutationFn: () => api.post<AccountInvite>('/account-settings/users/invites', { email: email.trim(), role }, { accountKey }),
    onSuccess: async (i) => {
      showToast('success', `An invite was sent to ${i.email}.`);
      setEmail('');
      invite.reset();
      onClose();
      await onInvited();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() && !invite.isPending) invite.mutate();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Invite a user to ${accountName}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Email" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-autofocus />
          <Select label="Role" data={ROLE_OPTIONS} value={role} allowDeselect={false} onChange={(v) => v && setRole(v)} />
          {invite.isError && (
            <Alert color="red" role="alert" title="Could not send the invite">
              {invite.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending} disabled={!email.trim()}>
              Send invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
