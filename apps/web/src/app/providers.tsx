/** Mantine theme, notifications (toasts), TanStack Query and the Session Expired modal. */
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { lazyComponent } from '../ui/lazy-component';
import { SessionExpiredModal } from './session-expired-modal';
import { cssVariablesResolver, theme } from './theme';

const NotificationsHost = lazyComponent(() => import('../ui/notifications-host').then((m) => m.ToastContainer));

/** Loads the toast container now (component tests). */
export const preloadNotificationsHost = () => NotificationsHost.preload();

/**
 * The toast container mounts with the first toast (decision 0026): toasts wait in Mantine's store,
 * which is tiny, and the container (its transitions and portal) loads only when there is one to show.
 */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [isWanted, setWanted] = useState(false);
  if (!isWanted && notifications.length + queue.length > 0) setWanted(true);
  if (!isWanted && !NotificationsHost.isLoaded()) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost.Component />
    </Suspense>
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; network hiccups may.
        retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export function Providers({ children, queryClient, env = 'default' }: { children: ReactNode; queryClient?: QueryClient; env?: 'default' | 'test' }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <Toasts />
      <QueryClientProvider client={client}>
        {children}
        <SessionExpiredModal />
      </QueryClientProvider>
    </MantineProvider>
  );
}
