/**
 * POST /webhooks/stripe. The body is kept as the exact text Stripe signed (a JSON parser would lose
 * it), so this route lives in its own scope with a text parser; a bad or missing signature is a 400
 * and changes nothing; each event is applied in one transaction with its id (stripe-webhook.ts).
 */
import type { FastifyInstance } from 'fastify';
import { stripeWebhook } from '@ledgerport/contract';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { applyStripeEvent, cardOf, verifyStripeEvent } from './stripe-webhook';
import { stripeOf } from './stripe-of';

export function registerStripeWebhookRoute(app: FastifyInstance, deps: Deps): void {
  void app.register((scope, _options, done) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    addRoute(scope, deps, stripeWebhook, async ({ request }) => {
      const billing = deps.config.billing;
      const stripe = stripeOf(billing);
      if (typeof request.body !== 'string') throw new AppError('billing.webhook-invalid', 'The Stripe webhook must carry its JSON event as the request body; nothing was changed.');
      const header = request.headers['stripe-signature'];
      const event = verifyStripeEvent(stripe, request.body, typeof header === 'string' ? header : undefined, billing!.webhookSecret);
      const card = await cardOf(stripe, event);
      const at = deps.clock();
      const outcome = await deps.db.transaction().execute((trx) => applyStripeEvent(trx, event, card, at));
      return { received: true, outcome };
    });
    done();
  });
}
