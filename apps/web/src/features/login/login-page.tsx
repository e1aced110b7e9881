/**
 * Sign-in at /login. After signing in, the `continue` parameter returns the user to where they were,
 * accepted only on the same host (otherwise the admin page).
 */
import { Alert, Anchor, Button, Container, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { acceptSameHostRedirect, stripAppBase } from '@ledgerport/core/rules';
import { apiRequest } from '../../lib/api-client';
import type { TokenSet } from '../../lib/api-types';
import { resetSessionExpired } from '../../lib/session-events';
import { STORAGE_KEYS, clearSession, writeTokenSet } from '../../lib/token-store';
import { Footer } from '../../app/app-frame';
import { ProviderSignInButtons } from '../identity-sign-in/provider-buttons';
import { completeSignIn } from '../identity-sign-in/complete-sign-in';

/** Where to go after signing in: a same-host `continue` target, else the admin page. */
export function resolveContinue(target: string | null, origin: string): { inApp: boolean; path: string } {
  const accepted = acceptSameHostRedirect(target, origin);
  if (!accepted) return { inApp: true, path: '/admin' };
  if (accepted === '/app' || accepted.startsWith('/app/')) {
    const inner = stripAppBase(accepted);
    return { inApp: true, path: inner.startsWith('/login') ? '/admin' : inner };
  }
  return { inApp: false, path: accepted };
}

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const tokens = await apiRequest<TokenSet>('POST', '/oauth/login', { body: { email, password }, anonymous: true });
      clearSession(); // a previous user's account choice must not leak into this session
      writeTokenSet(tokens);
      localStorage.setItem(STORAGE_KEYS.lastLoginProvider, 'password');
      resetSessionExpired();
      const next = resolveContinue(params.get('continue'), window.location.origin);
      if (next.inApp) await navigate(next.path, { replace: true });
      else window.location.assign(next.path);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  const afterProviderSignIn = async (result: Parameters<typeof completeSignIn>[0]) => {
    const next = resolveContinue(params.get('continue'), window.location.origin);
    const path = completeSignIn(result, next.inApp ? next.path : null);
    if (next.inApp || result.isNewUser) await navigate(path, { replace: true });
    else window.location.assign(next.path);
  };
  return (
    <Container size={420} py={80}>
      <Title order={1} ta="center" mb="xs">
        Ledgerport
      </Title>
      <Text c="dimmed" ta="center" mb="lg">
        Sign in to your account
      </Text>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={(e: FormEvent) => void submit(e)} aria-label="Sign in">
        <Stack>
          <ProviderSignInButtons onSignedIn={afterProviderSignIn} />
          {error && (
            <Alert color="red" role="alert" title="Could not sign in">
              {error}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot your password?
            </Anchor>
            <Anchor component={Link} to="/signup" size="sm">
              Create an account
            </Anchor>
          </Group>
        </Stack>
      </Paper>
      <Footer />
    </Container>
  );
}
