/** Release a settlement held because it is inconsistent: it then posts with its difference on the suspense line. */
import { Button } from '@mantine/core';
import type { ResponseOf, releaseSettlementHold } from '@ledgerport/contract';
import { useState } from 'react';
import { api, ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';

export function ReleaseHoldButton({ settlementKey, onReleased }: { settlementKey: string; onReleased: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="light"
      color="violet"
      loading={busy}
      onClick={() => void (async () => {
        setBusy(true);
        try {
          const r = await api.post<ResponseOf<typeof releaseSettlementHold>>('/settlement/release-hold', undefined, { settlementKey });
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
  );
}
