/**
 * "Sign in with Google / Intuit / Xero" on the sign-in page: one button per provider the server has
 * configured (none: nothing is shown). A click opens the provider's sign-in in a popup; the spec's
 * sentences say when the popup is blocked or closed (decision 0064).
 */
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FinishedIdentitySignIn, IdentityProviders } from '@ledgerport/contract/identity-providers';
import { apiRequest } from '../../lib/api-client';
import { signInWithPopup } from './sign-in-popup';

export function ProviderSignInButtons({ onSignedIn }: { onSignedIn: (result: FinishedIdentitySignIn) => void | Promise<void> }) {
  const providers = useQuery({
    queryKey: ['identity-providers'],
    queryFn: () => apiRequest<IdentityProviders>('GET', '/public/oauth/identity-providers', { anonymous: true }),
    staleTime: Infinity,
    retry: false,
  });
  const [busy, setBusy] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;
  const start = (provider: string) => {
    if (busy) return;
    setError(undefined);
    setBusy(provider);
    // Opened in the click itself: a popup opened after an await is blocked.
    signInWithPopup(provider)
      .then((result) => onSignedIn(result))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(undefined));
  };
  return (
    <Stack gap="sm" aria-label="Sign in with an identity provider" role="group">
      {error && (
        <Alert color="red" role="alert" title="Could not sign in">
          {error}
        </Alert>
      )}
      {list.map(({ provider, name }) => (
        <Button key={provider} variant="default" loading={busy === provider} disabled={busy !== undefined && busy !== provider} onClick={() => start(provider)}>
          Sign in with {name}
        </Button>
      ))}
      <Divider label="or with your email" labelPosition="center" />
    </Stack>
  );
}
