/**
 * /oauth/user-management (spec section 2: the page of email verification and password reset links).
 * The mailed links carry mode and token: verifyEmail and verifyAndChangeEmail are used as soon as the
 * page opens; resetPassword asks for the new password first.
 */
import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_RULE_TEXT, checkPasswordStrength } from '@ledgerport/core/rules';
import { errorMessages } from '@ledgerport/contract';
import { ApiError, apiRequest } from '../../lib/api-client';
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
            {/* The link's own refusal (expired, used, superseded) says what to do; anything else is the spec's sentence. */}
            {verify.error instanceof ApiError && verify.error.status >= 400 && verify.error.status < 500 ? verify.error.message : errorMessages.couldNotVerifyEmail}
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

interface InvitePreview {
  status: string;
  message: string;
  accountName: string | null;
  email: string | null;
  role: string | null;
  invitedByName: string | null;
  hasLogin: boolean;
}

/** What an invite link shows before its offer: opening, a failure to open, or why the invite no longer works. */
function InviteLinkState({ preview, isHidden = false }: { preview: UseQueryResult<{ status: string; message: string }>; isHidden?: boolean }) {
  return (
    <>
      {preview.isPending && <Loader aria-label="Opening your invite" mx="auto" />}
      {preview.isError && (
        <Alert color="red" role="alert" title="Could not open the invite">
          {preview.error.message}
        </Alert>
      )}
      {preview.data && preview.data.status !== 'valid' && !isHidden && (
        <Alert color="red" role="alert" title="This invite cannot be used">
          {preview.data.message}
        </Alert>
      )}
    </>
  );
}

/** The invited address has no login: sign up with it, and the verified address joins. */
function CreateLoginToJoin({ email, place }: { email: string | null; place: 'account' | 'firm' }) {
  return (
    <>
      <Text size="sm">You have no Ledgerport login yet. Create one with this address; once you verify it, you are in the {place}.</Text>
      <Button component={Link} to={`/signup?email=${encodeURIComponent(email ?? '')}`}>
        Create your login
      </Button>
    </>
  );
}

const ROLE_WORDS: Record<string, string> = { owner: 'an owner', member: 'a member', 'view-only': 'a view-only user' };

/**
 * An invite link: says what it offers (or why it no longer works). Someone with a login signs in and
 * accepts the invite in the app (it waits among their pending invites); someone without one signs up
 * with the invited address filled in, and is a member once the address is verified.
 */
function AcceptInvite({ token }: { token: string }) {
  const preview = useQuery({ queryKey: ['invite-preview', token], queryFn: () => apiRequest<InvitePreview>('GET', '/invites/preview', { query: { token }, anonymous: true }), retry: false });
  const data = preview.data;
  return (
    <PublicFrame subtitle="Your invite">
      <Stack>
        <InviteLinkState preview={preview} />
        {data?.status === 'valid' && (
          <>
            <Text>
              {data.invitedByName ?? 'The owner'} invites {data.email} to open {data.accountName} as {ROLE_WORDS[data.role ?? ''] ?? data.role}.
            </Text>
            {data.hasLogin ? (
              <>
                <Text size="sm">Sign in with {data.email}: the invite waits for you at the top of the page, with Accept and Decline.</Text>
                <Button component={Link} to="/login">
                  Sign in to accept
                </Button>
              </>
            ) : (
              <CreateLoginToJoin email={data.email} place="account" />
            )}
          </>
        )}
        {data && data.status !== 'valid' && SIGN_IN}
      </Stack>
    </PublicFrame>
  );
}

interface FirmInvitePreview {
  status: string;
  message: string;
  partnerCode: string | null;
  teamName: string | null;
  email: string | null;
  partnerRole: string | null;
  teamRole: string | null;
  invitedByName: string | null;
  hasLogin: boolean;
}

/**
 * A firm invite link (decision 0048): what it offers, or why it no longer works. Someone without a
 * login signs up with the invited address and is in the firm once it is verified; someone with a login
 * signs in (coming back here) and accepts.
 */
function AcceptFirmInvite({ token }: { token: string }) {
  const preview = useQuery({ queryKey: ['firm-invite-preview', token], queryFn: () => apiRequest<FirmInvitePreview>('GET', '/firm-invites/preview', { query: { token }, anonymous: true }), retry: false });
  const accept = useMutation({ mutationFn: () => apiRequest<{ message: string }>('POST', '/user/firm-invites/accept', { body: { token } }) });
  const data = preview.data;
  const back = `/app/oauth/user-management?mode=acceptFirmInvite&token=${encodeURIComponent(token)}`;
  return (
    <PublicFrame subtitle="Your invite">
      <Stack>
        <InviteLinkState preview={preview} isHidden={accept.isSuccess} />
        {accept.isSuccess && (
          <Alert color="green" role="status" title="Welcome to the firm">
            {accept.data.message}
          </Alert>
        )}
        {accept.isSuccess && (
          <Button component={Link} to="/partner-dashboard">
            See your clients
          </Button>
        )}
        {data?.status === 'valid' && !accept.isSuccess && (
          <>
            <Text>
              {data.invitedByName ?? 'An admin of the firm'} invites {data.email} to join the accounting firm {data.partnerCode} as {data.partnerRole === 'admin' ? 'a firm admin' : 'a firm member'}
              {data.teamName ? `, in the team ${data.teamName} as ${data.teamRole === 'lead' ? 'its lead' : 'a member'}` : ''}.
            </Text>
            {data.hasLogin ? (
              <>
                <Text size="sm">Signed in as {data.email}? Accept here. Otherwise sign in first: you come back to this page.</Text>
                {accept.isError && (
                  <Alert color="red" role="alert" title="Could not accept the invite">
                    {accept.error.message}
                  </Alert>
                )}
                <Group grow>
                  <Button onClick={() => accept.mutate()} loading={accept.isPending}>
                    Accept the invite
                  </Button>
                  <Button component={Link} variant="default" to={`/login?continue=${encodeURIComponent(back)}`}>
                    Sign in
                  </Button>
                </Group>
              </>
            ) : (
              <CreateLoginToJoin email={data.email} place="firm" />
            )}
          </>
        )}
        {data && data.status !== 'valid' && SIGN_IN}
      </Stack>
    </PublicFrame>
  );
}

export function UserManagementPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const token = params.get('token') ?? '';
  if (token && (mode === 'verifyEmail' || mode === 'verifyAndChangeEmail')) return <VerifyEmail token={token} />;
  if (token && mode === 'resetPassword') return <ResetPassword token={token} />;
  if (token && mode === 'acceptInvite') return <AcceptInvite token={token} />;
  if (token && mode === 'acceptFirmInvite') return <AcceptFirmInvite token={token} />;
  return (
    <PublicFrame subtitle="Account management">
      <Stack>
        <Text>This page opens the links of our emails: verifying your email and resetting your password. This link is incomplete; open the whole link from the email.</Text>
        {SIGN_IN}
      </Stack>
    </PublicFrame>
  );
}
