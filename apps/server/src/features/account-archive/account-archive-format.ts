/**
 * The account archive (issue 31, decision 0066): one gzipped tar holding
 * - `manifest.json` first: the format and its version, the account, the tables in the order they are
 *   written (each with its columns and their PostgreSQL types), and the account's people (id, email);
 * - `tables/<table>/<part>.jsonl`: JSON Lines, one object per row, every value PostgreSQL's text form
 *   of the column (exact: NUMERIC digits, timestamps with their offset, JSON as its text) or null,
 *   a part per page of rows, so neither side holds a table;
 * - `files/<import id>/<file index>/<name>`: the original uploaded files the instance still keeps;
 * - `end.json` last: the rows per table, so an import knows the archive is whole.
 */
export const ARCHIVE_FORMAT = 'ledgerport-account-archive';
export const ARCHIVE_FORMAT_VERSION = 1;

export interface ArchiveTable {
  name: string;
  columns: { name: string; type: string }[];
}

export interface ArchivePerson {
  userId: string;
  email: string;
  role: string;
}

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  exportedAt: string;
  accountKey: string;
  accountName: string;
  tables: ArchiveTable[];
  people: ArchivePerson[];
}

export interface ArchiveEnd {
  rows: Record<string, number>;
  files: number;
}

/**
 * Tables with an account_key that an archive leaves out, and why: they belong to this instance or to
 * people, not to the account's books. Every other table with an account_key is exported, so a table
 * added later travels without a change here.
 */
export const TABLES_LEFT_OUT: Readonly<Record<string, string>> = {
  account_memberships: 'who may open the account is decided on the instance that imports it (the importer owns it)',
  account_invites: 'invitations carry sign-in tokens of this instance',
  team_accounts: "a firm's teams are this instance's",
  billing_checkout_sessions: 'billing belongs to this instance',
  billing_subscription_accounts: 'billing belongs to this instance',
  oauth_states: 'sign-in handshakes in flight',
  notifications: "each person's inbox on this instance",
  connections: "credentials are sealed with this instance's secret: connect again after an import",
  report_day_totals: 'the database computes it from the settlements and their type totals as they are imported',
};

/** Entry names inside the archive. */
export const MANIFEST_ENTRY = 'manifest.json';
export const END_ENTRY = 'end.json';
export const tablePartEntry = (table: string, part: number) => `tables/${table}/${String(part).padStart(6, '0')}.jsonl`;
export const TABLE_PART = /^tables\/([a-z_][a-z0-9_]*)\/\d{6}\.jsonl$/;
export const FILE_ENTRY = /^files\/[^/]+\/\d+\/[^/]+$/;

/** A refused archive: the message says what is wrong and where; nothing was imported. */
export class ArchiveImportError extends Error {}
