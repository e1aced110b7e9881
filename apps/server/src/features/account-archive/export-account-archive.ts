/**
 * Writes one account's archive (format in account-archive-format.ts) as a gzipped tar stream: every
 * table with an account_key (less TABLES_LEFT_OUT) in dependency order, only the rows of that account,
 * a page at a time, then the uploaded files the instance still keeps for it. Nothing of another account
 * can enter: every page is read with `account_key = <this account>`, and the accounts row by its key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import tar, { type Pack } from 'tar-stream';
import { inDependencyOrder, readCatalog, readTablePages, type Catalog, type CatalogTable, type Database } from '@ledgerport/db';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, END_ENTRY, MANIFEST_ENTRY, TABLES_LEFT_OUT, tablePartEntry, type ArchiveEnd, type ArchiveManifest } from './account-archive-format';

const PAGE_ROWS = 2_000;

/** The tables an archive holds, in the order they are written (parents first). */
export function archivedTables(catalog: Catalog): CatalogTable[] {
  const holding = catalog.tables.filter((t) => t.columns.some((c) => c.name === 'account_key') && !Object.hasOwn(TABLES_LEFT_OUT, t.name));
  const byName = new Map(holding.map((t) => [t.name, t]));
  return inDependencyOrder(catalog, holding.map((t) => t.name)).map((name) => byName.get(name)!);
}

/** The archive of `accountKey` as a gzipped tar stream; an error while writing destroys the stream with it. */
export function accountArchiveStream(db: Kysely<Database>, accountKey: string, now: Date): Readable {
  const pack = tar.pack();
  const gzip = zlib.createGzip();
  const out = Readable.from(pack).pipe(gzip);
  void writeArchive(db, accountKey, now, pack).catch((error: unknown) => {
    const failure = error instanceof Error ? error : new Error(String(error));
    pack.destroy(failure);
    out.destroy(failure);
  });
  return out;
}

async function writeArchive(db: Kysely<Database>, accountKey: string, now: Date, pack: Pack): Promise<void> {
  const catalog = await readCatalog(db);
  const tables = archivedTables(catalog);
  const account = await db.selectFrom('accounts').select(['account_key', 'account_name']).where('account_key', '=', accountKey).executeTakeFirstOrThrow();
  const people = await sql<{ userId: string; email: string; role: string }>`select u.user_id as "userId", u.email, m.role from account_memberships m join users u on u.user_id = m.user_id
    where m.account_key = ${accountKey} order by u.user_id`.execute(db);
  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    accountKey,
    accountName: account.account_name,
    tables: tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => ({ name: c.name, type: c.type })) })),
    people: people.rows,
  };
  await addEntry(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
  const end: ArchiveEnd = { rows: {}, files: 0 };
  const keptFiles: { entry: string; stored: string }[] = [];
  for (const table of tables) {
    let part = 0;
    let rows = 0;
    const storedAt = table.name === 'settlement_import_files' ? table.columns.findIndex((c) => c.name === 'stored_path') : -1;
    for await (const page of readTablePages(db, table, { pageSize: PAGE_ROWS, where: ['account_key', accountKey] })) {
      let text = '';
      for (const row of page) {
        if (storedAt >= 0 && row[storedAt]) row[storedAt] = keptFile(row, table, storedAt, keptFiles);
        const object: Record<string, string | null> = {};
        table.columns.forEach((c, i) => (object[c.name] = row[i]!));
        text += `${JSON.stringify(object)}\n`;
      }
      await addEntry(pack, tablePartEntry(table.name, part++), Buffer.from(text));
      rows += page.length;
    }
    end.rows[table.name] = rows;
  }
  for (const file of keptFiles) {
    await addFile(pack, file.entry, file.stored);
    end.files++;
  }
  await addEntry(pack, END_ENTRY, Buffer.from(JSON.stringify(end, null, 2)));
  pack.finalize();
}

/** An unfinished import's upload that is still on disk travels as `files/<import>/<index>/<name>`; the row then names that entry (else null). */
function keptFile(row: (string | null)[], table: CatalogTable, storedAt: number, kept: { entry: string; stored: string }[]): string | null {
  const stored = row[storedAt]!;
  if (!fs.existsSync(stored)) return null;
  const value = (name: string) => row[table.columns.findIndex((c) => c.name === name)]!;
  const entry = `files/${value('import_id')}/${value('file_index')}/${path.basename(stored).replace(/[^\w.-]/g, '_')}`;
  kept.push({ entry, stored });
  return entry;
}

function addEntry(pack: Pack, name: string, content: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size: content.length, mtime: new Date(0) }, (error) => (error ? reject(error) : resolve()));
    writeChunks(entry, [content]).catch(reject);
  });
}

function addFile(pack: Pack, name: string, stored: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size: fs.statSync(stored).size, mtime: new Date(0) }, (error) => (error ? reject(error) : resolve()));
    writeChunks(entry, fs.createReadStream(stored)).catch(reject);
  });
}

/** Writes into a tar entry, waiting whenever the archive's reader has not taken what was written. */
async function writeChunks(entry: ReturnType<Pack['entry']>, chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<void> {
  for await (const chunk of chunks) if (!entry.write(chunk)) await new Promise<void>((resolve) => entry.once('drain', () => resolve()));
  // streamx's end takes the last chunk; there is none left.
  entry.end(undefined);
}
