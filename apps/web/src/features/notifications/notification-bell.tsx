/**
 * The bell of the navigation bar: the caller's unread count, asked every minute (and again whenever the
 * notifications page changes something, through the shared query key).
 */
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../lib/api-client';

export const UNREAD_COUNT_KEY = ['notifications', 'unread-count'] as const;
const POLL_MS = 60_000;

export function useUnreadCount() {
  return useQuery({ queryKey: UNREAD_COUNT_KEY, queryFn: () => api.get<{ unreadCount: number }>('/notifications/unread-count'), refetchInterval: POLL_MS, staleTime: 30_000 });
}

export function notificationBellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

export function NotificationBell() {
  const unread = useUnreadCount().data?.unreadCount ?? 0;
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={16} color="red" disabled={unread === 0} offset={6} aria-hidden={unread === 0 ? undefined : false}>
      <ActionIcon component={Link} to="/notifications" variant="subtle" size="lg" aria-label={notificationBellLabel(unread)}>
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
}
