/**
 * An account's plan as tables and headers show it: its name, or an orange Trial badge; nothing at
 * all where billing is off (core's plan gate: no plans there, decision 0057). Tables drop their Plan
 * column there with `withoutPlanColumn`.
 */
import { Badge } from '@mantine/core';
import { isTrialAccount, planLabel } from '@ledgerport/core/billing';
import { useIsBillingEnabled } from '../lib/session-context';

export function PlanBadge({ planCode, size = 'sm', isTrial }: { planCode: string | null; size?: 'xs' | 'sm' | 'md'; /** The server's own answer, where it gives one. */ isTrial?: boolean }) {
  const isBillingEnabled = useIsBillingEnabled();
  const label = planLabel({ planCode }, isBillingEnabled);
  if (label === null) return null;
  if (isTrial ?? isTrialAccount({ planCode }, isBillingEnabled)) {
    return (
      <Badge size={size} color="orange" variant="light" style={{ overflow: 'visible' }}>
        Trial
      </Badge>
    );
  }
  return <>{label}</>;
}

/** A table's columns without its Plan column where billing is off. */
export function withoutPlanColumn<C extends { id: string }>(columns: readonly C[], isBillingEnabled: boolean, planColumnId = 'plan'): C[] {
  return columns.filter((c) => isBillingEnabled || c.id !== planColumnId);
}
