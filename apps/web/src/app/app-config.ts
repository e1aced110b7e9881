/**
 * Switches of the web app. The payment provider (spec section 6: Billing and Subscriptions are
 * hidden when it is not enabled) is the server's: its user meta says whether billing on Stripe is on.
 */
import type { UserMeta } from '@ledgerport/contract';

export function isPaymentProviderEnabled(meta: Pick<UserMeta, 'paymentProviderEnabled'>): boolean {
  return meta.paymentProviderEnabled === true;
}

export const HELP_URL = 'https://help.ledgerport.com/';
export const CONTACT_EMAIL = 'support@ledgerport.com';
