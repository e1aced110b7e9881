/**
 * The actions of one settlement (spec section 4): send, reprocess (on a posted settlement it first
 * shows what would change, then replaces by reversal when confirmed), redownload (API settlements),
 * refresh COGS, delete, export.
 */
import { Alert, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { redownloadSettlement as redownloadEntry, settlementAction, type ReprocessPreview, type SettlementDetail } from '@ledgerport/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { CallGate, useCallRefusal } from '../../ui/call-gate';
import { downloadFile } from '../../ui/download-file';
import { SendButton } from '../settlements/send-button';
import { redownloadSettlement, runSettlementAction } from '../settlements/settlements-api';
import { ConfirmActions } from '../../ui/confirm-actions';
import { ReprocessDialog } from './reprocess-dialog';

const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');

export function SettlementActions({ detail, onChanged }: { detail: SettlementDetail; onChanged: () => void }) {
  const { account } = useSession();
  const navigate = useNavigate();
  const s = detail.settlement;
  const [preview, setPreview] = useState<ReprocessPreview | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The menu renders in a portal, outside any CallGate: its items ask the rule themselves.
  const actionRefusal = useCallRefusal(settlementAction);
  const redownloadRefusal = useCallRefusal(redownloadEntry);

  async function act(name: string, run: () => Promise<{ message: string; preview?: ReprocessPreview | null }>) {
    setBusy(name);
    setError(null);
    try {
      const r = await run();
      if (r.preview?.hasChanges) setPreview(r.preview);
      else showToast(r.preview ? 'info' : 'success', r.message);
      onChanged();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  }

  const exportRange = s.start && s.end ? { start: s.start.slice(0, 10), end: s.end.slice(0, 10) } : null;

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <SendButton settlement={s} onSent={onChanged} />
        <CallGate entry={settlementAction}>
          <Button variant="default" loading={busy === 'reprocess'} onClick={() => void act('reprocess', () => runSettlementAction('reprocess', s.settlementKey))}>
            Reprocess
          </Button>
        </CallGate>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default" rightSection={<IconChevronDown size={14} />} loading={busy !== null && busy !== 'reprocess'}>
              More actions
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {detail.canRedownload && (
              <Menu.Item disabled={redownloadRefusal !== null} title={redownloadRefusal ?? undefined} onClick={() => void act('redownload', () => redownloadSettlement(s.settlementKey, account.accountKey))}>
                Download again from {s.salesSource.toLowerCase()}
              </Menu.Item>
            )}
            <Menu.Item disabled={actionRefusal !== null} title={actionRefusal ?? undefined} onClick={() => void act('refreshcogs', () => runSettlementAction('refreshcogs', s.settlementKey))}>
              Refresh COGS
            </Menu.Item>
            <Menu.Item
              disabled={!exportRange}
              onClick={() =>
                exportRange &&
                void act('export', async () => {
                  const { name } = await downloadFile(
                    '/spanner/settlements/export',
                    { accountKey: account.accountKey, ...exportRange, report: 'transactions', settlementKeys: s.settlementKey, includeMarketplace: 'true' },
                    `settlement-${s.settlementId}.csv`,
                  );
                  return { message: `Downloaded ${name}.` };
                })
              }
            >
              Export transactions (CSV)
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" disabled={s.postingStatus !== 'NOT_POSTED' || actionRefusal !== null} title={actionRefusal ?? undefined} onClick={() => setConfirmDelete(true)}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {actionRefusal === null && (
        <ReprocessDialog
          settlementKey={s.settlementKey}
          preview={preview}
          onPreview={setPreview}
          onDone={(r) => {
            showToast('success', r.message);
            onChanged();
          }}
        />
      )}
      <Modal opened={confirmDelete && actionRefusal === null} onClose={() => setConfirmDelete(false)} title="Delete this settlement?">
        <Text size="sm" mb="md">
          Settlement {s.settlementId} and its lines will be removed from Ledgerport. You can load it again from its file.
        </Text>
        <ConfirmActions
          confirmLabel="Delete"
          color="red"
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => void (async () => {
            setConfirmDelete(false);
            try {
              const r = await runSettlementAction('delete', s.settlementKey);
              showToast('success', r.message);
              void navigate('/settlements');
            } catch (e) {
              setError(messageOf(e));
            }
          })()}
        />
      </Modal>
    </Stack>
  );
}
