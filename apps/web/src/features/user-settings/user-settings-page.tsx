/**
 * /user/settings (issue 30): the index of a person's own settings, each a card that says what is set
 * now and opens its tab: My Profile (name, email, time zone), Notification Settings (how many kinds
 * reach the app and by email) and, only when billing is on, Billing with the subscriptions the person
 * pays for and their cards, masked as the spec shows them.
 */
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BillingSubscriptionBody, NotificationSetting, UserProfile } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import { useIsBillingEnabled } from '../../lib/session-context';
import { PaymentCard } from '../../ui/payment-card';

function SettingsCard({ title, to, action, children }: { title: string; to: string; action: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
        <Anchor component={Link} to={to}>
          {action}
        </Anchor>
      </Stack>
    </Card>
  );
}

function Loading({ what, isError, message }: { what: string; isError: boolean; message?: string | undefined }) {
  return isError ? (
    <Text c="red" role="alert">
      Could not load {what}: {message}
    </Text>
  ) : (
    <Text c="dimmed">Loading {what}…</Text>
  );
}

function ProfileCard() {
  const profile = useQuery({ queryKey: ['user-profile'], queryFn: () => api.get<UserProfile>('/user-profile') });
  return (
    <SettingsCard title="My Profile" to="/user/settings/profile" action="Edit my profile">
      {profile.data ? (
        <Stack gap={2}>
          <Text fw={600}>{profile.data.name || profile.data.email}</Text>
          <Text size="sm">{profile.data.email}</Text>
          <Text size="sm" c="dimmed">
            Time zone {profile.data.timeZone}
          </Text>
          {profile.data.pendingEmail && <Text size="sm">Waiting for you to confirm {profile.data.pendingEmail}.</Text>}
        </Stack>
      ) : (
        <Loading what="your profile" isError={profile.isError} message={profile.error?.message} />
      )}
    </SettingsCard>
  );
}

function NotificationsCard() {
  const settings = useQuery({ queryKey: ['notification-settings'], queryFn: () => api.get<{ settings: NotificationSetting[] }>('/notifications/settings') });
  const list = settings.data?.settings ?? [];
  const inApp = list.filter((s) => s.inApp).length;
  const byEmail = list.filter((s) => s.email !== 'off').length;
  return (
    <SettingsCard title="Notification Settings" to="/user/settings/notifications" action="Change notification settings">
      {settings.data ? (
        <Text size="sm">
          {inApp} of {list.length} kinds of notification show in the app; {byEmail} of {list.length} are also sent by email.
        </Text>
      ) : (
        <Loading what="your notification settings" isError={settings.isError} message={settings.error?.message} />
      )}
    </SettingsCard>
  );
}

function BillingCard() {
  const subscriptions = useQuery({ queryKey: ['my-subscriptions'], queryFn: () => api.get<{ isEnabled: boolean; subscriptions: BillingSubscriptionBody[] }>('/billing/subscriptions') });
  const list = subscriptions.data?.subscriptions ?? [];
  return (
    <SettingsCard title="Billing" to="/user/settings/billing" action="Open billing">
      {!subscriptions.data ? (
        <Loading what="your subscriptions" isError={subscriptions.isError} message={subscriptions.error?.message} />
      ) : list.length === 0 ? (
        <Text size="sm">You pay for no subscription.</Text>
      ) : (
        <Stack gap={4}>
          {list.map((s) => (
            <Group key={s.subscriptionId} gap="xs">
              <Text size="sm">
                {s.planName} ({s.status})
              </Text>
              {s.card && <PaymentCard card={s.card} />}
            </Group>
          ))}
        </Stack>
      )}
    </SettingsCard>
  );
}

export function UserSettingsPage() {
  const isBillingEnabled = useIsBillingEnabled();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ProfileCard />
      <NotificationsCard />
      {isBillingEnabled && <BillingCard />}
    </SimpleGrid>
  );
}
