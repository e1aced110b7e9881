/**
 * The progress of a bulk send (issue 6): how many of the queued settlements are posted, failed or
 * still waiting, asked of the server every second until none is queued or sending. The server reads
 * it from the settlements themselves, so it carries on across a server restart; the keys are kept
 * in the browser's session, so it carries on across a page reload too.
 */
import { CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchSendProgress } from './settlements-api';

const storageKey = (accountKey: string) => `ledgerport.bulkSend.${accountKey}`;

export function readBulkSendKeys(accountKey: string): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKey(accountKey)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

export function writeBulkSendKeys(accountKey: string, keys: string[]): void {
  if (keys.length === 0) sessionStorage.removeItem(storageKey(accountKey));
  else sessionStorage.setItem(storageKey(accountKey), JSON.stringify(keys));
}

export function BulkSendProgress({ settlementKeys, onFinished, onHide }: { settlementKeys: string[]; onFinished: () => void; onHide: () => void }) {
  const progress = useQuery({
    queryKey: ['settlements', 'send-progress', settlementKeys],
    queryFn: () => fetchSendProgress(settlementKeys),
    refetchInterval: (q) => (q.state.data && !q.state.data.isRunning ? false : 1000),
  });
  const p = progress.data;
  const isFinished = p !== undefined && !p.isRunning;
  const finishedOnce = useRef(false);
  useEffect(() => {
    if (isFinished && !finishedOnce.current) {
      finishedOnce.current = true;
      onFinished();
    }
  }, [isFinished, onFinished]);

  if (!p) return null;
  const done = p.posted + p.failed + p.idle;
  const percent = p.total === 0 ? 100 : Math.round((done * 100) / p.total);
  const waiting = p.queued + p.sending;
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {isFinished ? 'Bulk send finished' : 'Sending…'}
        </Text>
        <Group gap={4}>
          <Text size="sm" role="status" aria-label="Bulk send status">
            {p.posted} of {p.total} posted
            {p.failed > 0 ? `, ${p.failed} failed` : ''}
            {waiting > 0 ? `, ${waiting} waiting` : ''}
          </Text>
          {isFinished && <CloseButton size="sm" aria-label="Hide bulk send progress" onClick={onHide} />}
        </Group>
      </Group>
      <Progress value={percent} color={p.failed > 0 ? 'orange' : 'green'} animated={!isFinished} aria-label="Bulk send progress" />
    </Stack>
  );
}
