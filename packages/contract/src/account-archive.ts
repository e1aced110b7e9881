/**
 * An account's data as one archive (issue 31, decision 0066): the owner downloads it from Settings,
 * staff import one as a new account from the backend (`npx ledgerport account import` does the same on
 * the command line). The archive is a gzipped tar of JSON Lines per table, the kept uploaded files and
 * a manifest naming the format version (apps/server/src/features/account-archive/account-archive-format.ts).
 */
import { z } from 'zod';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';

export const exportAccountArchive = defineEndpoint({
  method: 'GET',
  url: '/account/export',
  summary: "Download the account's whole data as one archive (.tar.gz: JSON Lines per table, the kept uploaded files, a manifest). The account's owner only.",
  tag: 'account',
  access: 'user',
  effect: 'manage',
  querystring: z.strictObject({ accountKey: accountKeySchema }),
});

export const importedAccountSchema = z
  .object({
    accountKey: z.string(),
    accountName: z.string(),
    /** Rows imported per table. */
    rows: z.record(z.string(), z.number().int()),
    /** Kept uploaded files the archive carried. */
    files: z.number().int(),
  })
  .meta({ id: 'ImportedAccount' });
export type ImportedAccount = z.infer<typeof importedAccountSchema>;

/** Multipart form: one part named file, the archive. */
export const importAccountArchive = defineEndpoint({
  method: 'POST',
  url: '/backend/account-import',
  summary: 'Import an account archive as a new account (new key and ids) owned by the user with ownerEmail (admin only). Multipart, one part named file.',
  tag: 'backend',
  access: 'admin',
  effect: 'write',
  querystring: z.strictObject({ ownerEmail: z.email('ownerEmail must be an email address.').max(320, 'ownerEmail is too long.') }),
  response: importedAccountSchema,
});
