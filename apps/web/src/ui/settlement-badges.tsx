/**
 * The settlement status badges of issue 5 (posted, partially posted, not posted, inconsistent,
 * duplicate, on hold with its reason, open), in words a bookkeeper reads.
 */
import { Badge, Group, Tooltip } from '@mantine/core';
import type { SettlementBadge } from '@ledgerport/contract';

const BADGES: Record<SettlementBadge, { label: string; color: string }> = {
  posted: { label: 'Posted', color: 'green' },
  'partially-posted': { label: 'Partially posted', color: 'yellow' },
  'not-posted': { label: 'Not posted', color: 'gray' },
  inconsistent: { label: 'Inconsistent', color: 'red' },
  duplicate: { label: 'Duplicate', color: 'orange' },
  'on-hold': { label: 'On hold', color: 'violet' },
  open: { label: 'Open', color: 'blue' },
};

export function badgeLabel(badge: SettlementBadge): string {
  return BADGES[badge].label;
}

export function SettlementBadges({ badges, onHoldReason, sendState }: { badges: SettlementBadge[]; onHoldReason?: string | null; sendState?: string }) {
  return (
    <Group gap={4} wrap="wrap" role="list" aria-label="Status">
      {badges.map((b) => {
        const badge = (
          <Badge key={b} role="listitem" color={BADGES[b].color} variant={b === 'posted' ? 'filled' : 'light'} size="sm">
            {BADGES[b].label}
            {b === 'on-hold' && onHoldReason ? `: ${onHoldReason}` : ''}
          </Badge>
        );
        return b === 'on-hold' && onHoldReason ? (
          <Tooltip key={b} label={onHoldReason}>
            {badge}
          </Tooltip>
        ) : (
          badge
        );
      })}
      {(sendState === 'QUEUED' || sendState === 'SENDING') && (
        <Badge role="listitem" color="blue" variant="outline" size="sm">
          Sending…
        </Badge>
      )}
      {sendState === 'FAILED' && (
        <Badge role="listitem" color="red" variant="outline" size="sm">
          Send failed
        </Badge>
      )}
    </Group>
  );
}
