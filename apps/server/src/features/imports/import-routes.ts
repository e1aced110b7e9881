/**
 * POST /settlement-import: streams each multipart file to disk (never whole in memory), refuses
 * what must be refused before anything is queued (another channel's file, a file over the size limit,
 * a trial account's fourth file), then queues one parsing job per file. GET answers the progress.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import {
  findTextProblem,
  getSettlementImport,
  listSettlementImports,
  TRIAL_FILES_MAX,
  uploadSettlementFiles,
  type SettlementImport,
} from '@ledgerport/contract';
import { pickParser } from '@ledgerport/core/channels';
import { CHANNEL_NAMES } from '@ledgerport/core/mapping';
import type { Channel } from '@ledgerport/core/settlements';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess, canAccessAccount } from '../accounts/account-access';
import { recordAudit } from '../../audit/record-audit';
import { assertBillingAllows } from '../billing/check-billing';
import { findImportAccount, IMPORT_SETTLEMENT_FILE_QUEUE, importFileJobKey, UNFINISHED_IMPORT_STATUSES } from './import-settlement-file-job';

const FILES_PER_UPLOAD_MAX = 20;
const HEAD_BYTES = 64 * 1024;

export function registerImportRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config } = deps;
  // Multipart parsing only in this scope; each file part is limited to the upload limit.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: config.uploadFileBytesMax, files: FILES_PER_UPLOAD_MAX, fields: 5 } });
    addRoute(scope, deps, uploadSettlementFiles, async ({ query, caller, request }) => {
      await assertAccountAccess(db, caller, query.accountKey);
      if (!request.isMultipart()) throw new AppError('request.unsupported-media-type', 'Upload the settlement files as multipart/form-data, in parts named file.');
      const account = await db.selectFrom('accounts').select(['plan_code', 'sales_channel']).where('account_key', '=', query.accountKey).executeTakeFirstOrThrow();
      const importId = `imp_${crypto.randomBytes(12).toString('base64url')}`;
      const dir = path.join(config.uploadDir, importId);
      fs.mkdirSync(dir, { recursive: true });
      const saved: { name: string; stored: string; size: number }[] = [];
      try {
        for await (const part of request.files()) {
          assertFileName(part.filename);
          const stored = path.join(dir, String(saved.length));
          await pipeline(part.file, fs.createWriteStream(stored));
          if (part.file.truncated) {
            throw new AppError('request.too-large', `The file ${part.filename} is larger than the upload limit of ${Math.round(config.uploadFileBytesMax / 1024 / 1024)} MB; nothing was loaded.`, { file: part.filename });
          }
          saved.push({ name: part.filename || `file-${saved.length + 1}`, stored, size: fs.statSync(stored).size });
        }
        if (saved.length === 0) throw new AppError('request.invalid', 'Choose at least one settlement file to upload (parts named file).');
        // Core's billing rule decides (a trial's three files); with billing off nothing is limited.
        if (account.plan_code === null && deps.config.billing) {
          await assertBillingAllows(deps, query.accountKey, { kind: 'upload', filesUsed: await countTrialFiles(db, query.accountKey), filesAdded: saved.length });
        }
        for (const file of saved) assertChannel(file, account.sales_channel as Channel);
        const at = deps.clock();
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('settlement_imports').values({ import_id: importId, account_key: query.accountKey, user_id: caller.userId, load_readable: query.loadReadable === 'true', created_at: at }).execute();
          await trx
            .insertInto('settlement_import_files')
            .values(saved.map((f, i) => ({ import_id: importId, file_index: i, account_key: query.accountKey, file_name: f.name, size_bytes: f.size, stored_path: f.stored, updated_at: at })))
            .execute();
          await recordAudit(trx, {
            actorUserId: caller.userId,
            accountKey: query.accountKey,
            action: 'settlement.uploaded',
            entityType: 'import',
            entityId: importId,
            after: { files: saved.map((f) => f.name), bytes: saved.reduce((n, f) => n + f.size, 0) },
            at,
          });
        });
      } catch (error) {
        // A refused or failed upload keeps nothing: no file is left on disk without its row.
        fs.rmSync(dir, { recursive: true, force: true });
        throw error;
      }
      deps.metrics.addUploadBytes(saved.reduce((n, f) => n + f.size, 0));
      // A crash before every job is queued leaves QUEUED files without a job: recover-settlement-imports queues them at the next start.
      for (let i = 0; i < saved.length; i++) await deps.jobs.send(IMPORT_SETTLEMENT_FILE_QUEUE, { accountKey: query.accountKey, importId, fileIndex: i }, { singletonKey: importFileJobKey(importId, i) });
      return getImport(db, importId);
    });
  });

  addRoute(app, deps, getSettlementImport, async ({ query, caller }) => {
    const accountKey = await findImportAccount(db, query.importId);
    if (!accountKey || !(await canAccessAccount(db, caller, accountKey))) throw new AppError('import.not-found', 'This upload does not exist or you do not have access to it.', { importId: query.importId });
    return getImport(db, query.importId);
  });

  addRoute(app, deps, listSettlementImports, async ({ query, caller }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const ids = await db.selectFrom('settlement_imports').select('import_id').where('account_key', '=', query.accountKey).orderBy('created_at', 'desc').limit(query.limit).execute();
    const imports = await Promise.all(ids.map((r) => getImport(db, r.import_id)));
    const account = await db.selectFrom('accounts').select('plan_code').where('account_key', '=', query.accountKey).executeTakeFirstOrThrow();
    const trialFilesLeft = account.plan_code === null && deps.config.billing ? Math.max(0, TRIAL_FILES_MAX - (await countTrialFiles(db, query.accountKey))) : null;
    return { imports, trialFilesLeft };
  });
}

/**
 * Files a trial account has used: those loaded and those still being imported. A file that failed,
 * was cut off by a restart and then failed, or loaded nothing for its problems does not count.
 */
