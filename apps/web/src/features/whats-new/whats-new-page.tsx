/** /whats-new: the newest product announcements (at most five). */
import { Alert, Anchor, List, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { WhatsNewEntry } from '../../lib/api-types';
import { DateText } from '../../ui/date-text';
import { PageEmptyState } from '../../ui/page-empty-state';
import { WHATS_NEW_MAX } from '../../app/whats-new-menu';

export function WhatsNewPage() {
  const query = useQuery({ queryKey: ['whats-new'], queryFn: () => api.get<WhatsNewEntry[]>('/res/whats-new.json'), retry: false });
  if (query.isPending) return <Loader aria-label="Loading news" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load what's new">
        {query.error.message}
      </Alert>
    );
  }
  if (query.data.length === 0) return <PageEmptyState what="Product announcements will be listed here." now="There is no announcement yet." />;
  return (
    <List spacing="md" listStyleType="none">
      {query.data.slice(0, WHATS_NEW_MAX).map((e) => (
        <List.Item key={e.permalink}>
          <Anchor href={e.permalink} target="_blank" rel="noreferrer">
            {e.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            <DateText value={e.date} />
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
