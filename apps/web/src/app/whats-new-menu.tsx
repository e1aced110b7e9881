/**
 * What's-new dropdown: the five newest entries; a dot shows when the newest entry is later than the
 * last one seen, and opening the menu clears it.
 */
import { ActionIcon, Indicator, Menu, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api-client';
import type { WhatsNewEntry } from '../lib/api-types';
import { STORAGE_KEYS } from '../lib/token-store';
import { DateText } from '../ui/date-text';

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
  return (
    <Menu position="bottom-end" width={320} onOpen={markSeen}>
      <Menu.Target>
        <Indicator disabled={!hasUnseenEntry(entries, lastSeen)} size={8} offset={6} color="red">
          <ActionIcon variant="subtle" size="lg" aria-label="What's new">
            <IconSpeakerphone size={20} />
          </ActionIcon>
        </Indicator>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>What's new</Menu.Label>
        {query.isError && <Menu.Item disabled>{query.error.message}</Menu.Item>}
        {query.isSuccess && entries.length === 0 && <Menu.Item disabled>No news yet.</Menu.Item>}
        {entries.map((e) => (
          <Menu.Item key={e.permalink} component="a" href={e.permalink} target="_blank" rel="noreferrer">
            <Text size="sm">{e.title}</Text>
            <Text size="xs" c="dimmed">
              <DateText value={e.date} />
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
