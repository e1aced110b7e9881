/**
 * What a signed-in user with no account yet sees (a new sign-up, issue 15): a welcome page and My
 * Profile, in a plain frame with sign-out. The app frame needs a current account for its menus and
 * switcher, so it waits until the user has one: an owner adds them, or they create one here
 * (/switch?account=NEW, the same form as the account menu's New account).
 */
import { PendingInvites } from '../features/account-users/pending-invites';
import { Anchor, AppShell, Button, Card, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { AuthUser } from '../lib/api-types';
import { track } from '../lib/track';
import { Footer } from './app-frame';
import { lazyComponent } from '../ui/lazy-component';
import { PageLoading } from './page-loading';

// Loaded on demand, as pages are: the form's schemas would bring zod into every page's entry.
const NewAccountForm = lazyComponent(() => import('../features/switch/new-account-form').then((m) => m.NewAccountForm));
const ProfileSettings = lazyComponent(() => import('../features/user-profile/profile-settings-page').then((m) => m.ProfileSettingsPage));
const RequestAccess = lazyComponent(() => import('../features/access-requests/request-access-page').then((m) => m.RequestAccessPage));

/** Loads the two pages a newcomer can open now (component tests). */
export const preloadNewcomerPages = () => Promise.all([NewAccountForm.preload(), ProfileSettings.preload()]);

function Welcome({ user }: { user: AuthUser }) {
  // Sign-up done (spec section 7): the first page a signed-up person sees once signed in (the sign-up form has no session to send with).
  useEffect(() => void track('onboarding_signed_up', { feature: 'onboarding' }), []);
  return (
    <Card withBorder maw={640} p="lg">
      <Stack>
        <Title order={1} size="h2">
          Welcome to Ledgerport
        </Title>
        <Text>
          You are signed in as <strong>{user.email}</strong>, and your email is verified.
        </Text>
        <Text>You have no account yet. An account holds one sales channel&apos;s settlements and the accounting system they are posted to.</Text>
        <Group>
          <Button component={Link} to="/switch?account=NEW">
            Create an account
          </Button>
        </Group>
        <List spacing="xs">
          <List.Item>
            If your business or your bookkeeper already uses Ledgerport, ask the account&apos;s owner to add {user.email} to it, or{' '}
            <Anchor component={Link} to="/admin/request-access">
              request access
            </Anchor>{' '}
            with the account&apos;s key; it appears here once granted.
          </List.Item>
          <List.Item>
            Meanwhile, set your name, time zone and password under{' '}
            <Anchor component={Link} to="/user/settings/profile">
              My Profile
            </Anchor>
            .
          </List.Item>
        </List>
      </Stack>
    </Card>
  );
}

export function NewcomerFrame({ user, onLogout }: { user: AuthUser; onLogout: () => void }) {
  const { pathname } = useLocation();
  const { search } = useLocation();
  const isProfile = pathname === '/user/settings/profile' || pathname === '/user-profile';
  const isNewAccount = pathname === '/switch' && new URLSearchParams(search).get('account') === 'NEW';
  const isRequestAccess = pathname === '/admin/request-access';
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Anchor component={Link} to="/admin" fw={700} size="lg" underline="never">
            Ledgerport
          </Anchor>
          <Group gap="sm">
            <Anchor component={Link} to="/user/settings/profile">
              My Profile
            </Anchor>
            <Button variant="subtle" onClick={onLogout}>
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg">
          {isNewAccount ? (
            <Suspense fallback={<PageLoading />}>
              <NewAccountForm.Component />
            </Suspense>
          ) : isRequestAccess ? (
            <Suspense fallback={<PageLoading />}>
              <RequestAccess.Component />
            </Suspense>
          ) : isProfile ? (
            <Stack>
              <Title order={1} size="h2">
                My Profile
              </Title>
              <Suspense fallback={<PageLoading />}>
                <ProfileSettings.Component />
              </Suspense>
            </Stack>
          ) : (
            <Stack>
              <PendingInvites invites={user.pendingInvites} onAnswered={() => window.location.reload()} />
              <Welcome user={user} />
            </Stack>
          )}
          <Footer />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
