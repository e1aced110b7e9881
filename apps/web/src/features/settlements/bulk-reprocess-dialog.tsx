/**
 * Bulk reprocess (issue 28, decision 0062): the summary first (how many of the chosen settlements change
 * and by how much in total; which are unchanged, not posted yet or would not post now), then the
 * confirm with each settlement's preview token. A settlement that changed since is skipped, saying so.
 */
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { BulkReprocessSummary, ResponseOf, confirmBulkReprocess } from '@ledgerport/contract';
import { formatCurrency } from '@ledgerport/core/rules';
import { useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api-client';
import { LazyModal } from '../../ui/lazy-modal';

type BulkReprocessResult = ResponseOf<typeof confirmBulkReprocess>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function summarySentence(s: BulkReprocessSummary): string {
  const moved = s.moved.map((m) => formatCurrency(m.amount, m.currency)).join(' and ');
  const parts = [`${plural(s.changeCount, 'posted settlement')} of ${s.settlementCount} would change${moved ? `, moving ${moved} between accounts in total` : ''}.`];
  if (s.unchangedCount > 0) parts.push(`${plural(s.unchangedCount, 'posted settlement')} would not change and ${s.unchangedCount === 1 ? 'is' : 'are'} left as posted.`);
  if (s.notPostedCount > 0) parts.push(`${plural(s.notPostedCount, 'settlement')} not posted yet ${s.notPostedCount === 1 ? 'is' : 'are'} built again with the current mappings.`);
  if (s.blockedCount > 0) parts.push(`${plural(s.blockedCount, 'settlement')} would not post now and ${s.blockedCount === 1 ? 'is' : 'are'} left as ${s.blockedCount === 1 ? 'it is' : 'they are'}.`);
  return parts.join(' ');
}

export function BulkReprocessDialog({ opened, settlementKeys, onClose, onDone }: { opened: boolean; settlementKeys: string[]; onClose: () => void; onDone: (r: BulkReprocessResult) => void }) {
  const [summary, setSummary] = useState<BulkReprocessSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = settlementKeys.join(',');
  useEffect(() => {
    if (!opened) return;
    let isCurrent = true;
    setSummary(null);
    setError(null);
    api
      .post<BulkReprocessSummary>('/bulkReprocess/preview', { bulkSettlement: keys.split(',') })
      .then((s) => isCurrent && setSummary(s))
      .catch((e: unknown) => isCurrent && setError(errorText(e)));
    return () => {
      isCurrent = false;
    };
  }, [opened, keys]);

  async function confirm(s: BulkReprocessSummary) {
    setBusy(true);
    try {
      const settlements = s.settlements.filter((x) => x.outcome === 'changes' || x.outcome === 'not-posted').map((x) => ({ settlementKey: x.settlementKey, previewToken: x.previewToken }));
      const r = settlements.length > 0 ? await api.post<BulkReprocessResult>('/bulkReprocess', { settlements }) : { done: [], skipped: [], message: 'Nothing would change; nothing was posted.' };
      onDone(r);
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const changing = summary?.settlements.filter((x) => x.outcome === 'changes') ?? [];
  return (
    <LazyModal opened={opened} onClose={onClose} title="Reprocess the selected settlements?" size="lg">
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {!summary && !error && <Text size="sm">Working out what would change…</Text>}
        {summary && (
          <>
            <Text size="sm" role="status">
              {summarySentence(summary)}
            </Text>
            {changing.length > 0 && (
              <List size="sm" aria-label="Settlements that would change">
                {changing.map((x) => (
                  <List.Item key={x.settlementKey}>
                    Settlement {x.settlementId}: {plural(x.lineCount, 'line')} in {plural(x.reverseCount, 'document')}
                    {x.moved.length > 0 ? `, ${x.moved.map((m) => formatCurrency(m.amount, m.currency)).join(' and ')} moves` : ''}
                  </List.Item>
                ))}
              </List>
            )}
            <Text size="sm" c="dimmed">
              Each changed settlement&apos;s posted documents are reversed and posted again; open a settlement and choose Reprocess to see its lines first.
            </Text>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!summary || summary.changeCount + summary.notPostedCount === 0} loading={busy} onClick={() => summary && void confirm(summary)}>
            Reprocess
          </Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}
