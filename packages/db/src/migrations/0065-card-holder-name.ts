/**
 * Issue 30 (spec section 9, card display): the subscription's card also shows the card holder's name,
 * as Stripe keeps it on the payment method (billing_details.name). Null where Stripe has none.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billing_subscriptions').addColumn('card_holder_name', 'text').execute();
}
