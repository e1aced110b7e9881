/**
 * Imports an account archive as a NEW account of this instance, owned by the person importing: new
 * account key and ids (archive-remap.ts), in one transaction, so a bad archive changes nothing. Only
 * tables an archive may hold are written (those with an account_key, less TABLES_LEFT_OUT), and only
 * rows of the archive's own account: a row naming another account is refused, whatever the archive says.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import tar from 'tar-stream';
import { newAccountKey, placeNewAccount, type OrganizationRole } from '@ledgerport/core/rules';
import { copyInto, copyRows, readCatalog, type CatalogTable, type Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, ArchiveImportError, END_ENTRY, FILE_ENTRY, MANIFEST_ENTRY, TABLE_PART, type ArchiveEnd, type ArchiveManifest } from './account-archive-format';
import { createArchiveRemap, type ArchiveRemap } from './archive-remap';
import { archivedTables } from './export-account-archive';
import { SelfReferenceOrder } from './self-reference-order';

export { ArchiveImportError };

export interface ImportAccountOptions {
  importerUserId: string;
  /** Where kept uploads of the archive are written (the server's upload folder). */
  uploadDir: string;
  now: Date;
}

export interface ImportedAccount {
  accountKey: string;
  accountName: string;
  rows: Record<string, number>;
  files: number;
}

interface TableState {
  table: CatalogTable;
  /** The archive's columns, in its order. */
  columns: string[];
  /** Positions of the columns written: a column numbered by a sequence (bigserial) is numbered again here. */
  written: number[];
  userColumns: Set<string>;
  order: SelfReferenceOrder | null;
}

export async function importAccountArchive(db: Kysely<Database>, input: Readable, options: ImportAccountOptions): Promise<ImportedAccount> {
  const extract = tar.extract();
  input.on('error', (error) => extract.destroy(error));
  const gunzip = zlib.createGunzip();
  gunzip.on('error', (error) => extract.destroy(new ArchiveImportError(`The file is not a Ledgerport account archive (a .tar.gz): ${error.message}`)));
  // The iterator listens for entries from its creation: made before any byte flows, so no entry is
  // emitted while the transaction is still being opened (an entry nobody listens to stalls the archive).
  const iterator = extract[Symbol.asyncIterator]();
  const entries = { [Symbol.asyncIterator]: () => iterator };
  input.pipe(gunzip).pipe(extract);
  const idKey = crypto.randomBytes(32);
  const fileFolder = path.join(options.uploadDir, `imported-${idKey.toString('hex').slice(0, 12)}`);
  try {
    return await db.transaction().execute(async (trx) => {
      let manifest: ArchiveManifest | null = null;
      let remap: ArchiveRemap | null = null;
      let newKey = '';
      let tables = new Map<string, TableState>();
      const rows: Record<string, number> = {};
      let files = 0;
      let end: ArchiveEnd | null = null;
      for await (const entry of entries) {
        const name = entry.header.name;
        if (!manifest) {
          if (name !== MANIFEST_ENTRY) throw new ArchiveImportError(`The archive starts with ${name}, not ${MANIFEST_ENTRY}: it is not a Ledgerport account archive.`);
          manifest = readManifest(await readAll(entry));
          newKey = newAccountKey(manifest.accountName, crypto.randomBytes(6).toString('hex').slice(0, 6));
          remap = createArchiveRemap({ oldAccountKey: manifest.accountKey, newAccountKey: newKey, people: await peopleHere(trx, manifest), importerUserId: options.importerUserId, idKey });
          tables = await tablesOf(trx, manifest);
          continue;
        }
        const part = TABLE_PART.exec(name);
        if (part) {
          const state = tables.get(part[1]!);
          if (!state) throw new ArchiveImportError(`${name}: the manifest does not list the table ${part[1]}, or an archive may not hold it.`);
          const inserted = await importPart(trx, state, name, await readAll(entry), manifest, remap!, (row) => adjustRow(state, row, trx, options, manifest!, fileFolder));
          rows[state.table.name] = (rows[state.table.name] ?? 0) + inserted;
        } else if (FILE_ENTRY.test(name)) {
          // The entry's name holds the old import id; the row's stored_path was remapped the same way.
          const target = path.join(fileFolder, remap!.value(name, false, false)!);
          fs.mkdirSync(path.dirname(target), { recursive: true });
          await new Promise<void>((resolve, reject) => entry.pipe(fs.createWriteStream(target)).on('finish', resolve).on('error', reject));
          files++;
        } else if (name === END_ENTRY) {
          end = JSON.parse((await readAll(entry)).toString('utf8')) as ArchiveEnd;
        } else {
          throw new ArchiveImportError(`The archive holds ${name}, which is not part of the account archive format.`);
        }
      }
      if (!manifest) throw new ArchiveImportError('The archive is empty.');
      if (!end) throw new ArchiveImportError(`The archive ends before ${END_ENTRY}: it was cut off. Nothing was imported.`);
      for (const state of tables.values()) state.order?.assertComplete();
      for (const [table, count] of Object.entries(end.rows)) {
        if ((rows[table] ?? 0) !== count) throw new ArchiveImportError(`${table}: the archive says ${count} rows, it holds ${rows[table] ?? 0}. Nothing was imported.`);
      }
      if (!rows.accounts) throw new ArchiveImportError('The archive holds no accounts row.');
      await trx.insertInto('account_memberships').values({ account_key: newKey, user_id: options.importerUserId, role: 'owner', created_at: options.now }).execute();
      await recordAudit(trx, {
        actorUserId: options.importerUserId,
        accountKey: newKey,
        action: 'account.imported',
        entityType: 'account',
        entityId: newKey,
        after: { fromAccountKey: manifest.accountKey, exportedAt: manifest.exportedAt, formatVersion: manifest.formatVersion, rows, files },
        at: options.now,
      });
      return { accountKey: newKey, accountName: manifest.accountName, rows, files };
    });
  } catch (error) {
    fs.rmSync(fileFolder, { recursive: true, force: true });
    input.destroy();
    throw error;
  }
}

