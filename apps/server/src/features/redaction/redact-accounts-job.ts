/**
 * Deletes the data of accounts whose redaction is due (asked for 72 hours ago and not cancelled):
 * every row of every table that holds the account's key, and the files of its unfinished uploads, in
 * one transaction per account. Every 15 minutes, and once at start.
 *
 * The tables are found, not listed: every table of the schema with an `account_key` column, deleted
 * children first (foreign keys read from the catalogue), so a table added later is redacted too. The
 * users keep their logins (a person is not account data); a user whose current account it was has
 * none until they open another. The deletion is audited without the key: the entry names a one-way
 * hash of it, so support can confirm a given key was redacted, and no table holds the key afterwards.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { isRedactionDue, REDACTION_DELAY_HOURS } from '@ledgerport/core/rules';
import { recordAudit } from '../../audit/record-audit';
import type { JobHandler } from '../../jobs/job-handler';
import { removeUpload } from '../imports/import-settlement-file-job';

export const REDACT_ACCOUNTS_QUEUE = 'redact-accounts';

export const redactAccountsJob: JobHandler = {
  queue: REDACT_ACCOUNTS_QUEUE,
  cron: '*/15 * * * *',
  isRunAtStart: true,
  async handle(_data, deps, log) {
    const redacted = await redactDueAccounts(deps.db, deps.clock());
    if (redacted > 0) log.info(`redacted ${redacted} account(s) whose deletion was due`);
  },
};

/** Redacts every account whose redaction is due at `now`; answers how many. */
export async function redactDueAccounts(db: Kysely<Database>, now: Date): Promise<number> {
  const latestRequest = new Date(now.getTime() - REDACTION_DELAY_HOURS * 3_600_000);
  const due = await db.selectFrom('accounts').select('account_key').where('redaction_pending', '=', true).where('redaction_requested_at', '<=', latestRequest).execute();
  let redacted = 0;
  for (const { account_key } of due) if (await redactAccount(db, account_key, now)) redacted++;
  return redacted;
}

/** The audit log's name for a redacted account: a one-way hash of its key. */
export const redactedAccountId = (accountKey: string) => `redacted:${crypto.createHash('sha256').update(accountKey).digest('hex').slice(0, 24)}`;

/** Deletes one account's data if its redaction is still due (not cancelled meanwhile); answers whether it did. */
export async function redactAccount(db: Kysely<Database>, accountKey: string, now: Date): Promise<boolean> {
  const uploads = await db.selectFrom('settlement_import_files').select('stored_path').where('account_key', '=', accountKey).where('stored_path', 'is not', null).execute();
  const done = await db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('accounts').select(['redaction_requested_at', 'redaction_requested_by']).where('account_key', '=', accountKey).forUpdate().executeTakeFirst();
    if (!account || !isRedactionDue(account.redaction_requested_at, now)) return false;
    const rows = await deleteAccountRows(trx, accountKey);
    await recordAudit(trx, {
      actorUserId: account.redaction_requested_by,
      action: 'account.redacted',
      entityType: 'account',
      entityId: redactedAccountId(accountKey),
      after: { rowsDeleted: rows, requestedAt: account.redaction_requested_at?.toISOString() ?? null },
      at: now,
    });
    return true;
  });
  if (done) for (const u of uploads) removeUpload(u.stored_path);
  return done;
}

/**
 * Inside the caller's transaction: deletes every row of every table that holds the account's key
 * (children first, `accounts` last) and clears it as any user's current account; answers how many
 * rows went. Redaction and `npx ledgerport demo remove` (decision 0057) both delete an account so.
 */
export async function deleteAccountRows(trx: Kysely<Database>, accountKey: string): Promise<number> {
  await trx.updateTable('users').set({ current_account_key: null }).where('current_account_key', '=', accountKey).execute();
  let rows = 0;
  for (const table of await tablesHoldingAccountKey(trx)) {
    const result = await sql`delete from ${sql.table(table)} where account_key = ${accountKey}`.execute(trx);
    rows += Number(result.numAffectedRows ?? 0n);
  }
  return rows;
}

/**
 * The tables of the current schema with an account_key column, each after every table that refers to
 * it by a foreign key (children first), `accounts` last.
 */
async function tablesHoldingAccountKey(db: Kysely<Database>): Promise<string[]> {
  const { rows: holding } = await sql<{ table_name: string }>`select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'account_key' and table_name <> 'accounts'`.execute(db);
  const { rows: keys } = await sql<{ child: string; parent: string }>`select c.relname as child, p.relname as parent
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(db);
  const names = new Set(holding.map((r) => r.table_name));
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    // Whatever refers to this table goes first.
    for (const k of keys) if (k.parent === table && k.child !== table && names.has(k.child)) visit(k.child);
    ordered.push(table);
  };
  for (const name of [...names].sort()) visit(name);
  return [...ordered, 'accounts'];
}
