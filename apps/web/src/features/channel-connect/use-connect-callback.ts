/**
 * The last step of connecting a sales channel or an accounting system: the provider sends the seller
 * back with its query string, which is posted once (a second post would reuse a spent code); on success
 * every query and the session are loaded again, since the account's connections changed.
 */
import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';

export function useConnectCallback<T>(path: string, body: Record<string, unknown>, options: { onConnected?: (answer: T) => void; onError?: (error: Error) => void } = {}) {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const { reload } = useSession();
  const sent = useRef(false);
  const finish = useMutation({
    mutationFn: () => api.post<T>(path, { ...body, query: Object.fromEntries(params) }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries();
      await reload();
      options.onConnected?.(answer);
    },
    onError: options.onError,
  });
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    finish.mutate();
  }, [finish]);
  return finish;
}
