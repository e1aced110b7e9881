/**
 * Release a held settlement: one held because it is inconsistent then posts with its difference on the
 * suspense line; one held for a closed period is checked against the system's lock again when sent.
 */
import { Button } from '@mantine/core';
import { releaseSettlementHold } from '@ledgerport/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { callEndpoint } from '../../lib/call-endpoint';
import { showToast } from '../../lib/toast';
import { CallGate } from '../../ui/call-gate';

export function ReleaseHoldButton({ settlementKey, cause, onReleased }: { settlementKey: string; cause: string | null; onReleased: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <CallGate entry={releaseSettlementHold}>
      <Button
        size="xs"
        variant="light"
        color="violet"
        loading={busy}
        onClick={() => void (async () => {
          setBusy(true);
          try {
            const r = await callEndpoint(releaseSettlementHold, { query: { settlementKey } });
            showToast('success', r.message);
            onReleased();
          } catch (e) {
            showToast('error', e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
          } finally {
            setBusy(false);
          }
        })()}
      >
        {cause === 'period-lock' ? 'Release to send again' : 'Release and post with a suspense line'}
      </Button>
    </CallGate>
  );
}
