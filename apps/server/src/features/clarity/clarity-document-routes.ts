/**
 * Clarity documents (issue 19, decision 0037): the organization's documents (scope organization) and
 * its accounting firm's (scope firm, the Firm page). Bytes are stored in the row, at most
 * CLARITY_DOCUMENT_BYTES_MAX, of the types in CLARITY_DOCUMENT_TYPES (by extension, checked against
 * the file's first bytes for PDF, PNG, JPEG and the Office formats). Everyone who can open the
 * organization's Clarity lists and downloads; members who may write upload and delete the
 * organization's; only the firm itself (or a root admin) changes the firm's.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import {
  CLARITY_DOCUMENT_BYTES_MAX,
  CLARITY_DOCUMENT_TYPES,
  deleteClarityDocument,
  downloadClarityDocument,
  findTextProblem,
  listClarityDocuments,
  uploadClarityDocument,
  type ClarityDocument,
} from '@ledgerport/contract';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import type { Caller } from '../../http/caller';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { assertClarityAllowed, getClarityOrganization } from './clarity-organization';
import { isDocumentContentOfType } from './document-signature';

type Scope = 'organization' | 'firm';

/** The owner of the documents a call names, and whether the caller may change them. */
async function getDocumentOwner(db: Kysely<Database>, caller: Caller, organizationId: string, scope: Scope) {
  const org = await getClarityOrganization(db, caller, organizationId);
  if (scope === 'organization')
    return { org, ownerKind: scope, ownerId: org.organizationId, canChange: org.canChangeDocuments };
  if (org.firmCode === null)
    throw new AppError('clarity.no-firm', `${org.name} has no accounting firm, so there is no firm page.`, {
      organizationId,
    });
  return { org, ownerKind: scope, ownerId: org.firmCode, canChange: org.canChangeFirmDocuments };
}

const toDocument = (r: {
  document_id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  uploaded_by: string | null;
  uploaded_at: Date;
}): ClarityDocument => ({
  documentId: r.document_id,
  fileName: r.file_name,
  contentType: r.content_type,
  sizeBytes: r.size_bytes,
  uploadedBy: r.uploaded_by,
  uploadedAt: r.uploaded_at.toISOString(),
});

const COLUMNS = [
  'document_id',
  'file_name',
  'content_type',
  'size_bytes',
  'uploaded_by',
  'uploaded_at',
] as const;
const ALLOWED = Object.keys(CLARITY_DOCUMENT_TYPES)
  .map((e) => e.toUpperCase())
  .join(', ');

