/**
 * /signup: a new person gives email, name and password (the rule is shown under the field and checked
 * as they type, with core's checkPasswordStrength; the server checks again). Success shows the spec's
 * 'verify your email' sentence and a way to have the mail sent again.
 */
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { checkPasswordStrength, PASSWORD_RULE_TEXT } from '@ledgerport/core/rules';
import { apiRequest } from '../../lib/api-client';
import { PublicFrame } from './public-frame';

export function SignUpPage() {
  // An invite link sends a person with no login here with the invited address filled in.
  const [email, setEmail] = useState(() => new URLSearchParams(window.location.search).get('email') ?? '');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | undefined>();
  const [resent, setResent] = useState<string | undefined>();
  const verdict = checkPasswordStrength(password, { email, name });
  const passwordProblem = password.length > 0 && !verdict.isStrong ? verdict.problem : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!verdict.isStrong) {
      setError(verdict.problem);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      setSentTo(await apiRequest<{ email: string; message: string }>('POST', '/oauth/sign-up', { body: { email: email.trim(), name: name.trim(), password }, anonymous: true }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!sentTo) return;
    try {
      setResent((await apiRequest<{ message: string }>('POST', '/oauth/resend-verification', { body: { email: sentTo.email }, anonymous: true })).message);
    } catch (e) {
      setResent(e instanceof Error ? e.message : String(e));
    }
  };

  if (sentTo) {
    return (
      <PublicFrame subtitle="Check your email">
        <Stack>
          <Alert color="blue" role="status" title="Verify your email">
            {sentTo.message}
          </Alert>
          <Text size="sm">
            We sent the link to <strong>{sentTo.email}</strong>. Open it, then sign in.
          </Text>
          {resent && (
            <Text size="sm" role="status">
              {resent}
            </Text>
          )}
          <Button variant="default" onClick={() => void resend()}>
            Send the email again
          </Button>
          <Anchor component={Link} to="/login" ta="center">
            Go to sign in
          </Anchor>
        </Stack>
      </PublicFrame>
    );
  }

  return (
    <PublicFrame subtitle="Create your Ledgerport user">
      <form onSubmit={(e) => void submit(e)} aria-label="Sign up">
        <Stack>
          {error && (
            <Alert color="red" role="alert" title="Could not sign up">
              {error}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <TextInput label="Name" autoComplete="name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            description={PASSWORD_RULE_TEXT}
            error={passwordProblem}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            Create account
          </Button>
          <Text size="sm" ta="center">
            Already signed up?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </PublicFrame>
  );
}
