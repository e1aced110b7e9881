/**
 * /oauth/user-management (spec section 2: the page of email verification and password reset links).
 * The mailed links carry mode and token: verifyEmail and verifyAndChangeEmail are used as soon as the
 * page opens; resetPassword asks for the new password first.
 */
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_RULE_TEXT, checkPasswordStrength } from '@ledgerport/core/rules';
import { apiRequest } from '../../lib/api-client';
import { PublicFrame } from './public-frame';

const SIGN_IN = (
  <Anchor component={Link} to="/login" ta="center">
    Go to sign in
  </Anchor>
);

function VerifyEmail({ token }: { token: string }) {
  const verify = useMutation({ mutationFn: () => apiRequest<{ email: string; message: string }>('POST', '/oauth/verify-email', { body: { token }, anonymous: true }) });
  const started = useRef(false);
  useEffect(() => {
    // Once per page: a second POST would hear 'already used'.
    if (started.current) return;
    started.current = true;
    verify.mutate();
  }, [verify]);
  return (
    <PublicFrame subtitle="Verify your email">
      <Stack>
        {verify.isPending && <Loader aria-label="Verifying your email" mx="auto" />}
        {verify.isSuccess && (
          <Alert color="green" role="status" title="Email verified">
            {verify.data.message}
          </Alert>
        )}
        {verify.isError && (
          <Alert color="red" role="alert" title="Could not verify email">
            {verify.error.message}
          </Alert>
        )}
        {SIGN_IN}
      </Stack>
    </PublicFrame>
  );
}

function ResetPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const reset = useMutation({ mutationFn: () => apiRequest<{ email: string; message: string }>('POST', '/oauth/password-reset', { body: { token, password }, anonymous: true }) });
  const verdict = checkPasswordStrength(password);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (verdict.isStrong && !reset.isPending) reset.mutate();
  };
  if (reset.isSuccess) {
    return (
      <PublicFrame subtitle="Choose a new password">
        <Stack>
          <Alert color="green" role="status" title="Password changed">
            {reset.data.message}
          </Alert>
          {SIGN_IN}
        </Stack>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame subtitle="Choose a new password">
      <form onSubmit={submit} aria-label="Choose a new password">
        <Stack>
          {reset.isError && (
            <Alert color="red" role="alert" title="Could not reset the password">
              {reset.error.message}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            description={PASSWORD_RULE_TEXT}
            error={password.length > 0 && !verdict.isStrong ? verdict.problem : undefined}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={reset.isPending}>
            Set new password
          </Button>
          {SIGN_IN}
        </Stack>
      </form>
    </PublicFrame>
  );
}

export function UserManagementPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const token = params.get('token') ?? '';
  if (token && (mode === 'verifyEmail' || mode === 'verifyAndChangeEmail')) return <VerifyEmail token={token} />;
  if (token && mode === 'resetPassword') return <ResetPassword token={token} />;
  return (
    <PublicFrame subtitle="Account management">
      <Stack>
        <Text>This page opens the links of our emails: verifying your email and resetting your password. This link is incomplete; open the whole link from the email.</Text>
        {SIGN_IN}
      </Stack>
    </PublicFrame>
  );
}
