/**
 * `npx ledgerport backup FILE` and `restore FILE` (issue 31, decision 0066). The embedded database is
 * backed up as PGlite's dump of its data folder; PostgreSQL with pg_dump's custom format and restored
 * with pg_restore, when those tools are on the PATH. A restore goes only into an empty data folder or
 * an empty database: it never overwrites data.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { dumpPgliteDataDir, isEmptyFolder, loadPgliteDataDir, openDb } from '@ledgerport/db';
import { sql } from 'kysely';

export class BackupRefusal extends Error {}

export type BackupSource = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** Writes the backup of `source` to `file`; answers a sentence saying what was written. */
export async function backupDatabase(source: BackupSource, file: string): Promise<string> {
  if (fs.existsSync(file)) throw new BackupRefusal(`${file} already exists; name a new file for the backup.`);
  if (source.kind === 'pglite') {
    if (isEmptyFolder(source.dataDir)) throw new BackupRefusal(`There is no embedded database in ${source.dataDir} to back up.`);
    const bytes = await dumpPgliteDataDir(source.dataDir, file);
    return `Backed up the embedded database (${source.dataDir}) to ${file}: ${bytes} bytes.`;
  }
  await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${source.url}`]);
  return `Backed up the PostgreSQL database to ${file} (pg_dump custom format): ${fs.statSync(file).size} bytes.`;
}

/** Restores `file` into the empty `target`; answers a sentence saying what was restored. */
export async function restoreDatabase(target: BackupSource, file: string): Promise<string> {
  if (!fs.existsSync(file)) throw new BackupRefusal(`${file} does not exist.`);
  if (target.kind === 'pglite') {
    if (!isEmptyFolder(target.dataDir)) throw new BackupRefusal(`The data folder ${target.dataDir} is not empty. Restore only into an empty folder: set LEDGERPORT_DATA_DIR to a new folder. Nothing was changed.`);
    try {
      await loadPgliteDataDir(target.dataDir, file);
    } catch (error) {
      fs.rmSync(target.dataDir, { recursive: true, force: true });
      throw new BackupRefusal(`${file} is not a backup of the embedded database (${(error as Error).message}). Nothing was restored.`);
    }
    return `Restored ${file} into ${target.dataDir}. Start the server with LEDGERPORT_DATA_DIR pointing at its parent folder.`;
  }
  const opened = await openDb({ url: target.url, migrate: false, poolSize: 1 });
  try {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`.execute(opened.db);
    if (rows[0]!.n !== '0') throw new BackupRefusal(`The target database is not empty (it holds ${rows[0]!.n} tables). Restore only into a new, empty database (createdb …). Nothing was changed.`);
  } finally {
    await opened.close();
  }
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.url}`, file]);
  return `Restored ${file} into the PostgreSQL database.`;
}

/** Runs a PostgreSQL client tool; a missing tool or a failure is a refusal that says what to do. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupRefusal(`${tool} is not on this machine's PATH. Install the PostgreSQL client tools of your server's major version (Debian/Ubuntu: apt install postgresql-client) and run this again.`)
          : error,
      );
    });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupRefusal(`${tool} failed (exit ${code}): ${stderr.trim()}`))));
  });
}
