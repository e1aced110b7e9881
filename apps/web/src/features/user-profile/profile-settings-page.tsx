/**
 * My Profile (/user/settings/profile and /user-profile): name and time zone, the sign-in email (a new
 * one is mailed a link and changes only once it is used), and the password (the current one is needed;
 * other sessions are signed out, this tab keeps going with the token set the server answers).
 */
import { useOptionalSession } from '../../lib/session-context';
import { Alert, Button, Card, Group, Loader, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { checkPasswordStrength, PASSWORD_RULE_TEXT } from '@ledgerport/core/rules';
import { api } from '../../lib/api-client';
import type { TokenSet, UserProfile } from '../../lib/api-types';
import { showToast } from '../../lib/toast';
import { STORAGE_KEYS, writeTokenSet } from '../../lib/token-store';

const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];

function Section({ title, children, onSubmit }: { title: string; children: ReactNode; onSubmit: () => void }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card withBorder component="form" onSubmit={submit} aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function ErrorNote({ error }: { error: Error | null }) {
  return error ? (
    <Alert color="red" role="alert">
      {error.message}
    </Alert>
  ) : null;
}

function DetailsForm({ profile }: { profile: UserProfile }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile.name);
  const [timeZone, setTimeZone] = useState(profile.timeZone);
  const save = useMutation({
    mutationFn: () => api.post<UserProfile>('/user-profile', { name: name.trim(), timeZone }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['user-profile'], saved);
      showToast('success', 'Your profile is saved.');
    },
  });
  return (
    <Section title="Your details" onSubmit={() => save.mutate()}>
      <ErrorNote error={save.error} />
      <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <Select label="Time zone" searchable data={TIME_ZONES} value={timeZone} onChange={(v) => v && setTimeZone(v)} allowDeselect={false} />
      <Group>
        <Button type="submit" loading={save.isPending}>
          Save profile
        </Button>
      </Group>
    </Section>
  );
}

function EmailForm({ profile }: { profile: UserProfile }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const change = useMutation({
    mutationFn: () => api.post<UserProfile>('/user-profile', { email: email.trim() }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['user-profile'], saved);
      setEmail('');
    },
  });
  return (
    <Section title="Sign-in email" onSubmit={() => change.mutate()}>
      <Text>
        You sign in with <strong>{profile.email}</strong>.
      </Text>
      {profile.pendingEmail && (
        <Alert color="blue" role="status" title="Confirmation pending">
          We sent a link to {profile.pendingEmail}. Your email changes once you open it.
        </Alert>
      )}
      <ErrorNote error={change.error} />
      <TextInput label="New email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      <Group>
        <Button type="submit" variant="default" loading={change.isPending}>
          Send confirmation link
        </Button>
      </Group>
    </Section>
  );
}

function PasswordForm({ profile }: { profile: UserProfile }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const verdict = checkPasswordStrength(newPassword, { email: profile.email, name: profile.name });
  const change = useMutation({
    mutationFn: () => api.post<TokenSet>('/user-profile/password', { currentPassword, newPassword }),
    onSuccess: (tokens) => {
      writeTokenSet(tokens);
      setCurrentPassword('');
      setNewPassword('');
      showToast('success', 'Your password is changed. Other sessions were signed out.');
    },
  });
  return (
    <Section title="Password" onSubmit={() => verdict.isStrong && change.mutate()}>
      <ErrorNote error={change.error} />
      <PasswordInput label="Current password" autoComplete="current-password" required value={currentPassword} onChange={(e) => setCurrentPassword(e.currentTarget.value)} />
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        required
        description={PASSWORD_RULE_TEXT}
        error={newPassword.length > 0 && !verdict.isStrong ? verdict.problem : undefined}
        value={newPassword}
        onChange={(e) => setNewPassword(e.currentTarget.value)}
      />
      <Group>
        <Button type="submit" variant="default" loading={change.isPending}>
          Change password
        </Button>
      </Group>
    </Section>
  );
}

const PROVIDER_NAMES: Record<string, string> = { password: 'Email and password', GOOGLE: 'Google', XERO: 'Xero', QBO: 'QuickBooks Online', MICROSOFT: 'Microsoft' };

/** How this person signs in: the provider last used in this browser (kept on logout) and the one their login was made with. */
function SignInCard() {
  const session = useOptionalSession();
  const last = localStorage.getItem(STORAGE_KEYS.lastLoginProvider);
  const party = session?.user.loginEnablingParty ?? null;
  return (
    <Card withBorder aria-label="Sign-in">
      <Title order={2} size="h4" mb="xs">
        Sign-in
      </Title>
      <Text size="sm">Last signed in here with: {last ? (PROVIDER_NAMES[last] ?? last) : 'not known in this browser'}</Text>
      <Text size="sm" c="dimmed">
        {party ? `Your login was made through ${PROVIDER_NAMES[party] ?? party}.` : 'Your login uses your email address and a password.'}
      </Text>
    </Card>
  );
}

export function ProfileSettingsPage() {
  const query = useQuery({ queryKey: ['user-profile'], queryFn: () => api.get<UserProfile>('/user-profile') });
  if (query.isPending) return <Loader aria-label="Loading profile" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load your profile">
        {query.error.message}
      </Alert>
    );
  }
  return (
    <Stack maw={560}>
      <DetailsForm key={`${query.data.name}|${query.data.timeZone}`} profile={query.data} />
      <EmailForm profile={query.data} />
      <PasswordForm profile={query.data} />
      <SignInCard />
    </Stack>
  );
}
