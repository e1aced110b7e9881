/**
 * Uploading settlement files (issue 5 "Import"): POST /settlement-import (multipart, one or many
 * files) answers an import id at once; parsing runs as a background job whose progress the web
 * polls with GET /settlement-import. A file with problems creates nothing unless the upload said
 * loadReadable=true (the user chose to load the readable settlements).
 */
import { z } from 'zod';
import { TRIAL_FILES_MAX } from './limits';
import { safeTextSchema } from './safe-text';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';

const accountKey = accountKeySchema;
export const importIdSchema = safeTextSchema.trim().min(1, 'The importId is missing.').max(100);

export { TRIAL_FILES_MAX };
/** The spec's trial text (section 1), shown when a trial account uploads a fourth file. */
export { TRIAL_FILES_MESSAGE as trialFileLimitMessage } from '@ledgerport/core/billing';

/** QUEUED, PARSING (progress moves), STORING, LOADED (stored), PROBLEMS (nothing stored: see problems), FAILED. */
export const importFileStatusSchema = z.enum(['QUEUED', 'PARSING', 'STORING', 'LOADED', 'PROBLEMS', 'FAILED']);
export type ImportFileStatus = z.infer<typeof importFileStatusSchema>;

export const parseProblemSchema = z.object({ file: z.string(), row: z.number().int(), column: z.string().nullable(), message: z.string() });
export type ParseProblemBody = z.infer<typeof parseProblemSchema>;

export const importedSettlementSchema = z.object({
  settlementKey: z.string(),
  settlementId: z.string(),
  currency: z.string(),
  total: z.string().nullable(),
  lineCount: z.number().int(),
  /** created: new; completed: an open settlement completed or replaced by this data; duplicate: already loaded. */
  outcome: z.enum(['created', 'completed', 'duplicate']),
  /** For a duplicate: the settlementKey it repeats. */
  duplicateOf: z.string().nullable(),
});
export type ImportedSettlement = z.infer<typeof importedSettlementSchema>;

export const importFileSchema = z.object({
  fileIndex: z.number().int(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  status: importFileStatusSchema,
  /** 0 to 100: share of the file read, then stored. */
  progressPercent: z.number().int(),
  /** The report format recognised (e.g. 'amazon-v2'), null before parsing. */
  format: z.string().nullable(),
  settlements: z.array(importedSettlementSchema),
  problems: z.array(parseProblemSchema),
  /** Problems beyond those listed (only the first 500 are kept). */
  problemsOmitted: z.number().int(),
  /** A sentence about the outcome ('2 settlements loaded', 'Nothing was loaded: 3 rows have problems'). */
  message: z.string().nullable(),
});
export type ImportFile = z.infer<typeof importFileSchema>;

export const settlementImportSchema = z
  .object({
    importId: z.string(),
    accountKey: z.string(),
    loadReadable: z.boolean(),
    status: z.enum(['QUEUED', 'RUNNING', 'DONE']),
    created: z.string(),
    files: z.array(importFileSchema),
  })
  .meta({ id: 'SettlementImport' });
export type SettlementImport = z.infer<typeof settlementImportSchema>;

/**
 * Multipart form: one or more parts named `file`. The body is streamed to disk; each file may be at
 * most the server's upload limit (LEDGERPORT_UPLOAD_MAX_MB, default 512 MB). Files of another channel
 * than the account's are refused before anything is queued.
 */
export const uploadSettlementFiles = defineEndpoint({
  method: 'POST',
  url: '/settlement-import',
  summary: 'Upload settlement files (multipart, parts named file) into an account; parsing runs in the background. Trial accounts: three files.',
  tag: 'imports',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey, loadReadable: z.enum(['true', 'false']).optional() }),
  response: settlementImportSchema,
});

export const getSettlementImport = defineEndpoint({
  method: 'GET',
  url: '/settlement-import',
  summary: 'An upload with its per-file status, progress, settlements created, duplicates and problems.',
  tag: 'imports',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ importId: importIdSchema }),
  response: settlementImportSchema,
});

export const listSettlementImports = defineEndpoint({
  method: 'GET',
  url: '/settlement-imports',
  summary: "An account's latest uploads (newest first) and how many files a trial account has left.",
  tag: 'imports',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey, limit: z.coerce.number().int().min(1).max(100).default(20) }),
  response: z.object({ imports: z.array(settlementImportSchema), trialFilesLeft: z.number().int().nullable() }),
});
