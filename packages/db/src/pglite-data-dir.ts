/**
 * The embedded database's backup: PGlite's own dump of its data folder (a gzipped tar of the
 * PostgreSQL cluster files, taken by the running instance, so consistent), and its load into a new
 * data folder. The folder must be empty: a restore never overwrites a database.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Dumps the data folder `dataDir` into `file`; answers the bytes written. */
export async function dumpPgliteDataDir(dataDir: string, file: string): Promise<number> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(dataDir);
  try {
    const blob = await pglite.dumpDataDir('gzip');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(file, bytes);
    return bytes.length;
  } finally {
    await pglite.close();
  }
}

/** Whether `dataDir` holds nothing (or does not exist). */
export function isEmptyFolder(dataDir: string): boolean {
  return !fs.existsSync(dataDir) || fs.readdirSync(dataDir).length === 0;
}

/** Loads a dump made by dumpPgliteDataDir into the empty (or missing) folder `dataDir`. */
export async function loadPgliteDataDir(dataDir: string, file: string): Promise<void> {
  if (!isEmptyFolder(dataDir)) throw new Error(`The data folder ${dataDir} is not empty; restore only into an empty folder.`);
  const { PGlite } = await import('@electric-sql/pglite');
  fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
  await pglite.close();
}
