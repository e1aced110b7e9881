/** Mantine theme, notifications (toasts), TanStack Query and the Session Expired modal. */
import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { SessionExpiredModal } from './session-expired-modal';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md', breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '87.5em', xl: '118.75em' } });

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
    <MantineProvider theme={theme} env={env}>
      <Notifications position="top-right" />
      <QueryClientProvider client={client}>
        {children}
        <SessionExpiredModal />
      </QueryClientProvider>
    </MantineProvider>
  );
}
