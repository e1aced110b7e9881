/** Send one settlement to the accounting system (settlementSend); says why when it cannot. */
import { Button } from '@mantine/core';
import type { Settlement, sendSettlement } from '@ledgerport/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useMayCall, VIEW_ONLY_NOTE } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { sendSettlementNow } from './settlements-api';

/** The send entry's effect, checked against the contract by type: importing the entry would bring its schemas into the first load. */
const SEND = { effect: 'write' } as const satisfies Pick<typeof sendSettlement, 'effect'>;

export function SendButton({ settlement, onSent, compact }: { settlement: Settlement; onSent: () => void; compact?: boolean }) {
  const [busy, setBusy] = useState(false);
  const canChange = useMayCall(SEND);
  const isPosted = settlement.postingStatus === 'POSTED';
  const isSending = settlement.sendState === 'QUEUED' || settlement.sendState === 'SENDING';
  return (
    <Button
      size={compact ? 'compact-xs' : 'sm'}
      variant={compact ? 'light' : 'filled'}
      loading={busy || isSending}
      disabled={isPosted || settlement.status === 'open' || !canChange}
      title={canChange ? undefined : VIEW_ONLY_NOTE}
      aria-label={compact ? `${isPosted ? 'Posted' : 'Send'} ${settlement.settlementId}` : undefined}
      onClick={() => void (async () => {
        setBusy(true);
        try {
          const r = await sendSettlementNow(settlement.settlementKey);
          if (r.skipped.length > 0 && r.queued.length === 0) showToast('warning', r.skipped.map((s) => s.reason).join('; '));
          else showToast('success', r.message);
          onSent();
        } catch (e) {
          showToast('error', e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
        } finally {
          setBusy(false);
        }
      })()}
    >
      {isPosted ? 'Posted' : 'Send'}
    </Button>
  );
}
