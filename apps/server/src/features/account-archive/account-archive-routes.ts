/**
 * GET /account/export: the owner downloads the account's archive (the contract's `manage` effect: the
 * account's owner, an administrator of its organization; anyone else gets 403, another account's
 * user 404). POST /backend/account-import: staff import an archive as a new account owned by the
 * user named by ownerEmail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { exportAccountArchive, importAccountArchive as importAccountArchiveEndpoint } from '@ledgerport/contract';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { recordAudit } from '../../audit/record-audit';
import { assertAccountAccess } from '../accounts/account-access';
import { ArchiveImportError } from './account-archive-format';
import { accountArchiveStream } from './export-account-archive';
import { importAccountArchive } from './import-account-archive';

/** The largest archive the backend takes in one upload (the command line takes any size). */
const ARCHIVE_UPLOAD_BYTES_MAX = 2 * 1024 * 1024 * 1024;

export function registerAccountArchiveRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config } = deps;

  addRoute(app, deps, exportAccountArchive, async ({ caller, query, reply }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const now = deps.clock();
    await recordAudit(db, { actorUserId: caller.userId, accountKey: query.accountKey, action: 'account.exported', entityType: 'account', entityId: query.accountKey, at: now });
    const name = `ledgerport-${query.accountKey}-${now.toISOString().slice(0, 10)}.tar.gz`;
    reply.header('content-type', 'application/gzip').header('content-disposition', `attachment; filename="${name}"`);
    return reply.send(accountArchiveStream(db, query.accountKey, now));
  });

  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: ARCHIVE_UPLOAD_BYTES_MAX, files: 1, fields: 5 } });
    addRoute(scope, deps, importAccountArchiveEndpoint, async ({ query, request }) => {
      if (!request.isMultipart()) throw new AppError('request.unsupported-media-type', 'Upload the archive as multipart/form-data, in a part named file.');
      const owner = await db.selectFrom('users').select('user_id').where((eb) => eb(eb.fn('lower', ['email']), '=', query.ownerEmail.toLowerCase())).executeTakeFirst();
      if (!owner) throw new AppError('request.invalid', `No user signs in as ${query.ownerEmail}; the new account needs an owner with a login here.`, { ownerEmail: query.ownerEmail });
      const part = await request.file();
      if (!part) throw new AppError('request.invalid', 'Choose the archive to import (a part named file).');
      // To disk first: the import reads it in one transaction, which must not wait on the client's upload.
      fs.mkdirSync(config.uploadDir, { recursive: true });
      const stored = path.join(fs.mkdtempSync(path.join(config.uploadDir, 'archive-')), 'archive.tar.gz');
      try {
        await pipeline(part.file, fs.createWriteStream(stored));
        if (part.file.truncated) throw new AppError('request.too-large', `The archive is larger than ${ARCHIVE_UPLOAD_BYTES_MAX / 1024 / 1024} MB; import it with npx ledgerport account import.`);
        return await importAccountArchive(db, fs.createReadStream(stored), { importerUserId: owner.user_id, uploadDir: config.uploadDir, now: deps.clock() });
      } catch (error) {
        if (error instanceof ArchiveImportError) throw new AppError('request.invalid', error.message, { file: part.filename });
        throw error;
      } finally {
        fs.rmSync(path.dirname(stored), { recursive: true, force: true });
      }
    });
  });
}
