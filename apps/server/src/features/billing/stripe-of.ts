/** The Stripe client of a config (one per config object), or a 404 when billing is off. */
import { createStripe, type Stripe } from '@ledgerport/integrations/billing';
import type { BillingConfig } from '../../config/billing-config';
import { AppError } from '../../http/app-error';

const clients = new WeakMap<BillingConfig, Stripe>();

export function stripeOf(billing: BillingConfig | undefined): Stripe {
  if (!billing) throw new AppError('billing.off', 'Billing is not enabled on this installation: every account is unlimited.');
  let client = clients.get(billing);
  if (!client) {
    client = createStripe({ secretKey: billing.secretKey, apiUrl: billing.apiUrl });
    clients.set(billing, client);
  }
  return client;
}

/** A Stripe call that failed for a reason of Stripe's: a 502 with a sentence, never the raw error (it may echo request data). */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error && 'type' in error && (error as { type?: string }).type === 'StripeInvalidRequestError' ? error.message : 'Stripe did not answer';
    throw new AppError('billing.provider-failed', `Could not ${what}: ${message}. Please try again later.`);
  }
}
