/** /forgot-password: ask for a reset link. The answer reads the same whether or not the email is known. */
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { PublicFrame } from './public-frame';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      setSent((await apiRequest<{ message: string }>('POST', '/oauth/password-reset-request', { body: { email: email.trim() }, anonymous: true })).message);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PublicFrame subtitle="Reset your password">
      <form onSubmit={(e) => void submit(e)} aria-label="Reset password">
        <Stack>
          {error && (
            <Alert color="red" role="alert" title="Could not send the link">
              {error}
            </Alert>
          )}
          {sent ? (
            <Alert color="blue" role="status" title="Check your email">
              {sent}
            </Alert>
          ) : (
            <>
              <Text size="sm">Enter the email you sign in with. We will mail you a link to choose a new password.</Text>
              <TextInput label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
              <Button type="submit" loading={busy}>
                Send reset link
              </Button>
            </>
          )}
          <Anchor component={Link} to="/login" ta="center" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </PublicFrame>
  );
}
