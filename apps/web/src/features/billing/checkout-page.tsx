/**
 * Checkout (/billing/checkout?accountKey&planCode&period[&couponCode]): the coupon form and the
 * button that opens Stripe's hosted payment page; the order summary (plan, period, coupon, discount,
 * tax as Stripe computes it, total) is the right sidebar (checkout-summary-card.tsx), both reading
 * the choice from the address. Card details are only ever typed on Stripe's page.
 */
import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, ApiError } from '../../lib/api-client';
import { useIsBillingEnabled } from '../../lib/session-context';
import { track } from '../../lib/track';
import { BillingOffNotice } from './billing-off-notice';
import { choiceOf } from './billing-queries';

export function CheckoutPage() {
  return useIsBillingEnabled() ? <CheckoutForm /> : <BillingOffNotice />;
}

function CheckoutForm() {
  const [params, setParams] = useSearchParams();
  const choice = choiceOf(params);
  const [coupon, setCoupon] = useState(choice?.couponCode ?? '');
  const pay = useMutation({
    mutationFn: () => api.post<{ url: string }>('/billing/checkout', { accountKey: choice!.accountKey, planCode: choice!.planCode, period: choice!.period, ...(choice!.couponCode ? { couponCode: choice!.couponCode } : {}) }),
    // The event is sent (or given up, within a second) before the page leaves for Stripe's.
    onSuccess: (r) => track('billing_checkout_started', { feature: 'billing' }).then(() => window.location.assign(r.url)),
  });
  if (!choice) return <Alert color="orange">Choose a plan on the billing page first.</Alert>;
  const applyCoupon = () => {
    const next = new URLSearchParams(params);
    if (coupon.trim()) next.set('couponCode', coupon.trim());
    else next.delete('couponCode');
    setParams(next);
  };
  return (
    <Stack maw={560}>
      <Card withBorder>
        <Stack gap="sm">
          <Text>
            You are subscribing account <strong>{choice.accountKey}</strong> to the <strong>{choice.planCode}</strong> plan, billed {choice.period}.
          </Text>
          <Group align="end">
            <TextInput label="Coupon code" value={coupon} onChange={(e) => setCoupon(e.currentTarget.value)} maxLength={64} />
            <Button variant="default" onClick={applyCoupon}>
              Apply coupon
            </Button>
          </Group>
          {pay.error && <Alert color="red">{pay.error instanceof ApiError ? pay.error.message : 'Something went wrong. Please try again later.'}</Alert>}
          <Button onClick={() => pay.mutate()} loading={pay.isPending}>
            Continue to payment
          </Button>
          <Text size="xs" c="dimmed">
            You enter your card on Stripe&apos;s secure page; Ledgerport never sees it.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
