/**
 * A test server with billing on, its Stripe at an in-process fake served on a random port; the fake
 * delivers its signed webhooks straight into the app (app.inject), as Stripe would over HTTP.
 */
import { createFakeStripe, serveFetch, type FakeStripe, type ServedFetch } from '@ledgerport/integrations/testing';
import type { BillingConfig } from '../src/config/billing-config';
import { createDiscardingJobs, startTestServer, type TestServer } from './test-app';

export const STRIPE_TEST_KEY = 'sk_test_fake_ledgerport';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_fake_ledgerport';

export interface BillingTestServer extends TestServer {
  fake: FakeStripe;
  billingConfig: BillingConfig;
  /** The last answer of our webhook to the fake. */
  lastWebhook: () => { status: number; body: string } | null;
}

export async function startBillingTestServer(): Promise<BillingTestServer> {
  let server: TestServer | null = null;
  let last: { status: number; body: string } | null = null;
  const fake = createFakeStripe({
    secretKey: STRIPE_TEST_KEY,
    webhookSecret: STRIPE_TEST_WEBHOOK_SECRET,
    deliver: async (payload, signature) => {
      const res = await server!.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
      last = { status: res.statusCode, body: res.body };
      if (res.statusCode !== 200) throw new Error(`webhook refused: ${res.statusCode} ${res.body}`);
    },
  });
  const served: ServedFetch = await serveFetch((request) => fake.handle(request));
  fake.setBaseUrl(served.url);
  const billingConfig: BillingConfig = { secretKey: STRIPE_TEST_KEY, webhookSecret: STRIPE_TEST_WEBHOOK_SECRET, apiUrl: served.url, currency: 'USD' };
  server = await startTestServer({
    config: { billing: billingConfig },
    jobs: createDiscardingJobs(),
  });
  const started = server;
  return {
    ...started,
    fake,
    billingConfig,
    lastWebhook: () => last,
    async close() {
      await started.close();
      await served.close();
    },
  };
}