async function countTrialFiles(db: Kysely<Database>, accountKey: string): Promise<number> {
  const row = await db
    .selectFrom('settlement_import_files')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_key', '=', accountKey)
    .where('status', 'in', [...UNFINISHED_IMPORT_STATUSES, 'LOADED'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A file name is text the database keeps: the contract's safe-text rule, refused before a byte of the file is written. */
function assertFileName(fileName: string): void {
  const problem = findTextProblem(fileName);
  if (problem) throw new AppError('request.invalid', `The file name ${JSON.stringify(fileName)} ${problem}; rename the file and upload it again.`, { file: fileName });
}

function assertChannel(file: { name: string; stored: string }, accountChannel: Channel): void {
  const fd = fs.openSync(file.stored, 'r');
  const head = Buffer.alloc(HEAD_BYTES);
  const length = fs.readSync(fd, head, 0, HEAD_BYTES, 0);
  fs.closeSync(fd);
  const text = new TextDecoder('utf-8').decode(head.subarray(0, length));
  const parser = pickParser(text, { fileName: file.name });
  if (parser && parser.channel !== accountChannel) {
    throw new AppError(
      'settlement.wrong-channel',
      `The file ${file.name} is a ${parser.label}, but this account's sales channel is ${CHANNEL_NAMES[accountChannel].name}. Upload it into a ${CHANNEL_NAMES[parser.channel].name} account; nothing was loaded.`,
      { file: file.name, fileChannel: parser.channel, accountChannel },
    );
  }
}

export async function getImport(db: Kysely<Database>, importId: string): Promise<SettlementImport> {
  const imp = await db.selectFrom('settlement_imports').selectAll().where('import_id', '=', importId).executeTakeFirstOrThrow();
  const files = await db.selectFrom('settlement_import_files').selectAll().where('account_key', '=', imp.account_key).where('import_id', '=', importId).orderBy('file_index').execute();
  return {
    importId,
    accountKey: imp.account_key,
    loadReadable: imp.load_readable,
    status: imp.status,
    created: imp.created_at.toISOString(),
    files: files.map((f) => ({
      fileIndex: f.file_index,
      fileName: f.file_name,
      sizeBytes: Number(f.size_bytes),
      status: f.status,
      progressPercent: f.progress_percent,
      format: f.format,
      settlements: f.settlements as SettlementImport['files'][number]['settlements'],
      problems: f.problems as SettlementImport['files'][number]['problems'],
      problemsOmitted: f.problems_omitted,
      message: f.message,
    })),
  };
}
