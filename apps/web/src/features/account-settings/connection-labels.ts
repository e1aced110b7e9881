/** How a connection is named and shown (Settings > Connections, and the backend's account area). */
import type { ConnectionBadge, ConnectionView } from '@ledgerport/contract';
import { connectedSystemLabel } from '@ledgerport/core/connections';
import { accountingSystemLabel } from '@ledgerport/core/posting';
import { channelName } from '../../ui/channel-icon';

export const BADGE_COLORS: Record<ConnectionBadge, string> = {
  Connected: 'green',
  Disconnected: 'gray',
  'Connection Error': 'red',
  'Connection Problem': 'orange',
};
export const ROLE_LABELS: Record<ConnectionView['role'], string> = {
  accounting: 'Accounting system',
  'sales-channel': 'Sales channel',
  'sales-source': 'Payment source',
};

/** "QuickBooks Online (sandbox on this machine)" when the connection is a local sandbox (decision 0056). */
export const nameOf = (c: ConnectionView) => connectedSystemLabel(c.role === 'accounting' ? accountingSystemLabel(c.system) : channelName(c.system), c.isSandbox);
export const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) +
      ' UTC'
    : '--';
