/**
 * /notifications: the caller's notifications, newest first, all or only the unread ones, each with
 * its kind, title, text, time and a link to what it is about (switching to its account first when that
 * is not the current one). Opening one marks it read; Mark read and Mark all read do so without leaving.
 */
import { Alert, Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '@ledgerport/contract';
import { NOTIFICATION_KIND_LABELS } from '@ledgerport/core/rules';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { TimestampText } from '../../ui/date-text';
import { TablePager } from '../../ui/table-pager';
import { NotificationKindIcon } from './notification-kinds';

interface NotificationPage {
  notifications: Notification[];
  totalRows: number;
  unreadCount: number;
}

const PAGE_SIZE = 20;
/** Times in the reader's own zone: a notification is about "when did this happen to me". */
const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function NotificationsPage() {
  const { account, switchAccount } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const [pageIndex, setPageIndex] = useState(0);
  const query = useQuery({
    queryKey: ['notifications', 'list', filter, pageIndex],
    queryFn: () => api.get<NotificationPage>('/notifications/list', { filter, page: String(pageIndex), size: String(PAGE_SIZE) }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notifications'] });
  const markRead = useMutation({ mutationFn: (id: string) => api.post('/notifications/mark-read', { notificationId: id }), onSuccess: refresh, onError: (e) => showToast('error', e.message) });
  const markAll = useMutation({
    mutationFn: () => api.post<{ markedCount: number }>('/notifications/mark-all-read'),
    onSuccess: async (r) => {
      showToast('success', r.markedCount === 1 ? '1 notification marked read.' : `${r.markedCount} notifications marked read.`);
      await refresh();
    },
    onError: (e) => showToast('error', e.message),
  });

  const open = async (n: Notification) => {
    if (!n.readAt) await markRead.mutateAsync(n.notificationId).catch(() => undefined);
    if (!n.linkPath) return;
    if (n.accountKey && n.accountKey !== account.accountKey) await switchAccount(n.accountKey);
    await navigate(n.linkPath);
  };

  const data = query.data;
  return (
    <Stack>
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPageIndex(0);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'unread', label: `Unread${data ? ` (${data.unreadCount})` : ''}` },
          ]}
        />
        <Button variant="default" onClick={() => markAll.mutate()} disabled={!data || data.unreadCount === 0} loading={markAll.isPending}>
          Mark all read
        </Button>
      </Group>
      {query.isError && (
        <Alert color="red" role="alert" title="Could not load your notifications">
          {query.error.message}
        </Alert>
      )}
      {data && data.notifications.length === 0 && <Text c="dimmed">{filter === 'unread' ? 'No unread notifications.' : 'Nothing needs your attention yet. Failed sends, connection problems and settlements that need you will be listed here.'}</Text>}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Notifications">
        {data?.notifications.map((n) => (
          <Card key={n.notificationId} component="li" withBorder padding="sm" bg={n.readAt ? undefined : 'var(--mantine-color-blue-0)'} aria-label={`${n.readAt ? '' : 'Unread: '}${n.title}`}>
            <Group align="flex-start" wrap="nowrap">
              <NotificationKindIcon kind={n.kind} label={NOTIFICATION_KIND_LABELS[n.kind]} />
              <Stack gap={2} style={{ flex: 1 }}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text fw={n.readAt ? 500 : 700}>{n.title}</Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    <TimestampText value={n.createdAt} timeZone={BROWSER_TIME_ZONE} />
                  </Text>
                </Group>
                <Text size="sm">{n.body}</Text>
                {n.resolution && (
                  <Group gap={6} aria-label="Resolved">
                    <Badge color="green" variant="light" size="sm">
                      Resolved
                    </Badge>
                    <Text size="sm" c="dimmed">
                      {n.resolution.replace(/^Resolved: /, '')}
                    </Text>
                  </Group>
                )}
                <Group gap="md">
                  {n.accountName && (
                    <Text size="xs" c="dimmed">
                      {n.accountName}
                    </Text>
                  )}
                  {n.linkPath && (
                    <Anchor component="button" size="sm" onClick={() => void open(n)}>
                      Open
                    </Anchor>
                  )}
                  {!n.readAt && (
                    <Anchor component="button" size="sm" onClick={() => markRead.mutate(n.notificationId)} aria-label={`Mark read: ${n.title}`}>
                      Mark read
                    </Anchor>
                  )}
                </Group>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
      {data && data.totalRows > PAGE_SIZE && (
        <TablePager pageIndex={pageIndex} pageSize={PAGE_SIZE} totalRows={data.totalRows} hasMore={(pageIndex + 1) * PAGE_SIZE < data.totalRows} rowsOnPage={data.notifications.length} onChange={(p) => setPageIndex(p.pageIndex)} />
      )}
    </Stack>
  );
}
