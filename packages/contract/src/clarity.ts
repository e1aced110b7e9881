/**
 * Clarity (issue 19, decision 0037): an organization's read-only analytics. The Home dashboard and
 * custom analyses read the report rollup of the organization's accounts; analyses are saved by name;
 * documents belong to the organization or to its accounting firm.
 */
import { z } from 'zod';
import { CLARITY_DIMENSIONS, CLARITY_MEASURES } from '@ledgerport/core/clarity';
import { defineEndpoint } from './endpoint';
import { isoDateSchema } from './iso-date';
import { safeTextSchema } from './safe-text';
import { salesChannelSchema } from './enums';

/** The longest period an analysis covers, in days (about three years of months). */
export const CLARITY_RANGE_DAYS_MAX = 1100;
/** Largest document, in bytes (stored in the database: decision 0037). */
export const CLARITY_DOCUMENT_BYTES_MAX = 5 * 1024 * 1024;
/** Document types accepted, by extension, with the type they are served as. */
export const CLARITY_DOCUMENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

const organizationId = safeTextSchema.trim().min(1, 'The organizationId is missing.').max(100);
const analysisId = safeTextSchema.trim().min(1, 'The analysisId is missing.').max(100);
const documentId = safeTextSchema.trim().min(1, 'The documentId is missing.').max(100);

export const clarityMeasureSchema = z.enum(CLARITY_MEASURES);
export const clarityDimensionSchema = z.enum(CLARITY_DIMENSIONS);

export const clarityDefinitionSchema = z
  .strictObject({
    measures: z
      .array(clarityMeasureSchema)
      .min(1, 'Choose at least one measure.')
      .max(CLARITY_MEASURES.length)
      .refine((m) => new Set(m).size === m.length, 'A measure is chosen twice.'),
    dimensions: z
      .array(clarityDimensionSchema)
      .max(3, 'Choose at most three dimensions.')
      .refine((d) => new Set(d).size === d.length, 'A dimension is chosen twice.'),
    start: isoDateSchema,
    end: isoDateSchema,
    display: z.enum(['chart', 'table']),
  })
  .meta({ id: 'ClarityDefinition' });
export type ClarityDefinition = z.infer<typeof clarityDefinitionSchema>;

export const clarityResultRowSchema = z.object({
  currency: z.string(),
  /** The value of each chosen dimension, in the order chosen. */
  keys: z.array(z.string()),
  /** A decimal string per chosen measure ('margin' in percent with two decimals, null without sales). */
  values: z.record(z.string(), z.string().nullable()),
});
export const clarityResultSchema = z
  .object({
    organizationId: z.string(),
    start: z.string(),
    end: z.string(),
    accountCount: z.number().int(),
    rows: z.array(clarityResultRowSchema),
  })
  .meta({ id: 'ClarityResult' });
export type ClarityResult = z.infer<typeof clarityResultSchema>;

export const clarityContextSchema = z
  .object({
    organizationId: z.string(),
    name: z.string(),
    firmCode: z.string().nullable(),
    level: z.enum(['read', 'write', 'manage']),
    canUseNewAnalysis: z.boolean(),
    canChangeDocuments: z.boolean(),
    canChangeFirmDocuments: z.boolean(),
    accounts: z.array(
      z.object({ accountKey: z.string(), name: z.string(), salesChannel: salesChannelSchema }),
    ),
  })
  .meta({ id: 'ClarityContext' });
export type ClarityContext = z.infer<typeof clarityContextSchema>;

export const savedAnalysisSchema = z
  .object({
    analysisId: z.string(),
    name: z.string(),
    definition: clarityDefinitionSchema,
    createdBy: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ClaritySavedAnalysis' });
export type SavedAnalysis = z.infer<typeof savedAnalysisSchema>;

export const clarityDocumentSchema = z
  .object({
    documentId: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    uploadedBy: z.string().nullable(),
    uploadedAt: z.string(),
  })
  .meta({ id: 'ClarityDocument' });
export type ClarityDocument = z.infer<typeof clarityDocumentSchema>;

const documentScope = z.enum(['organization', 'firm']);

export const getClarityContext = defineEndpoint({
  method: 'GET',
  url: '/clarity/context',
  summary:
    'The organization as Clarity shows it: its accounts the user may see, and what the user may do (New Analysis, documents).',
  tag: 'clarity',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ organizationId }),
  response: clarityContextSchema,
});

