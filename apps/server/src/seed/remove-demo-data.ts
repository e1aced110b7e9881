/**
 * The demo data on a real instance (issue 26, decision 0057): which demo users still have the
 * published demo password (the server refuses a public address while any does), and
 * `npx ledgerport demo remove`, which deletes the demo users, the demo accounts with every row of
 * every account_key table (redaction's own deletion) and the demo organizations. Audited.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../audit/record-audit';
import { verifyPassword } from '../features/auth/passwords';
import { deleteAccountRows } from '../features/redaction/redact-accounts-job';
import { DEMO_PASSWORD, demoAccounts, demoOrganizations, demoUsers } from './demo-data';

const demoEmails = () => demoUsers.map((u) => u.email);

/** The demo users whose password is still the published one, by email. */
export async function findExposedDemoUsers(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('users').select(['email', 'password_hash']).where('email', 'in', demoEmails()).orderBy('email').execute();
  const exposed: string[] = [];
  for (const row of rows) if (row.password_hash && (await verifyPassword(row.password_hash, DEMO_PASSWORD))) exposed.push(row.email);
  return exposed;
}

export interface DemoRemoval {
  users: string[];
  accounts: string[];
  organizations: string[];
  rowsDeleted: number;
}

/** Deletes every demo user, account (with its data) and organization there is, in one transaction. */
export async function removeDemoData(db: Kysely<Database>, now: Date): Promise<DemoRemoval> {
  return db.transaction().execute(async (trx) => {
    const accounts = (await trx.selectFrom('accounts').select('account_key').where('account_key', 'in', demoAccounts.map((a) => a.key)).execute()).map((r) => r.account_key);
    const users = (await trx.selectFrom('users').select('email').where('email', 'in', demoEmails()).execute()).map((r) => r.email);
    const organizations = (await trx.selectFrom('organizations').select('organization_id').where('organization_id', 'in', demoOrganizations.map((o) => o.id)).execute()).map((r) => r.organization_id);
    let rowsDeleted = 0;
    for (const accountKey of accounts) rowsDeleted += await deleteAccountRows(trx, accountKey);
    if (users.length > 0) rowsDeleted += Number((await trx.deleteFrom('users').where('email', 'in', users).executeTakeFirst()).numDeletedRows);
    if (organizations.length > 0) rowsDeleted += Number((await trx.deleteFrom('organizations').where('organization_id', 'in', organizations).executeTakeFirst()).numDeletedRows);
    // A demo partner firm's teams and invites, once no user of another firm... of that code is left.
    for (const code of new Set(demoUsers.flatMap((u) => (u.partnerCode ? [u.partnerCode] : [])))) {
      const holder = await trx.selectFrom('users').select('user_id').where('partner_code', '=', code).limit(1).executeTakeFirst();
      if (holder) continue;
      rowsDeleted += Number((await trx.deleteFrom('teams').where('partner_code', '=', code).executeTakeFirst()).numDeletedRows);
      rowsDeleted += Number((await trx.deleteFrom('firm_invites').where('partner_code', '=', code).executeTakeFirst()).numDeletedRows);
    }
    await recordAudit(trx, { actorUserId: null, action: 'system.demo-data-removed', entityType: 'installation', entityId: 'demo', before: { users, accounts, organizations }, after: { rowsDeleted }, at: now });
    return { users, accounts, organizations, rowsDeleted };
  });
}
