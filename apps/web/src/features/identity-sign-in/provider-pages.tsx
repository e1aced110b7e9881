/**
 * The two pages of a sign-in with an identity provider, in the popup (decision 0064):
 * - /oauth/{provider}: asks the server to start (which binds the flow to this browser with a cookie)
 *   and goes on to the provider's sign-in page;
 * - /oauth/firebase: where every provider answers. Hands the answer to the server, which checks and
 *   redeems it; posts the outcome to the page that opened the popup and closes. Opened without one
 *   (a browser that turned the popup into a tab), it finishes the sign-in itself.
 */
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { FinishedIdentitySignIn } from '@ledgerport/contract/identity-providers';
import { apiRequest, errorText } from '../../lib/api-client';
import { PublicFrame } from '../sign-up/public-frame';
import { SIGN_IN_MESSAGE, type SignInOutcome } from './sign-in-popup';
import { completeSignIn } from './complete-sign-in';

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', intuit: 'Intuit', xero: 'Xero' };

function Failure({ title, message }: { title: string; message: string }) {
  return (
    <Stack>
      <Alert color="red" role="alert" title={title}>
        {message}
      </Alert>
      <Anchor component={Link} to="/login" ta="center">
        Go to sign in
      </Anchor>
    </Stack>
  );
}

export function ProviderStartPage() {
  const { provider = '' } = useParams();
  const name = PROVIDER_NAMES[provider] ?? provider;
  const [error, setError] = useState<string | undefined>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    apiRequest<{ authorizationUrl: string }>('POST', `/public/oauth/identity-providers/${encodeURIComponent(provider)}/start`, { body: {}, anonymous: true })
      .then(({ authorizationUrl }) => window.location.assign(authorizationUrl))
      .catch((e: unknown) => setError(errorText(e)));
  }, [provider]);
  return (
    <PublicFrame heading={`Sign in with ${name}`}>
      {error ? (
        <Failure title={`Could not sign in with ${name}`} message={error} />
      ) : (
        <Stack align="center">
          <Loader aria-label={`Opening ${name}`} />
          <Text>Opening the sign-in page of {name}…</Text>
        </Stack>
      )}
    </PublicFrame>
  );
}

/** The page that opened this popup, when it is ours (same origin) and still open. */
function ourOpener(): Window | undefined {
  try {
    const opener = window.opener as Window | null;
    return opener && !opener.closed && opener.location.origin === window.location.origin ? opener : undefined;
  } catch {
    return undefined; // another origin's window: reading its location throws
  }
}

export function ProviderReturnPage() {
  const navigate = useNavigate();
  const { search: callbackQuery } = useLocation();
  const [error, setError] = useState<string | undefined>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const opener = ourOpener();
    const report = (outcome: SignInOutcome) => {
      opener!.postMessage(outcome, window.location.origin);
      window.close();
    };
    apiRequest<FinishedIdentitySignIn>('POST', '/public/oauth/identity-providers/finish', { body: { callbackQuery }, anonymous: true })
      .then(async (result) => {
        if (opener) return report({ type: SIGN_IN_MESSAGE, ok: true, result });
        await navigate(completeSignIn(result, null), { replace: true });
      })
      .catch((e: unknown) => {
        const message = errorText(e);
        if (opener) return report({ type: SIGN_IN_MESSAGE, ok: false, message });
        setError(message);
      });
  }, [navigate, callbackQuery]);
  return (
    <PublicFrame heading="Signing you in">
      {error ? (
        <Failure title="Could not sign in" message={error} />
      ) : (
        <Stack align="center">
          <Loader aria-label="Signing you in" />
          <Text>Finishing your sign-in…</Text>
        </Stack>
      )}
    </PublicFrame>
  );
}
