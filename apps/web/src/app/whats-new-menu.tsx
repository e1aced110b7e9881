/**
 * What's-new dropdown: the five newest entries; a dot shows when the newest entry is later than the
 * last one seen, and opening the menu clears it.
 */
import { ActionIcon, Indicator, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api-client';
import type { WhatsNewEntry } from '../lib/api-types';
import { STORAGE_KEYS } from '../lib/token-store';
import { DateText } from '../ui/date-text';
import { MenuOnIntent } from './menu-on-intent';
import type { NavMenuEntry } from './nav-menus';

export const WHATS_NEW_MAX = 5;

export function hasUnseenEntry(entries: readonly WhatsNewEntry[], lastSeen: string | null): boolean {
  const newest = entries[0]?.date;
  return newest !== undefined && (lastSeen === null || Date.parse(newest) > Date.parse(lastSeen));
}

export function WhatsNewMenu() {
  const query = useQuery({ queryKey: ['whats-new'], queryFn: () => api.get<WhatsNewEntry[]>('/res/whats-new.json'), staleTime: 3_600_000, retry: false });
  const [lastSeen, setLastSeen] = useState(() => localStorage.getItem(STORAGE_KEYS.whatsNewSeenAt));
  const entries = (query.data ?? []).slice(0, WHATS_NEW_MAX);
  const markSeen = () => {
    const newest = entries[0]?.date;
    if (!newest) return;
    localStorage.setItem(STORAGE_KEYS.whatsNewSeenAt, newest);
    setLastSeen(newest);
  };
  const items: NavMenuEntry[] = entries.map((e) => ({
    kind: 'item',
    key: e.permalink,
    href: e.permalink,
    label: (
      <>
        <Text size="sm">{e.title}</Text>
        <Text size="xs" c="dimmed">
          <DateText value={e.date} />
        </Text>
      </>
    ),
  }));
  if (query.isError) items.unshift({ kind: 'item', key: 'error', label: query.error.message, isDisabled: true });
  if (query.isSuccess && entries.length === 0) items.push({ kind: 'item', key: 'none', label: 'No news yet.', isDisabled: true });
  return (
    <MenuOnIntent
      trigger={
        // The button is the menu's trigger (it gets aria-haspopup and aria-expanded); the dot sits inside it.
        <ActionIcon variant="subtle" size="lg" aria-label="What's new">
          <Indicator disabled={!hasUnseenEntry(entries, lastSeen)} size={8} offset={-2} color="red">
            <IconSpeakerphone size={20} />
          </Indicator>
        </ActionIcon>
      }
      menu={{ width: 320, onOpen: markSeen, entries: [{ kind: 'label', key: 'title', label: "What's new" }, ...items] }}
    />
  );
}
