/**
 * Clarity (issue 19, decision 0037): an organization's saved analyses, and the documents of an
 * organization or of its accounting firm.
 * - clarity_analyses: one named definition (measures, dimensions, period, chart or table) per row,
 *   owned by an organization; names are unique inside an organization, whatever their case.
 * - clarity_documents: the file bytes are stored in the row (bytea, at most 5 MB each: the limit is
 *   checked by the server), so a document, its row and its audit line are written in one transaction
 *   and backed up with the database. owner_kind 'organization' keys on the organization id,
 *   'firm' on the firm's partner code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('clarity_analyses')
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.organization_id').onDelete('cascade'),
    )
    .addColumn('analysis_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('clarity_analyses_pk', ['organization_id', 'analysis_id'])
    .execute();
  await sql`create unique index clarity_analyses_name on clarity_analyses (organization_id, lower(name))`.execute(
    db,
  );
  await db.schema
    .createTable('clarity_documents')
    .addColumn('owner_kind', 'text', (c) => c.notNull().check(sql`owner_kind in ('organization', 'firm')`))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('uploaded_by', 'text')
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('clarity_documents_pk', ['owner_kind', 'owner_id', 'document_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('clarity_documents').execute();
  await db.schema.dropTable('clarity_analyses').execute();
}
