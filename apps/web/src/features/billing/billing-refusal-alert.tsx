/**
 * An error as a bookkeeper reads it; a plan's refusal (402 billing.limit, decision 0040) also links to
 * the account's Billing page, where the plan the message names can be chosen.
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';

export function isBillingRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'billing.limit';
}

export function BillingRefusalAlert({ error, accountKey }: { error: unknown; accountKey: string }) {
  const message = error instanceof ApiError ? error.message : 'Something went wrong. Please try again later.';
  if (!isBillingRefusal(error)) {
    return (
      <Alert color="red" role="alert">
        {message}
      </Alert>
    );
  }
  return (
    <Alert color="orange" role="alert" title="Not part of this account's plan">
      <Text size="sm">{message}</Text>
      <Anchor component={Link} to={`/billing?accountKey=${encodeURIComponent(accountKey)}`} size="sm" fw={600}>
        See the plans and upgrade
      </Anchor>
    </Alert>
  );
}
