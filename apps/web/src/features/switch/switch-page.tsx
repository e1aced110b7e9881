/** /switch?account=KEY: switches to that account, then follows the server's redirect; /switch?account=NEW makes a new account. */
import { Alert, Container } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session-context';
import { StartUpSkeleton } from '../../app/signed-in-root';
import { NewAccountForm } from './new-account-form';

export function SwitchPage() {
  const [params] = useSearchParams();
  return params.get('account') === 'NEW' ? <NewAccountForm /> : <SwitchToAccount />;
}

function SwitchToAccount() {
  const [params] = useSearchParams();
  const { switchAccount } = useSession();
  const [error, setError] = useState<string | undefined>();
  const started = useRef(false);
  const accountKey = params.get('account');
  useEffect(() => {
    if (started.current || !accountKey) return;
    started.current = true;
    switchAccount(accountKey).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [accountKey, switchAccount]);
  if (!accountKey || error) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="Could not switch account" role="alert">
          {error ?? 'The address does not say which account to open: it needs ?account= followed by the account key.'}
        </Alert>
      </Container>
    );
  }
  return <StartUpSkeleton />;
}
