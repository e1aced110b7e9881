/** The notification mails (plain text, like the other mails): one notification at once, or the day's in one digest by kind. */
import { groupNotificationsByKind, type NotificationKind } from '@ledgerport/core/rules';
import type { OutgoingMail } from '../../mail/mailer';

export interface MailedNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  linkPath: string | null;
  accountName: string | null;
  createdAt: Date;
}

const linkOf = (publicUrl: string, path: string) => `${publicUrl}/app${path.startsWith('/') ? path : `/${path}`}`;

function footer(publicUrl: string): string[] {
  return ['', `Choose which notifications you receive, and how: ${linkOf(publicUrl, '/user/settings/notifications')}`, ''];
}

export function immediateNotificationMail(to: string, n: MailedNotification, publicUrl: string): OutgoingMail {
  return {
    to,
    subject: n.accountName ? `${n.title} (${n.accountName})` : n.title,
    text: [n.title, '', n.body, ...(n.linkPath ? ['', `Open it in Ledgerport: ${linkOf(publicUrl, n.linkPath)}`] : []), ...footer(publicUrl)].join('\n'),
  };
}

export function digestNotificationMail(to: string, items: readonly MailedNotification[], publicUrl: string): OutgoingMail {
  const lines = [`Your Ledgerport notifications of the last day (${items.length}):`];
  for (const section of groupNotificationsByKind(items)) {
    lines.push('', `${section.label} (${section.items.length})`);
    for (const n of section.items) {
      lines.push(`- ${n.accountName ? `${n.accountName}: ` : ''}${n.title}`, `  ${n.body}`);
      if (n.linkPath) lines.push(`  ${linkOf(publicUrl, n.linkPath)}`);
    }
  }
  lines.push('', `See them all: ${linkOf(publicUrl, '/notifications')}`, ...footer(publicUrl));
  return { to, subject: `Ledgerport daily digest: ${items.length} notification${items.length === 1 ? '' : 's'}`, text: lines.join('\n') };
}
