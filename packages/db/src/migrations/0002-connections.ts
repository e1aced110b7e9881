/**
 * Connections (issues 6 and 7): one row per account and role, for the accounting system and for the
 * sales channel or payment source. Credentials (OAuth tokens, API keys) are stored only as the
 * sealed text of apps/server/src/security/secret-box.ts, never in clear. `idempotency_keys` records
 * every external write's key before the call is made, so a retry after a crash reuses it.
 */
import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connections')
    .addColumn('connection_id', 'text', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    // 'accounting' (QBO, XERO, SAGE, NETSUITE), 'sales-channel' or 'sales-source' (PAYPAL, AFTERPAY).
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('accounting', 'sales-channel', 'sales-source')`))
    .addColumn('system', 'text', (c) => c.notNull())
    // CONNECTED, DISCONNECTED, PENDING, ERROR (Connection Error: a call failed), PROBLEM (Connection Problem: needs the user).
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING', 'CONNECTED', 'DISCONNECTED', 'ERROR', 'PROBLEM')`))
    .addColumn('remote_id', 'text') // Xero tenantId, QBO realmId, Sage business id, Amazon selling partner id, shop domain...
    .addColumn('remote_name', 'text') // organization or store name as the remote system calls it
    .addColumn('credentials_sealed', 'text') // secret-box text of the token set / keys (JSON inside)
    .addColumn('access_token_expires_at', 'timestamptz')
    .addColumn('refresh_token_expires_at', 'timestamptz')
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'timestamptz')
    .addColumn('last_synced_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('connections_account_role_uq').on('connections').columns(['account_key', 'role']).unique().execute();

  // OAuth state of a connect flow in progress (state + PKCE verifier), consumed once by the callback.
  await db.schema
    .createTable('oauth_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('code_verifier_sealed', 'text')
    .addColumn('redirect_after', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull()) // e.g. 'post-document'
    .addColumn('subject', 'text', (c) => c.notNull()) // e.g. the settlement key and document number
    // STARTED before the call, DONE with remote_id after it, FAILED when the remote refused it.
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('STARTED').check(sql`state in ('STARTED', 'DONE', 'FAILED')`))
    .addColumn('remote_id', 'text')
    .addColumn('result', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // The accounting system's chart of accounts, tax rates, tracking categories and bank accounts as
  // last fetched (AccountingReferenceData of core's accounting port), for the mappings screen.
  await db.schema
    .createTable('accounting_reference_data')
    .addColumn('account_key', 'text', (c) => c.primaryKey().references('accounts.account_key').onDelete('cascade'))
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('idempotency_keys_subject_idx').on('idempotency_keys').columns(['account_key', 'system', 'subject']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('accounting_reference_data').execute();
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('oauth_states').execute();
  await db.schema.dropTable('connections').execute();
}
