import { MantineProvider } from '@mantine/core';
import { formatCardExpiry, maskCardNumber } from '@ledgerport/core/billing';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentCard } from './payment-card';

function renderCard(card: { brand: string | null; masked: string; expiry: string | null; holderName?: string | null }) {
  render(
    <MantineProvider env="test">
      <PaymentCard card={{ holderName: null, ...card }} />
    </MantineProvider>,
  );
  return screen.getByLabelText('Payment card').textContent;
}

describe('the payment card (spec section 9: twelve masked digits plus the last four, "Expires {month year}", the card holder name)', () => {
  it('shows twelve masked digits, the last four and the expiry as the server words them', () => {
    const text = renderCard({ brand: 'visa', masked: maskCardNumber('4242'), expiry: formatCardExpiry(11, 2027) });
    expect(text).toBe('VISA •••• •••• •••• 4242 · Expires November 2027');
    expect(text?.match(/•/g)).toHaveLength(12);
  });

  it('ends with the card holder name when Stripe has one', () => {
    expect(renderCard({ brand: 'visa', masked: maskCardNumber('4242'), expiry: formatCardExpiry(11, 2027), holderName: 'Ada Lovelace' })).toBe(
      'VISA •••• •••• •••• 4242 · Expires November 2027 · Ada Lovelace',
    );
  });

  it('leaves the expiry out unless both its month and year are known (spec section 5)', () => {
    expect(renderCard({ brand: null, masked: maskCardNumber('0005'), expiry: formatCardExpiry(null, 2027) })).toBe('•••• •••• •••• 0005');
  });
});
