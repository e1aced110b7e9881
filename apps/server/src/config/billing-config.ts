/**
 * Billing settings read from the environment handed over by config.ts (the only reader of process.env):
 * - LEDGERPORT_STRIPE_SECRET_KEY and LEDGERPORT_STRIPE_WEBHOOK_SECRET: both set turns billing on;
 *   neither set leaves it off (every account unlimited, no billing menu: spec section 6). One
 *   without the other is a start-up error, so a half-configured install never charges blindly.
 * - LEDGERPORT_STRIPE_API_URL: Stripe's API base (default https://api.stripe.com), for the local fake.
 * - LEDGERPORT_BILLING_CURRENCY: the currency plans are sold in (default USD).
 * The secrets are never logged: the start-up message only says whether billing is on.
 */
export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
  /** The currency plans are sold in (LEDGERPORT_BILLING_CURRENCY, default USD). */
  currency: string;
}

export function loadBillingConfig(env: NodeJS.ProcessEnv): BillingConfig | undefined {
  const secretKey = env.LEDGERPORT_STRIPE_SECRET_KEY || '';
  const webhookSecret = env.LEDGERPORT_STRIPE_WEBHOOK_SECRET || '';
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey || !webhookSecret) {
    throw new Error('Set both LEDGERPORT_STRIPE_SECRET_KEY and LEDGERPORT_STRIPE_WEBHOOK_SECRET to turn billing on, or neither to leave it off.');
  }
  const apiUrl = (env.LEDGERPORT_STRIPE_API_URL || 'https://api.stripe.com').replace(/\/$/, '');
  if (!/^https?:\/\//.test(apiUrl)) throw new Error(`LEDGERPORT_STRIPE_API_URL must start with http:// or https://, got "${apiUrl}".`);
  const currency = (env.LEDGERPORT_BILLING_CURRENCY || 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new Error(`LEDGERPORT_BILLING_CURRENCY must be a three-letter currency code such as USD, got "${currency}".`);
  return { secretKey, webhookSecret, apiUrl, currency };
}