function readManifest(bytes: Buffer): ArchiveManifest {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new ArchiveImportError(`${MANIFEST_ENTRY} is not JSON.`);
  }
  if (raw.format !== ARCHIVE_FORMAT) throw new ArchiveImportError(`${MANIFEST_ENTRY}: format is ${raw.format === undefined ? 'missing' : JSON.stringify(raw.format)}, not ${ARCHIVE_FORMAT}.`);
  if (raw.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    const isNewer = typeof raw.formatVersion === 'number' && raw.formatVersion > ARCHIVE_FORMAT_VERSION;
    throw new ArchiveImportError(`${MANIFEST_ENTRY}: format version ${raw.formatVersion === undefined ? 'missing' : JSON.stringify(raw.formatVersion)}; this Ledgerport reads version ${ARCHIVE_FORMAT_VERSION}${isNewer ? ': update it first' : ''}.`);
  }
  if (typeof raw.accountKey !== 'string' || typeof raw.accountName !== 'string' || !Array.isArray(raw.tables) || !Array.isArray(raw.people)) {
    throw new ArchiveImportError(`${MANIFEST_ENTRY}: accountKey, accountName, tables and people are required.`);
  }
  return raw as unknown as ArchiveManifest;
}

/** The archive's people who have a login here, by email (case aside): old user id → this instance's. */
async function peopleHere(trx: Kysely<Database>, manifest: ArchiveManifest): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const p of manifest.people) {
    const user = await trx.selectFrom('users').select('user_id').where((eb) => eb(eb.fn('lower', ['email']), '=', String(p.email).toLowerCase())).executeTakeFirst();
    if (user) found.set(String(p.userId), user.user_id);
  }
  return found;
}

/** The tables the manifest names, as this instance has them; a table an archive may not hold, or a column this instance lacks, refuses the archive. */
async function tablesOf(trx: Kysely<Database>, manifest: ArchiveManifest): Promise<Map<string, TableState>> {
  const catalog = await readCatalog(trx);
  const allowed = new Map(archivedTables(catalog).map((t) => [t.name, t]));
  const states = new Map<string, TableState>();
  for (const t of manifest.tables) {
    const table = allowed.get(t.name);
    if (!table) throw new ArchiveImportError(`${MANIFEST_ENTRY}: an account archive may not hold the table ${t.name}.`);
    const columns = t.columns.map((c) => c.name);
    const unknown = columns.filter((c) => !table.columns.some((x) => x.name === c));
    if (unknown.length > 0) throw new ArchiveImportError(`${MANIFEST_ENTRY}: ${t.name} has columns this Ledgerport does not know (${unknown.join(', ')}); update it first.`);
    const userColumns = new Set(catalog.foreignKeys.filter((k) => k.table === t.name && k.parent === 'users' && k.columns.length === 1).map((k) => k.columns[0]!));
    const self = catalog.foreignKeys.find((k) => k.table === t.name && k.parent === t.name);
    const written = columns.flatMap((c, i) => (table.columns.find((x) => x.name === c)!.sequence ? [] : [i]));
    states.set(t.name, { table, columns, written, userColumns, order: self ? new SelfReferenceOrder(t.name, self, table, columns) : null });
  }
  return states;
}

