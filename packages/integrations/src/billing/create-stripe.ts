/**
 * Our Stripe client: the official `stripe` package with its API version pinned by the package, and a
 * base URL from config so tests and e2e reach the local fake (testing/fake-stripe.ts). The fetch
 * HTTP client keeps one code path for the real API and the fake. Card details never pass through us:
 * checkout and payment method changes happen on Stripe's hosted pages.
 */
import Stripe from 'stripe';

export interface StripeClientOptions {
  secretKey: string;
  /** https://api.stripe.com, or the fake's http://127.0.0.1:PORT. */
  apiUrl: string;
}

export function createStripe(o: StripeClientOptions): Stripe {
  const url = new URL(o.apiUrl);
  return new Stripe(o.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 20_000,
  });
}

export { Stripe };
