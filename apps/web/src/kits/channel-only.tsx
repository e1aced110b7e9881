/** What a page for one sales channel says to an account of another channel (report pages, channel settings). */
import { Alert } from '@mantine/core';
import { CHANNEL_NAMES } from '@ledgerport/core/mapping';
import type { Account } from '../lib/api-types';

export function ChannelOnlyAlert({ channel, children }: { channel: Account['salesChannel']; children: React.ReactNode }) {
  return (
    <Alert color="yellow" title={`${CHANNEL_NAMES[channel].name} accounts only`}>
      {children}
    </Alert>
  );
}
