/**
 * User Settings > Notification Settings: for each kind, whether it shows in the app and whether it is
 * mailed at once, in the daily digest (07:00 UTC) or not at all. Saved together; applies to
 * notifications made from then on.
 */
import { Alert, Button, Checkbox, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { NotificationSetting } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { NotificationKindIcon } from './notification-kinds';

const EMAIL_OPTIONS = [
  { value: 'off', label: 'Off' },
  { value: 'immediate', label: 'Immediately' },
  { value: 'daily-digest', label: 'Daily digest' },
];

const KEY = ['notifications', 'settings'] as const;

export function NotificationSettingsPage() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => api.get<{ settings: NotificationSetting[] }>('/notifications/settings') });
  const [draft, setDraft] = useState<NotificationSetting[] | undefined>();
  useEffect(() => {
    if (query.data) setDraft(query.data.settings);
  }, [query.data]);
  const save = useMutation({
    mutationFn: (settings: NotificationSetting[]) => api.put<{ settings: NotificationSetting[] }>('/notifications/settings', { settings: settings.map(({ kind, inApp, email }) => ({ kind, inApp, email })) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      showToast('success', 'Your notification settings were saved.');
    },
    onError: (e) => showToast('error', e.message, 'Could not save'),
  });
  const change = (kind: string, patch: Partial<NotificationSetting>) => setDraft((d) => d?.map((s) => (s.kind === kind ? { ...s, ...patch } : s)));
  const isChanged = JSON.stringify(draft) !== JSON.stringify(query.data?.settings);

  return (
    <Stack>
      <Text c="dimmed" size="sm">
        Choose what Ledgerport tells you about in the app (the bell) and by email. The daily digest is one email each morning (07:00 UTC) listing the day's notifications.
      </Text>
      {query.isError && (
        <Alert color="red" role="alert" title="Could not load your settings">
          {query.error.message}
        </Alert>
      )}
      {draft && (
        <Table withTableBorder aria-label="Notification settings" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Notification</Table.Th>
              <Table.Th>In the app</Table.Th>
              <Table.Th>Email</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.map((s) => (
              <Table.Tr key={s.kind}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <NotificationKindIcon kind={s.kind} />
                    <Text size="sm">{s.label}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Checkbox aria-label={`${s.label}: in the app`} checked={s.inApp} onChange={(e) => change(s.kind, { inApp: e.currentTarget.checked })} />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`${s.label}: email`}
                    data={EMAIL_OPTIONS}
                    value={s.email}
                    allowDeselect={false}
                    onChange={(v) => v && change(s.kind, { email: v as NotificationSetting['email'] })}
                    w={180}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button onClick={() => draft && save.mutate(draft)} disabled={!draft || !isChanged} loading={save.isPending}>
          Save
        </Button>
        {draft && isChanged && (
          <Button variant="subtle" onClick={() => setDraft(query.data?.settings)}>
            Discard changes
          </Button>
        )}
      </Group>
    </Stack>
  );
}
