/**
 * Postings (spec section 2, /invoices and /invoice): every document an account has sent to its
 * accounting system or built-in ledger (settlement_documents), where it lives there, and one
 * document with its lines, each line naming the settlement rows it summarises (its selector, read
 * page by page through /settlement/lines).
 */
import { z } from 'zod';
import { DOCUMENT_CLASSES, POSTED_DOCUMENT_STATUSES } from '@ledgerport/core/posting';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { isoDateSchema } from './iso-date';
import { decimalAmountSchema } from './money';
import { safeTextSchema } from './safe-text';
import { salesChannelSchema } from './enums';
import { paginationSchema, settlementDocumentSchema } from './settlements';

export const postedDocumentStatusSchema = z.enum(POSTED_DOCUMENT_STATUSES);
export const documentClassSchema = z.enum(DOCUMENT_CLASSES);

export const postingSchema = z
  .object({
    documentId: z.string(),
    /** The document's number as built ('AMZ-7293436482', '-2' for a second month part). */
    number: z.string(),
    /** Local date of the document 'YYYY-MM-DD'. */
    date: z.string(),
    /** core's DocumentKind ('xero-invoice', 'qbo-journal-entry'...), its label and its class. */
    kind: z.string(),
    kindLabel: z.string(),
    documentClass: documentClassSchema,
    status: postedDocumentStatusSchema,
    statusLabel: z.string(),
    settlementKey: z.string(),
    /** The channel's own settlement id. */
    settlementId: z.string(),
    /** The marketplace shown in the settlement list's channel column. */
    channel: z.string(),
    salesSource: salesChannelSchema,
    currency: z.string(),
    /** What reaches the clearing account with this document (the deposit on the last part). */
    total: decimalAmountSchema,
    part: z.object({ index: z.number().int(), count: z.number().int(), month: z.string() }),
    system: z.string(),
    systemName: z.string(),
    /** The system's id and number of the document (the ledger journal id for MANUAL); null until posted. */
    remoteId: z.string().nullable(),
    remoteNumber: z.string().nullable(),
    remoteType: z.string().nullable(),
    /** The document's page in the system's web app; null when it has none (built-in ledger, Sage). */
    remoteUrl: z.string().nullable(),
    /** MANUAL: the built-in ledger's journal of it, and the reversal journal once reversed. */
    ledgerJournalId: z.string().nullable(),
    reversalJournalId: z.string().nullable(),
    postedAt: z.string().nullable(),
    reversedAt: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'Posting' });
export type Posting = z.infer<typeof postingSchema>;

export const postingSortKeys = ['date', 'postedAt', 'number', 'total', 'kind', 'status', 'currency', 'settlementId'] as const;

const listOf = <T extends string>(values: readonly T[], name: string) =>
  z
    .string()
    .regex(new RegExp(`^(${values.join('|')})(,(${values.join('|')}))*$`), `${name} is a comma-separated list of ${values.join(', ')}.`)
    .transform((text) => [...new Set(text.split(','))] as T[]);

export const listPostings = defineEndpoint({
  method: 'GET',
  url: '/postings',
  summary:
    "One page of an account's posted documents (invoices, bills, journals), newest first unless sort says otherwise; filters by status, class, currency, date range (document date) and text (number, id in the system, settlement id).",
  tag: 'postings',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({
    accountKey: accountKeySchema,
    page: z.coerce.number().int('page must be a whole number.').min(0, 'page starts at 0.').max(100_000).default(0),
    size: z.coerce.number().int('size must be a whole number.').min(1, 'size must be at least 1.').max(100, 'size must be at most 100.').default(10),
    sort: z
      .string()
      .regex(new RegExp(`^(${postingSortKeys.join('|')})(,(asc|desc))?$`), `sort must be a column (${postingSortKeys.join(', ')}) optionally followed by ,asc or ,desc.`)
      .optional(),
    status: listOf(POSTED_DOCUMENT_STATUSES, 'status').optional(),
    documentClass: listOf(DOCUMENT_CLASSES, 'documentClass').optional(),
    currency: z.string().regex(/^[A-Z]{3}$/, 'currency is a 3-letter code.').optional(),
    start: isoDateSchema.optional(),
    end: isoDateSchema.optional(),
    text: safeTextSchema.trim().max(200, 'text is at most 200 characters.').optional(),
  }),
  response: z
    .object({
      postings: z.array(postingSchema),
      pagination: paginationSchema,
      /** The currencies of the account's documents, for the currency filter. */
      currencies: z.array(z.string()),
      /** Whether the account has any document at all (the empty state says how to post one). */
      hasAny: z.boolean(),
    })
    .meta({ id: 'PostingPage' }),
});

export const getPosting = defineEndpoint({
  method: 'GET',
  url: '/posting',
  summary: 'One posted document: where it lives and its lines, each with the selector of the settlement rows it summarises (drill down with /settlement/lines).',
  tag: 'postings',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ documentId: safeTextSchema.trim().min(1, 'The documentId is missing.').max(100, 'The documentId is too long.') }),
  response: z
    .object({
      posting: postingSchema,
      /** The document as it was posted (lines, part, flags, mapping version). */
      document: settlementDocumentSchema,
      /** The clearing line aside, its lines read from the seller's side sum to this: always its total. */
      linesTotal: decimalAmountSchema,
    })
    .meta({ id: 'PostingDetail' }),
});
