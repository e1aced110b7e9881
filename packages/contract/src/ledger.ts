/**
 * The built-in ledger of MANUAL accounts: immutable journals (a correction is a reversal plus a new
 * journal), the trial balance, one account's ledger, and downloads in every export format of core.
 */
import { z } from 'zod';
import { isoDateSchema } from './iso-date';
import { safeTextSchema } from './safe-text';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { decimalAmountSchema } from './money';
import { paginationSchema } from './settlements';

const accountKey = accountKeySchema;

/** core's EXPORT_FORMATS. */
export const ledgerExportFormats = ['csv', 'iif', 'qbo-csv', 'xero-journal-csv', 'xero-invoice-csv', 'sage-csv', 'hledger', 'beancount', 'json'] as const;
export const ledgerExportFormatSchema = z.enum(ledgerExportFormats, { error: `format must be one of ${ledgerExportFormats.join(', ')}.` });

export const trialBalanceRowSchema = z.object({
  accountCode: z.string(),
  accountName: z.string(),
  currency: z.string(),
  debits: decimalAmountSchema,
  credits: decimalAmountSchema,
  /** debits - credits. */
  balance: decimalAmountSchema,
});

export const getTrialBalance = defineEndpoint({
  method: 'GET',
  url: '/ledger/trial-balance',
  summary: "The built-in ledger's balances per account and currency (through a date when given).",
  tag: 'ledger',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey, throughDate: isoDateSchema.optional() }),
  response: z.object({ rows: z.array(trialBalanceRowSchema), journalCount: z.number().int() }).meta({ id: 'TrialBalance' }),
});

export const getAccountLedger = defineEndpoint({
  method: 'GET',
  url: '/ledger/account',
  summary: 'Every movement of one ledger account in one currency with a running balance.',
  tag: 'ledger',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey, accountCode: safeTextSchema.min(1).max(100), currency: z.string().regex(/^[A-Z]{3}$/, 'currency is a 3-letter code.') }),
  response: z.object({
    accountCode: z.string(),
    accountName: z.string(),
    currency: z.string(),
    entries: z.array(
      z.object({ journalId: z.string(), date: z.string(), number: z.string(), description: z.string(), amount: decimalAmountSchema, runningBalance: decimalAmountSchema }),
    ),
  }),
});

export const journalSchema = z
  .object({
    journalId: z.string(),
    date: z.string(),
    number: z.string(),
    description: z.string(),
    currency: z.string(),
    settlementKey: z.string().nullable(),
    mappingVersion: z.string().nullable(),
    reversesId: z.string().nullable(),
    reversedById: z.string().nullable(),
    created: z.string(),
    lines: z.array(z.object({ accountCode: z.string(), accountName: z.string(), side: z.enum(['debit', 'credit']), amount: decimalAmountSchema, description: z.string() })),
  })
  .meta({ id: 'Journal' });
export type Journal = z.infer<typeof journalSchema>;

export const listJournals = defineEndpoint({
  method: 'GET',
  url: '/ledger/journals',
  summary: "The built-in ledger's journals, newest first (one settlement's when settlementKey is given).",
  tag: 'ledger',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({
    accountKey,
    settlementKey: safeTextSchema.min(1).max(100).optional(),
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(100).default(25),
  }),
  response: z.object({ journals: z.array(journalSchema), pagination: paginationSchema }),
});

export const exportLedger = defineEndpoint({
  method: 'GET',
  url: '/ledger/export',
  summary:
    'Download the documents posted to the built-in ledger (optionally dated within [start, end]) in one export format. Formats that split into several files answer part 1 unless part is given; X-Export-Parts says how many.',
  tag: 'ledger',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({
    accountKey,
    format: ledgerExportFormatSchema,
    start: isoDateSchema.optional(),
    end: isoDateSchema.optional(),
    part: z.coerce.number().int().min(1).default(1),
  }),
});
