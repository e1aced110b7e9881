/**
 * `npx ledgerport admin grant|revoke EMAIL` and `npx ledgerport demo remove` (decision 0057): the
 * instance commands, which the `ledgerport` bin hands to this entry. They open the database the
 * server itself would (DATABASE_URL, or the embedded one in LEDGERPORT_DATA_DIR, migrated first),
 * and answer an exit status: 0 done (or nothing to do), 1 refused, 2 usage error.
 */
import { openDb } from '@ledgerport/db';
import { systemClock } from '../clock';
import { dbOptionsOf, loadConfig } from '../config';
import { grantInstanceAdmin, InstanceAdminError, revokeInstanceAdmin } from '../features/users/instance-admin';
import { removeDemoData } from '../seed/remove-demo-data';

export interface InstanceCliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const USAGE = ['Usage:', '  ledgerport admin grant EMAIL    make that user an administrator of this instance (root admin)', '  ledgerport admin revoke EMAIL   take it back (not from the last one)', '  ledgerport demo remove          remove the demo users, the demo accounts with their data and the demo organizations'].join('\n');

type Action = { kind: 'grant' | 'revoke'; email: string } | { kind: 'demo-remove' };

function parse(argv: readonly string[]): Action | null {
  const [command, verb, email, ...rest] = argv;
  if (rest.length > 0) return null;
  if (command === 'admin' && (verb === 'grant' || verb === 'revoke') && email && email.includes('@')) return { kind: verb, email };
  if (command === 'demo' && verb === 'remove' && email === undefined) return { kind: 'demo-remove' };
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
  const opened = await openDb(dbOptionsOf(config));
  try {
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
    const change = action.kind === 'grant' ? await grantInstanceAdmin(opened.db, action.email, now) : await revokeInstanceAdmin(opened.db, action.email, now);
    io.out(change.message);
    return 0;
  } catch (error) {
    if (error instanceof InstanceAdminError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await opened.close();
  }
}

const defaultIo: InstanceCliIo = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
};
