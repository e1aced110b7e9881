/** A subscription's card as the spec shows it (section 9): twelve masked digits and the last four, then 'Expires {month year}' when both are known, then the card holder's name when Stripe has it. */
import { Text } from '@mantine/core';
import type { BillingSubscriptionBody } from '@ledgerport/contract';

export function PaymentCard({ card }: { card: NonNullable<BillingSubscriptionBody['card']> }) {
  return (
    <Text size="sm" ff="monospace" aria-label="Payment card">
      {card.brand ? `${card.brand.toUpperCase()} ` : ''}
      {card.masked}
      {card.expiry ? ` · ${card.expiry}` : ''}
      {card.holderName ? ` · ${card.holderName}` : ''}
    </Text>
  );
}
