/** A stored subscription as the contract shows it: the card masked, its expiry as the spec says, when sending would pause. */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { formatCardExpiry, maskCardNumber, PAST_DUE_GRACE_DAYS } from '@ledgerport/core/billing';
import type { BillingSubscriptionBody } from '@ledgerport/contract';
import type { AccountSubscription } from './billing-repository';

export async function subscriptionBody(db: Kysely<Database>, s: AccountSubscription, callerUserId: string, isOwner: boolean): Promise<BillingSubscriptionBody> {
  const [plan, accounts] = await Promise.all([
    db.selectFrom('billing_plans').select('name').where('plan_code', '=', s.planCode).executeTakeFirst(),
    db.selectFrom('billing_subscription_accounts').select('account_key').where('subscription_id', '=', s.subscriptionId).orderBy('account_key').execute(),
  ]);
  const pausedFrom = s.pastDueSince ? new Date(s.pastDueSince.getTime() + PAST_DUE_GRACE_DAYS * 86_400_000).toISOString() : null;
  return {
    subscriptionId: s.subscriptionId,
    kind: s.kind,
    planCode: s.planCode,
    planName: plan?.name ?? s.planCode,
    period: s.period,
    currency: s.currency,
    amount: s.amount,
    status: s.status,
    currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
    isCancelAtPeriodEnd: s.isCancelAtPeriodEnd,
    pastDueSince: s.pastDueSince?.toISOString() ?? null,
    sendingPausedFrom: pausedFrom,
    couponCode: s.couponCode,
    card: s.card?.last4 ? { brand: s.card.brand, masked: maskCardNumber(s.card.last4), expiry: formatCardExpiry(s.card.expMonth, s.card.expYear), holderName: s.card.holderName } : null,
    canManage: s.userId === callerUserId || (s.kind === 'account' && isOwner),
    accountKeys: accounts.map((a) => a.account_key),
  };
}
