/**
 * Settings > Amazon Deferred Transactions: whether the account posts the proceeds Amazon holds back
 * (orders not delivered yet) as month-by-month Deferred Transactions settlements. The switch is the
 * account feature amazonDeferredTransactionEnabled; only Amazon accounts have it.
 */
import { z } from 'zod';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';

const accountKey = accountKeySchema;

export const amazonDeferredTransactionsSettingsSchema = z
  .object({
    accountKey: z.string(),
    amazonDeferredTransactionEnabled: z.boolean(),
    /** Deferred Transactions settlements the account has (duplicates not counted). */
    settlementCount: z.number().int(),
    /** False for view-only users: they see the setting but cannot change it. */
    canEdit: z.boolean(),
  })
  .meta({ id: 'AmazonDeferredTransactionsSettings' });
export type AmazonDeferredTransactionsSettings = z.infer<typeof amazonDeferredTransactionsSettingsSchema>;

export const saveAmazonDeferredTransactionsBodySchema = z.strictObject({ amazonDeferredTransactionEnabled: z.boolean() });
export type SaveAmazonDeferredTransactions = z.infer<typeof saveAmazonDeferredTransactionsBodySchema>;

export const getAmazonDeferredTransactionsSettings = defineEndpoint({
  method: 'GET',
  url: '/account-settings/amazon-deferred-transactions',
  summary: 'Whether an Amazon account posts its deferred transactions, and how many Deferred Transactions settlements it has.',
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: amazonDeferredTransactionsSettingsSchema,
});

export const saveAmazonDeferredTransactionsSettings = defineEndpoint({
  method: 'POST',
  url: '/account-settings/amazon-deferred-transactions',
  summary: 'Turn the posting of Amazon deferred transactions on or off for an Amazon account (audited; the next fetch follows it).',
  tag: 'account',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: saveAmazonDeferredTransactionsBodySchema,
  response: amazonDeferredTransactionsSettingsSchema,
});
