/** Release a settlement held because it is inconsistent: it then posts with its difference on the suspense line. */
import { Button } from '@mantine/core';
import { releaseSettlementHold } from '@ledgerport/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { callEndpoint } from '../../lib/call-endpoint';
import { showToast } from '../../lib/toast';
import { CallGate } from '../../ui/call-gate';

export function ReleaseHoldButton({ settlementKey, onReleased }: { settlementKey: string; onReleased: () => void }) {
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
        Release and post with a suspense line
      </Button>
    </CallGate>
  );
}
