/**
 * Upgrade or downgrade (issue 16): a change to a smaller plan is refused while the account uses more
 * than the smaller plan allows this month (settlements sent, channels connected), with a message
 * naming what is over; Stripe prorates the change, we only decide whether it may happen.
 */
import type { Plan } from './plans';

export interface PlanUsage {
  sentThisMonth: number;
  channels: number;
}

export type PlanChangeDecision =
  | { isAllowed: true; direction: 'upgrade' | 'downgrade' | 'same' }
  | { isAllowed: false; message: string };

export function decidePlanChange(from: Plan | null, to: Plan, usage: PlanUsage): PlanChangeDecision {
  if (!to.isActive) return { isAllowed: false, message: `The ${to.name} plan is no longer offered; choose another plan.` };
  const direction = from === null || to.rank > from.rank ? 'upgrade' : to.rank < from.rank ? 'downgrade' : 'same';
  if (direction === 'same' && from?.code === to.code) return { isAllowed: false, message: `The account is already on the ${to.name} plan.` };
  const over: string[] = [];
  const sends = to.limits.settlementsPerMonth;
  if (sends !== null && usage.sentThisMonth > sends) over.push(`${usage.sentThisMonth} settlements were sent this month and ${to.name} sends up to ${sends}`);
  const channels = to.limits.channels;
  if (channels !== null && usage.channels > channels) over.push(`${usage.channels} sales channels are connected and ${to.name} connects up to ${channels}`);
  if (over.length > 0) return { isAllowed: false, message: `The account uses more than the ${to.name} plan allows: ${over.join('; ')}. Disconnect channels or wait for next month, then change the plan.` };
  return { isAllowed: true, direction };
}
