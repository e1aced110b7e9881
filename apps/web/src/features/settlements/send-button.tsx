/** Send one settlement to the accounting system (settlementSend); says why when it cannot. */
import { Button, Loader } from '@mantine/core';
import type { Settlement, sendSettlement } from '@ledgerport/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useMayCall, VIEW_ONLY_NOTE } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { track } from '../../lib/track';
import { sendSettlementNow } from './settlements-api';

/** The send entry's effect, checked against the contract by type: importing the entry would bring its schemas into the first load. */
const SEND = { effect: 'write' } as const satisfies Pick<typeof sendSettlement, 'effect'>;

export function SendButton({ settlement, onSent, compact }: { settlement: Settlement; onSent: () => void; compact?: boolean }) {
  const [busy, setBusy] = useState(false);
  const canChange = useMayCall(SEND);
  const isPosted = settlement.postingStatus === 'POSTED';
  const isSending = settlement.sendState === 'QUEUED' || settlement.sendState === 'SENDING';
  const isOff = isPosted || settlement.status === 'open' || !canChange;
  const isBusy = busy || isSending;
  return (
    // aria-disabled rather than disabled (issue 31): a disabled button drops keyboard focus to the page's
    // body, so after Send the person would have to find their place again; this one keeps focus while it
    // sends and when it turns to Posted.
    <Button
      size={compact ? 'compact-xs' : 'sm'}
      variant={compact ? 'light' : 'filled'}
      data-disabled={isOff || isBusy || undefined}
      aria-disabled={isOff || isBusy || undefined}
      leftSection={isBusy ? <Loader size={14} color="currentColor" aria-label="Sending" /> : undefined}
      title={canChange ? undefined : VIEW_ONLY_NOTE}
      aria-label={compact ? `${isPosted ? 'Posted' : 'Send'} ${settlement.settlementId}` : undefined}
      onClick={() => isOff || isBusy ? undefined : void (async () => {
        setBusy(true);
        try {
          const r = await sendSettlementNow(settlement.settlementKey);
          void track('settlement_sent', { feature: 'settlements' });
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
