/**
 * The fake Stripe as a real HTTP server for e2e runs (`node --import tsx serve-fake-stripe.ts`): the
 * API our server calls, the hosted checkout page the browser pays on, and the signed webhooks sent to
 * FAKE_STRIPE_WEBHOOK_URL. Seeded coupons: WELCOME25 (25% off the first invoice) and SPRING10 (expired).
 * Env: FAKE_STRIPE_PORT, FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, FAKE_STRIPE_WEBHOOK_URL.
 * GET /__control/health answers when it is up.
 */
import { serveFetch } from '../serve-fetch';
import { createFakeStripe } from './fake-stripe';

const port = Number(process.env.FAKE_STRIPE_PORT ?? 8563);
const webhookUrl = process.env.FAKE_STRIPE_WEBHOOK_URL ?? 'http://127.0.0.1:8562/webhooks/stripe';
const fake = createFakeStripe({
  secretKey: process.env.FAKE_STRIPE_SECRET_KEY ?? 'sk_test_e2e',
  webhookSecret: process.env.FAKE_STRIPE_WEBHOOK_SECRET ?? 'whsec_e2e',
  baseUrl: `http://127.0.0.1:${port}`,
  deliver: async (payload, signature) => {
    const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    if (!res.ok) throw new Error(`webhook refused: ${res.status} ${await res.text()}`);
  },
});
fake.addCoupon({ code: 'WELCOME25', percentOff: 25, duration: 'once' });
fake.addCoupon({ code: 'SPRING10', percentOff: 10, redeemBy: new Date('2020-03-31T23:59:59Z') });

await serveFetch(
  (request) => (new URL(request.url).pathname === '/__control/health' ? Promise.resolve(new Response('ok')) : fake.handle(request)),
  { port },
);
console.log(`fake Stripe on http://127.0.0.1:${port}, webhooks to ${webhookUrl}`);