async function importPart(
  trx: Kysely<Database>,
  state: TableState,
  entryName: string,
  bytes: Buffer,
  manifest: ArchiveManifest,
  remap: ArchiveRemap,
  adjust: (row: (string | null)[]) => Promise<(string | null)[]>,
): Promise<number> {
  const { table, columns } = state;
  const accountAt = columns.indexOf('account_key');
  const types = new Map(table.columns.map((c) => [c.name, c.type]));
  const page: (string | null)[][] = [];
  const lines = bytes.toString('utf8').split('\n');
  for (let n = 0; n < lines.length; n++) {
    if (lines[n] === '') continue;
    const where = `${entryName} line ${n + 1}`;
    let object: Record<string, unknown>;
    try {
      object = JSON.parse(lines[n]!) as Record<string, unknown>;
    } catch {
      throw new ArchiveImportError(`${where} is not JSON.`);
    }
    const row = columns.map((c) => {
      const v = object[c];
      if (v !== null && typeof v !== 'string') throw new ArchiveImportError(`${where}: ${c} must be text or null.`);
      return v ?? null;
    });
    if (row[accountAt] !== manifest.accountKey) throw new ArchiveImportError(`${where}: the row belongs to another account (${String(row[accountAt])}), not ${manifest.accountKey}. Nothing was imported.`);
    const mapped = row.map((v, i) => remap.value(v, state.userColumns.has(columns[i]!), /^json/.test(types.get(columns[i]!) ?? '')));
    page.push(await adjust(mapped));
  }
  const ready = state.order ? state.order.admit(page) : page;
  await copyInto(trx, table.name as keyof Database, state.written.map((i) => `"${columns[i]}"`), copyRows(ready.map((row) => state.written.map((i) => row[i]!))));
  return page.length;
}

/** The accounts row made this instance's; a kept upload's stored_path pointed into this import's folder. */
function adjustRow(state: TableState, row: (string | null)[], trx: Kysely<Database>, options: ImportAccountOptions, manifest: ArchiveManifest, fileFolder: string): Promise<(string | null)[]> {
  if (state.table.name === 'accounts') return ownAccountRow(row, trx, options, manifest);
  const storedAt = state.table.name === 'settlement_import_files' ? state.columns.indexOf('stored_path') : -1;
  if (storedAt >= 0 && row[storedAt]) {
    const entry = row[storedAt];
    if (!FILE_ENTRY.test(entry)) throw new ArchiveImportError(`settlement_import_files: stored_path "${entry}" is not a file of the archive.`);
    row[storedAt] = path.join(fileFolder, entry);
  }
  return Promise.resolve(row);
}

/** The accounts row as this instance keeps a new account: its organization is the importer's, nothing is connected, no redaction is pending. */
async function ownAccountRow(row: (string | null)[], trx: Kysely<Database>, options: ImportAccountOptions, manifest: ArchiveManifest): Promise<(string | null)[]> {
  const columns = manifest.tables.find((t) => t.name === 'accounts')!.columns.map((c) => c.name);
  const set = (name: string, value: string | null) => {
    const at = columns.indexOf(name);
    if (at >= 0) row[at] = value;
  };
  set('organization_id', await organizationFor(trx, options));
  for (const flag of ['accounting_system_connected', 'sales_channel_connected', 'sales_channel_pending', 'redaction_pending', 'requires_reauthentication']) set(flag, 'false');
  for (const cleared of ['redaction_requested_at', 'redaction_requested_by', 'partner_code', 'account_super_user_key']) set(cleared, null);
  return row;
}

/** Core's placement of a new account: the one organization the importer administers, or a new one of theirs. */
async function organizationFor(trx: Kysely<Database>, options: ImportAccountOptions): Promise<string> {
  const user = await trx.selectFrom('users').select('name').where('user_id', '=', options.importerUserId).executeTakeFirstOrThrow();
  const organizations = await trx
    .selectFrom('organization_memberships as m')
    .innerJoin('organizations as o', 'o.organization_id', 'm.organization_id')
    .select(['o.organization_id as organizationId', 'o.name', 'm.role'])
    .where('m.user_id', '=', options.importerUserId)
    .orderBy('o.organization_id')
    .execute();
  const placement = placeNewAccount(organizations.map((o) => ({ ...o, role: o.role as OrganizationRole })), null, user.name);
  if (placement.kind === 'existing') return placement.organizationId;
  if (placement.kind === 'refused') throw new ArchiveImportError(placement.message);
  const organizationId = `org_${crypto.randomBytes(9).toString('base64url')}`;
  await trx.insertInto('organizations').values({ organization_id: organizationId, name: placement.name, created_at: options.now, updated_at: options.now }).execute();
  await trx.insertInto('organization_memberships').values({ organization_id: organizationId, user_id: options.importerUserId, role: 'admin', created_at: options.now }).execute();
  return organizationId;
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
