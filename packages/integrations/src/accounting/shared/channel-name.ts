import { CHANNEL_NAMES } from '@ledgerport/core/mapping';
import type { Channel } from '@ledgerport/core/settlements';

/** The contact (customer or supplier) a settlement's invoice is addressed to, e.g. 'Amazon'. */
export function channelContactName(channel: Channel): string {
  return CHANNEL_NAMES[channel]?.name ?? channel;
}