export const getClarityDashboard = defineEndpoint({
  method: 'GET',
  url: '/clarity/dashboard',
  summary:
    "Clarity Home: sales, fees, refunds, net and margin of the organization's accounts by month, account and channel, from the report rollup.",
  tag: 'clarity',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ organizationId, start: isoDateSchema, end: isoDateSchema }),
  response: z.object({
    byMonth: clarityResultSchema,
    byAccount: clarityResultSchema,
    byChannel: clarityResultSchema,
  }),
});

export const runClarityAnalysis = defineEndpoint({
  method: 'POST',
  url: '/clarity/analysis/run',
  summary:
    'Run a custom analysis (measures by dimensions over a period) on the organization’s accounts. Reads only.',
  tag: 'clarity',
  access: 'user',
  effect: 'read',
  body: z.strictObject({ organizationId, definition: clarityDefinitionSchema }),
  response: clarityResultSchema,
});

export const listClarityAnalyses = defineEndpoint({
  method: 'GET',
  url: '/clarity/analyses',
  summary: "The organization's saved analyses, by name.",
  tag: 'clarity',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ organizationId }),
  response: z.object({ analyses: z.array(savedAnalysisSchema) }),
});

export const saveClarityAnalysis = defineEndpoint({
  method: 'POST',
  url: '/clarity/analyses',
  summary:
    'Save an analysis under a name (a name already used in the organization replaces that analysis). Audited.',
  tag: 'clarity',
  access: 'user',
  effect: 'write',
  body: z.strictObject({
    organizationId,
    name: safeTextSchema
      .trim()
      .min(1, 'Enter a name for the analysis.')
      .max(100, 'The analysis name must be at most 100 characters.'),
    definition: clarityDefinitionSchema,
  }),
  response: savedAnalysisSchema,
});

export const deleteClarityAnalysis = defineEndpoint({
  method: 'DELETE',
  url: '/clarity/analyses/:analysisId',
  summary: 'Delete a saved analysis. Audited.',
  tag: 'clarity',
  access: 'user',
  effect: 'write',
  params: z.strictObject({ analysisId }),
  querystring: z.strictObject({ organizationId }),
  status: 204,
});

export const listClarityDocuments = defineEndpoint({
  method: 'GET',
  url: '/clarity/documents',
  summary:
    'The documents of the organization (scope organization) or of its accounting firm (scope firm), newest first.',
  tag: 'clarity',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ organizationId, scope: documentScope }),
  response: z.object({ documents: z.array(clarityDocumentSchema) }),
});

export const uploadClarityDocument = defineEndpoint({
  method: 'POST',
  url: '/clarity/documents',
  summary: `Upload one document (multipart, part named file; PDF, CSV, TXT, XLSX, DOCX, PNG or JPEG; at most ${CLARITY_DOCUMENT_BYTES_MAX / 1024 / 1024} MB). Audited.`,
  tag: 'clarity',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ organizationId, scope: documentScope }),
  response: clarityDocumentSchema,
});

export const downloadClarityDocument = defineEndpoint({
  method: 'GET',
  url: '/clarity/documents/:documentId',
  summary: 'Download a document (sent as an attachment).',
  tag: 'clarity',
  access: 'user',
  effect: 'read',
  params: z.strictObject({ documentId }),
  querystring: z.strictObject({ organizationId, scope: documentScope }),
});

export const deleteClarityDocument = defineEndpoint({
  method: 'DELETE',
  url: '/clarity/documents/:documentId',
  summary: 'Delete a document. Audited.',
  tag: 'clarity',
  access: 'user',
  effect: 'write',
  params: z.strictObject({ documentId }),
  querystring: z.strictObject({ organizationId, scope: documentScope }),
  status: 204,
});
