/** The icon and colour of each kind of notification, shared by the list and the settings table. */
import { ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconMailForward, IconPlugConnectedX, IconRobot, IconScale, IconSitemap } from '@tabler/icons-react';
import type { Notification } from '@ledgerport/contract';

type Kind = Notification['kind'];

const KIND_LOOK: Record<Kind, { icon: typeof IconRobot; color: string }> = {
  'send-failed': { icon: IconAlertTriangle, color: 'red' },
  'connection-error': { icon: IconPlugConnectedX, color: 'orange' },
  'mappings-needed': { icon: IconSitemap, color: 'blue' },
  'settlement-inconsistent': { icon: IconScale, color: 'yellow' },
  invite: { icon: IconMailForward, color: 'grape' },
  'auto-sent': { icon: IconRobot, color: 'teal' },
};

/** With a label the icon is an image of that name; without, decoration beside a text that says the same. */
export function NotificationKindIcon({ kind, label }: { kind: Kind; label?: string }) {
  const look = KIND_LOOK[kind];
  const Icon = look.icon;
  const named = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <ThemeIcon color={look.color} variant="light" size="lg" radius="xl" {...named}>
      <Icon size={18} />
    </ThemeIcon>
  );
}