export function registerClarityDocumentRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  const notFound = (documentId: string) =>
    new AppError(
      'clarity.document-not-found',
      `There is no document "${documentId}" here. It may have been deleted.`,
      { documentId },
    );

  addRoute(app, deps, listClarityDocuments, async ({ caller, query }) => {
    const owner = await getDocumentOwner(db, caller, query.organizationId, query.scope);
    const rows = await db
      .selectFrom('clarity_documents')
      .select(COLUMNS)
      .where('owner_kind', '=', owner.ownerKind)
      .where('owner_id', '=', owner.ownerId)
      .orderBy('uploaded_at', 'desc')
      .orderBy('document_id')
      .execute();
    return { documents: rows.map(toDocument) };
  });

  addRoute(app, deps, downloadClarityDocument, async ({ caller, params, query, reply }) => {
    const owner = await getDocumentOwner(db, caller, query.organizationId, query.scope);
    const doc = await db
      .selectFrom('clarity_documents')
      .select(['file_name', 'content_type', 'content'])
      .where('owner_kind', '=', owner.ownerKind)
      .where('owner_id', '=', owner.ownerId)
      .where('document_id', '=', params.documentId)
      .executeTakeFirst();
    if (!doc) throw notFound(params.documentId);
    await reply
      .header('content-type', doc.content_type)
      .header(
        'content-disposition',
        `attachment; filename="${doc.file_name.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(doc.file_name)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(doc.content));
  });

  addRoute(app, deps, deleteClarityDocument, async ({ caller, params, query }) => {
    const owner = await getDocumentOwner(db, caller, query.organizationId, query.scope);
    const doc = await db
      .selectFrom('clarity_documents')
      .select(COLUMNS)
      .where('owner_kind', '=', owner.ownerKind)
      .where('owner_id', '=', owner.ownerId)
      .where('document_id', '=', params.documentId)
      .executeTakeFirst();
    if (!doc) throw notFound(params.documentId);
    assertClarityAllowed(
      owner.canChange,
      query.scope === 'firm' ? "delete the firm's documents" : 'delete documents',
    );
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('clarity_documents')
        .where('owner_kind', '=', owner.ownerKind)
        .where('owner_id', '=', owner.ownerId)
        .where('document_id', '=', params.documentId)
        .execute();
      await recordAudit(trx, {
        actorUserId: caller.userId,
        organizationId: owner.org.organizationId,
        action: 'clarity.document-deleted',
        entityType: 'clarity-document',
        entityId: params.documentId,
        before: { scope: query.scope, fileName: doc.file_name, sizeBytes: doc.size_bytes },
        at: now,
      });
    });
  });

  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: CLARITY_DOCUMENT_BYTES_MAX, files: 1, fields: 0 },
    });
    addRoute(scope, deps, uploadClarityDocument, async ({ caller, query, request }) => {
      const owner = await getDocumentOwner(db, caller, query.organizationId, query.scope);
      assertClarityAllowed(
        owner.canChange,
        query.scope === 'firm' ? "upload the firm's documents" : 'upload documents',
      );
      if (!request.isMultipart())
        throw new AppError(
          'request.unsupported-media-type',
          'Upload the document as multipart/form-data, in a part named file.',
        );
      const part = await request.file();
      if (!part) throw new AppError('request.invalid', 'Choose a document to upload (a part named file).');
      const fileName = part.filename.trim();
      const problem = findTextProblem(fileName);
      if (problem)
        throw new AppError(
          'request.invalid',
          `The file name ${JSON.stringify(fileName)} ${problem}; rename the file and upload it again.`,
          { file: fileName },
        );
      if (fileName.length === 0 || fileName.length > 200)
        throw new AppError(
          'request.invalid',
          'The file name must have 1 to 200 characters; rename the file and upload it again.',
          { file: fileName },
        );
      const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
      const contentType = CLARITY_DOCUMENT_TYPES[extension];
      if (!contentType)
        throw new AppError(
          'request.invalid',
          `${fileName} is not a document type Clarity keeps. Upload one of: ${ALLOWED}.`,
          { file: fileName },
        );
      const tooLarge = () =>
        new AppError(
          'request.too-large',
          `${fileName} is larger than ${CLARITY_DOCUMENT_BYTES_MAX / 1024 / 1024} MB; nothing was uploaded.`,
          { file: fileName },
        );
      const bytes = await part.toBuffer().catch((error: unknown) => {
        throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
      });
      if (part.file.truncated) throw tooLarge();
      if (bytes.length === 0)
        throw new AppError('request.invalid', `${fileName} is empty; nothing was uploaded.`, {
          file: fileName,
        });
      if (!isDocumentContentOfType(bytes, extension))
        throw new AppError(
          'request.invalid',
          `${fileName} does not look like a ${extension.toUpperCase()} file; nothing was uploaded.`,
          { file: fileName },
        );
      const now = clock();
      const documentId = `doc-${randomUUID()}`;
      const actor = await db
        .selectFrom('users')
        .select('name')
        .where('user_id', '=', caller.userId)
        .executeTakeFirst();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('clarity_documents')
          .values({
            owner_kind: owner.ownerKind,
            owner_id: owner.ownerId,
            document_id: documentId,
            file_name: fileName,
            content_type: contentType,
            size_bytes: bytes.length,
            content: bytes,
            uploaded_by: actor?.name ?? null,
            uploaded_at: now,
          })
          .execute();
        await recordAudit(trx, {
          actorUserId: caller.userId,
          organizationId: owner.org.organizationId,
          action: 'clarity.document-uploaded',
          entityType: 'clarity-document',
          entityId: documentId,
          after: { scope: query.scope, fileName, sizeBytes: bytes.length, by: actor?.name ?? null },
          at: now,
        });
      });
      return {
        documentId,
        fileName,
        contentType,
        sizeBytes: bytes.length,
        uploadedBy: actor?.name ?? null,
        uploadedAt: now.toISOString(),
      };
    });
  });
}
