/**
 * Bulk send, export, reprocess (its summary first) and delete of the selected settlements (at most 50 per call, spec section 9):
 * the bar says how many are chosen and refuses more than 50 before asking the server.
 */
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { BULK_SETTLEMENTS_MAX } from '@ledgerport/contract/limits';
import { Suspense, useCallback, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import type { bulkActionSettlement } from '@ledgerport/contract';
import { useMayCall, VIEW_ONLY_NOTE } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { track } from '../../lib/track';
import { downloadFile } from '../../ui/download-file';
import { LazyModal } from '../../ui/lazy-modal';
import { lazyComponent } from '../../ui/lazy-component';
import { BulkSendProgress, readBulkSendKeys, writeBulkSendKeys } from './bulk-send-progress';
import { runBulkAction, type BulkAction, type BulkActionResult } from './settlements-api';

/** The bulk reprocess summary and confirm (issue 28), loaded when asked for. */
const BulkReprocess = lazyComponent(() => import('./bulk-reprocess-dialog').then((m) => m.BulkReprocessDialog));
/** Loads the bulk reprocess dialog's code now (component tests). */
export const preloadBulkReprocessDialog = () => BulkReprocess.preload();

function describeResult(r: BulkActionResult): string {
  const skipped = r.skipped.length ? ` ${r.skipped.length} skipped: ${r.skipped.map((s) => s.reason).join('; ')}` : '';
  return `${r.message}${skipped}`;
}

/** The bulk action's effect, checked against the contract by type (the entry's schemas stay out of the first load). */
const BULK_ACTION = { effect: 'write' } as const satisfies Pick<typeof bulkActionSettlement, 'effect'>;

export function BulkActionsBar({ accountKey, selectedIds, onDone }: { accountKey: string; selectedIds: string[]; onDone: (action: BulkAction) => void }) {
  const [busy, setBusy] = useState<BulkAction | null>(null);
  // The settlements of the last bulk send, followed until every one is posted or failed.
  const [sendKeys, setSendKeys] = useState<string[]>(() => readBulkSendKeys(accountKey));
  const [sendAccount, setSendAccount] = useState(accountKey);
  if (sendAccount !== accountKey) {
    setSendAccount(accountKey);
    setSendKeys(readBulkSendKeys(accountKey));
  }
  const followSend = (keys: string[]) => {
    writeBulkSendKeys(accountKey, keys);
    setSendKeys(keys);
  };
  const onSendFinished = useCallback(() => {
    writeBulkSendKeys(accountKey, []);
    onDone('send');
  }, [accountKey, onDone]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reprocessKeys, setReprocessKeys] = useState<string[] | null>(null);
  const [result, setResult] = useState<{ tone: 'green' | 'red'; text: string } | null>(null);
  const isOverLimit = selectedIds.length > BULK_SETTLEMENTS_MAX;
  // A view-only user exports through the export page; sending and deleting are refused by the server too.
  const canChange = useMayCall(BULK_ACTION);

  async function run(action: BulkAction) {
    setBusy(action);
    setResult(null);
    try {
      const r = await runBulkAction(action, selectedIds);
      void track('settlement_bulk_action', { feature: 'settlements' });
      if (action === 'export' && r.downloadUrl) {
        const url = new URL(r.downloadUrl, window.location.origin);
        await downloadFile(url.pathname, Object.fromEntries(url.searchParams), 'settlements.csv');
      }
      if (action === 'send') followSend(r.queued);
      setResult({ tone: 'green', text: describeResult(r) });
      showToast('success', r.message);
      onDone(action);
    } catch (e) {
      setResult({ tone: 'red', text: e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.' });
    } finally {
      setBusy(null);
    }
  }

  if (selectedIds.length === 0 && !result && sendKeys.length === 0) return null;
  return (
    <Paper withBorder p="sm" mb="sm" role="region" aria-label="Bulk actions">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {selectedIds.length} selected
          </Text>
          <Group gap="xs">
            <Button size="xs" onClick={() => void run('send')} loading={busy === 'send'} disabled={!canChange || isOverLimit || selectedIds.length === 0 || busy !== null}>
              Send selected
            </Button>
            <Button size="xs" variant="default" onClick={() => void run('export')} loading={busy === 'export'} disabled={!canChange || isOverLimit || selectedIds.length === 0 || busy !== null}>
              Export selected
            </Button>
            <Button size="xs" variant="default" onClick={() => setReprocessKeys(selectedIds)} disabled={!canChange || isOverLimit || selectedIds.length === 0 || busy !== null}>
              Reprocess selected
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setConfirmDelete(true)} disabled={!canChange || isOverLimit || selectedIds.length === 0 || busy !== null}>
              Delete selected
            </Button>
          </Group>
        </Group>
        {!canChange && (
          <Text size="sm" c="dimmed">
            {VIEW_ONLY_NOTE} Export settlements from the Export page.
          </Text>
        )}
        {isOverLimit && (
          <Alert color="yellow" role="alert">
            Choose at most {BULK_SETTLEMENTS_MAX} settlements for one bulk action ({selectedIds.length} are selected).
          </Alert>
        )}
        {sendKeys.length > 0 && <BulkSendProgress key={sendKeys.join(',')} settlementKeys={sendKeys} onFinished={onSendFinished} onHide={() => followSend([])} />}
        {result && (
          <Alert color={result.tone} role={result.tone === 'red' ? 'alert' : 'status'} withCloseButton onClose={() => setResult(null)}>
            {result.text}
          </Alert>
        )}
      </Stack>
      {reprocessKeys && (
        <Suspense fallback={null}>
          <BulkReprocess.Component
            opened
            settlementKeys={reprocessKeys}
            onClose={() => setReprocessKeys(null)}
            onDone={(r) => {
              setResult({ tone: r.skipped.length > 0 ? 'red' : 'green', text: `${r.message}${r.skipped.length ? ` ${r.skipped.map((x) => x.reason).join('; ')}` : ''}` });
              showToast('success', r.message);
              onDone('reprocess');
            }}
          />
        </Suspense>
      )}
      <LazyModal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title="Delete settlements?">
        <Text size="sm" mb="md">
          Delete the {selectedIds.length} selected settlements from Ledgerport? Posted settlements are kept; you can load the others again from their files.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirmDelete(false);
              void run('delete');
            }}
          >
            Delete
          </Button>
        </Group>
      </LazyModal>
    </Paper>
  );
}
