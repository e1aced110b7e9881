/**
 * The commands that act on an instance's database rather than on files: the `ledgerport` entry
 * (bin/ledgerport.js) hands them to the server's command-line entry, which opens the database the
 * server itself would (DATABASE_URL or the embedded one in LEDGERPORT_DATA_DIR). Listed here so the
 * help names them without the CLI importing the server (decision 0057).
 */
export const INSTANCE_COMMANDS: Readonly<Record<string, { summary: string; usage: string }>> = {
  admin: {
    summary: "grant or revoke an instance's administrator (root admin)",
    usage: 'ledgerport admin grant EMAIL | ledgerport admin revoke EMAIL',
  },
  demo: {
    summary: 'remove the demo users and the demo accounts with their data',
    usage: 'ledgerport demo remove',
  },
  db: {
    summary: 'copy the embedded database into an empty PostgreSQL database',
    usage: 'ledgerport db copy --to postgres://user@host/database',
  },
  backup: {
    summary: 'back up the database to a file (PGlite dump, or pg_dump)',
    usage: 'ledgerport backup FILE',
  },
  restore: {
    summary: 'restore a backup into an empty data folder or database',
    usage: 'ledgerport restore FILE',
  },
  account: {
    summary: 'import an account archive as a new account',
    usage: 'ledgerport account import FILE --owner EMAIL',
  },
};

export function isInstanceCommand(name: string | undefined): boolean {
  return name !== undefined && Object.hasOwn(INSTANCE_COMMANDS, name);
}
