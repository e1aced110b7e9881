/**
 * What a reprocess of a posted settlement would change (issue 28, decision 0062): core's diffPostings
 * of the posted documents against the ones built now, document by document and line by line, with the
 * net per account. Amounts are exact decimal strings, signed debit-positive (a credit is negative).
 * The preview token names exactly what was shown; the confirm sends it back and is refused when the
 * settlement, its documents or what they would be built as changed since.
 */
import { z } from 'zod';
import { decimalAmountSchema } from './money';

export const diffLineSideSchema = z.object({
  accountCode: z.string(),
  accountName: z.string(),
  taxRateCode: z.string(),
  /** Debit positive, credit negative. */
  amount: decimalAmountSchema,
  tracking: z.string(),
});

export const diffDocumentSideSchema = z.object({ number: z.string(), date: z.string(), currency: z.string() });

export const documentDiffSchema = z.object({
  partIndex: z.number().int(),
  month: z.string(),
  /** Null: nothing was posted for this part (a new document). */
  before: diffDocumentSideSchema.nullable(),
  /** Null: the part is no longer built (its document is only reversed). */
  after: diffDocumentSideSchema.nullable(),
  /** The lines that change; null before: a new line; null after: a line that goes. */
  lines: z.array(z.object({ role: z.string(), description: z.string(), before: diffLineSideSchema.nullable(), after: diffLineSideSchema.nullable() })),
});

export const accountNetSchema = z.object({
  currency: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  before: decimalAmountSchema,
  after: decimalAmountSchema,
  change: decimalAmountSchema,
});

export const movedAmountSchema = z.object({ currency: z.string(), amount: decimalAmountSchema });

/** The preview token: sent back with confirm=true. */
export const previewTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, 'previewToken must be the token of a reprocess preview.');

/** A diff as kept with the settlement's history (core's PostingDiffText). */
export const postingDiffSchema = z
  .object({
    documents: z.array(documentDiffSchema),
    /** Every account either side posts to; change is after minus before. */
    accountNets: z.array(accountNetSchema),
    /** Per currency, what moves from some accounts to others. */
    moved: z.array(movedAmountSchema),
  })
  .meta({ id: 'PostingDiff' });
export type PostingDiffBody = z.infer<typeof postingDiffSchema>;

export const reprocessPreviewSchema = postingDiffSchema
  .extend({
    hasChanges: z.boolean(),
    previewToken: z.string(),
    /** How many posted documents would be reversed, and how many new ones posted. */
    reverseCount: z.number().int(),
    postCount: z.number().int(),
  })
  .meta({ id: 'ReprocessPreview' });
export type ReprocessPreview = z.infer<typeof reprocessPreviewSchema>;
export type DocumentDiffBody = z.infer<typeof documentDiffSchema>;
export type AccountNetBody = z.infer<typeof accountNetSchema>;
