/** The checkout's right sidebar: plan, period, coupon, discount, tax as Stripe computes it, total. */
import { Alert, Card, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useIsBillingEnabled } from '../../lib/session-context';
import { MoneyText } from '../../ui/money-text';
import { choiceOf, fetchPreview, previewKey } from './billing-queries';

function Row({ label, amount, currency, strong }: { label: string; amount: string; currency: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} aria-label={label}>
        <MoneyText amount={amount} currency={currency} />
      </Text>
    </Group>
  );
}

/** Nothing where billing is off: the page says so, and there is no order to sum up. */
export function CheckoutSummaryCard() {
  return useIsBillingEnabled() ? <OrderSummary /> : null;
}

function OrderSummary() {
  const [params] = useSearchParams();
  const choice = choiceOf(params);
  const query = useQuery({ queryKey: choice ? previewKey(choice) : ['billing-preview-none'], queryFn: () => fetchPreview(choice!), enabled: choice !== null, retry: false });
  return (
    <Card withBorder aria-label="Order summary">
      <Text fw={600} mb="xs">
        Order summary
      </Text>
      {!choice && <Text size="sm">Choose a plan on the billing page first.</Text>}
      {query.isLoading && <Loader size="sm" />}
      {query.error && <Alert color="red">{query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}</Alert>}
      {query.data && (
        <Stack gap={6}>
          <Text size="sm">
            {query.data.planName} plan, {query.data.period}
          </Text>
          <Row label="Subtotal" amount={query.data.subtotal} currency={query.data.currency} />
          {query.data.coupon && <Text size="xs" c="dimmed">Coupon {query.data.coupon.code}: {query.data.coupon.description}</Text>}
          <Row label="Discount" amount={`-${query.data.discount}`} currency={query.data.currency} />
          <Row label="Tax" amount={query.data.tax} currency={query.data.currency} />
          <Divider />
          <Row label="Total due today" amount={query.data.total} currency={query.data.currency} strong />
        </Stack>
      )}
    </Card>
  );
}
