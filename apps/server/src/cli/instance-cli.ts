/**
 * `npx ledgerport admin grant|revoke EMAIL` and `npx ledgerport demo remove` (decision 0057): the
 * instance commands, which the `ledgerport` bin hands to this entry. They open the database the
 * server itself would (DATABASE_URL, or the embedded one in LEDGERPORT_DATA_DIR, migrated first),
 * and answer an exit status: 0 done (or nothing to do), 1 refused, 2 usage error.
 */
import fs from 'node:fs';
import { openDb } from '@ledgerport/db';
import { systemClock } from '../clock';
import { dbOptionsOf, loadConfig, type Config } from '../config';
import { grantInstanceAdmin, InstanceAdminError, revokeInstanceAdmin } from '../features/users/instance-admin';
import { removeDemoData } from '../seed/remove-demo-data';
import { ArchiveImportError, importAccountArchive } from '../features/account-archive/import-account-archive';
import { backupDatabase, BackupRefusal, restoreDatabase, type BackupSource } from './backup-restore';
import { copyDatabase, DbCopyRefusal } from './db-copy';

export interface InstanceCliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const USAGE = ['Usage:', '  ledgerport admin grant EMAIL    make that user an administrator of this instance (root admin)', '  ledgerport admin revoke EMAIL   take it back (not from the last one)', '  ledgerport demo remove          remove the demo users, the demo accounts with their data and the demo organizations',
  '  ledgerport db copy --to postgres://…   copy the embedded database into an empty PostgreSQL database, then set DATABASE_URL',
  '  ledgerport backup FILE          back up the database (the embedded one, or PostgreSQL with pg_dump)',
  '  ledgerport restore FILE         restore a backup into an empty data folder or an empty database',
  '  ledgerport account import FILE --owner EMAIL   import an account archive as a new account owned by EMAIL',
].join('\n');

type Action =
  | { kind: 'grant' | 'revoke'; email: string }
  | { kind: 'demo-remove' }
  | { kind: 'db-copy'; url: string }
  | { kind: 'backup' | 'restore'; file: string }
  | { kind: 'account-import'; file: string; owner: string };

function parse(argv: readonly string[]): Action | null {
  const [command, verb, email, ...rest] = argv;
  if (rest.length > 0 && command !== 'db' && command !== 'account') return null;
  if (command === 'admin' && (verb === 'grant' || verb === 'revoke') && email && email.includes('@')) return { kind: verb, email };
  if (command === 'demo' && verb === 'remove' && email === undefined) return { kind: 'demo-remove' };
  if (command === 'db' && verb === 'copy' && email === '--to' && rest.length === 1 && rest[0]) return { kind: 'db-copy', url: rest[0] };
  if ((command === 'backup' || command === 'restore') && verb && email === undefined) return { kind: command, file: verb };
  if (command === 'account' && verb === 'import' && email && rest.length === 2 && rest[0] === '--owner' && rest[1]?.includes('@')) return { kind: 'account-import', file: email, owner: rest[1] };
  return null;
}

/** `env`: a test's environment; the command itself reads the process's through config.ts. */
export async function runInstanceCommand(argv: readonly string[], io: InstanceCliIo = defaultIo, env?: NodeJS.ProcessEnv): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const action = parse(argv);
  if (!action) {
    io.err(`ledgerport: ${argv.join(' ') || '(nothing)'} is not an instance command.\n${USAGE}`);
    return 2;
  }
  const config = env ? loadConfig(env) : loadConfig();
  // Neither opens the database as the server would: a restore must find the folder or database empty.
  if (action.kind === 'backup' || action.kind === 'restore') return runBackupCommand(action, config, io);
  if (action.kind === 'db-copy' && config.databaseUrl) {
    io.err('db copy copies the embedded database: unset DATABASE_URL (it names the target with --to).');
    return 2;
  }
  const opened = await openDb(dbOptionsOf(config));
  try {
    if (action.kind === 'db-copy') {
      const result = await copyDatabase({ opened }, { url: action.url }, io);
      const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
      io.out(`Copied ${result.tables.length} tables (${rows} rows) and ${result.jobs} pending jobs; every table's row count and money checksum match.\nNow set DATABASE_URL=${redactedUrl(action.url)} (keep LEDGERPORT_SECRET or the data folder's secret file) and start the server.`);
      return 0;
    }
    if (action.kind === 'account-import') {
      if (!fs.existsSync(action.file)) {
        io.err(`${action.file} does not exist.`);
        return 1;
      }
      const owner = await opened.db.selectFrom('users').select('user_id').where((eb) => eb(eb.fn('lower', ['email']), '=', action.owner.toLowerCase())).executeTakeFirst();
      if (!owner) {
        io.err(`No user signs in as ${action.owner} on this instance; sign up first, then import.`);
        return 1;
      }
      const imported = await importAccountArchive(opened.db, fs.createReadStream(action.file), { importerUserId: owner.user_id, uploadDir: config.uploadDir, now: systemClock() });
      const rows = Object.values(imported.rows).reduce((sum, n) => sum + n, 0);
      io.out(`Imported ${imported.accountName} as the new account ${imported.accountKey} (${rows} rows, ${imported.files} kept files), owned by ${action.owner}.`);
      return 0;
    }
    const now = systemClock();
    if (action.kind === 'demo-remove') {
      const removed = await removeDemoData(opened.db, now);
      io.out(
        removed.users.length + removed.accounts.length + removed.organizations.length === 0
          ? 'No demo users, accounts or organizations are left on this instance.'
          : [`Removed ${removed.users.length} demo users, ${removed.accounts.length} demo accounts with their data and ${removed.organizations.length} demo organizations:`, ...removed.users.map((e) => `  ${e}`)].join('\n'),
      );
      return 0;
    }
    if (action.kind !== 'grant' && action.kind !== 'revoke') return 2;
    const change = action.kind === 'grant' ? await grantInstanceAdmin(opened.db, action.email, now) : await revokeInstanceAdmin(opened.db, action.email, now);
    io.out(change.message);
    return 0;
  } catch (error) {
    if (error instanceof InstanceAdminError || error instanceof DbCopyRefusal || error instanceof ArchiveImportError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await opened.close();
  }
}

async function runBackupCommand(action: { kind: 'backup' | 'restore'; file: string }, config: Config, io: InstanceCliIo): Promise<number> {
  const source: BackupSource = config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dbDir };
  try {
    io.out(action.kind === 'backup' ? await backupDatabase(source, action.file) : await restoreDatabase(source, action.file));
    return 0;
  } catch (error) {
    if (error instanceof BackupRefusal) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

/** The URL without its password, for the advice printed. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '…';
    return parsed.toString();
  } catch {
    return url;
  }
}

const defaultIo: InstanceCliIo = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
};
