/**
 * The Postings list: one account's documents (settlement_documents) with their settlement's id and
 * channel, filtered, sorted and paged in SQL (index of migration 0015 for the default order), and
 * where each one lives, named by core (posted-documents.ts).
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { Posting, SalesChannel } from '@ledgerport/contract';
import { formatUnits, decimalToUnits } from '@ledgerport/core/money';
import {
  accountingSystemLabel,
  documentClassOf,
  documentKindLabel,
  documentKindsOf,
  postedDocumentStatusLabel,
  remoteDocumentLink,
  type DocumentClass,
  type PostedDocumentStatus,
} from '@ledgerport/core/posting';
import { escapeLike } from '../settlements/search-settlements';

export interface PostingFilters {
  status?: PostedDocumentStatus[];
  documentClass?: DocumentClass[];
  currency?: string;
  start?: string;
  end?: string;
  text?: string;
}

/** The columns of a document and its settlement a Posting is made of. */
export interface PostingRow {
  document_id: string;
  account_key: string;
  number: string;
  document_date: string;
  kind: string;
  status: PostedDocumentStatus;
  settlement_key: string;
  settlement_id: string;
  channel: string;
  sales_source: string;
  currency: string;
  total: string;
  part_index: number;
  part_count: number;
  month: string;
  system: string;
  remote_id: string | null;
  remote_number: string | null;
  remote_type: string | null;
  remote_url: string | null;
  posted_at: Date | null;
  reversed_at: Date | null;
  error: string | null;
}

const SORTS: Record<string, string> = {
  date: 'd.document_date',
  postedAt: 'd.posted_at',
  number: 'd.number',
  total: 'd.total',
  kind: 'd.kind',
  status: 'd.status',
  currency: 'd.currency',
  settlementId: 's.settlement_id',
};

/** The documents of `accountKey` (its access already checked) with their settlement, from `where`. */
export function postingRowsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('settlement_documents as d')
    .innerJoin('settlements as s', (j) => j.onRef('s.account_key', '=', 'd.account_key').onRef('s.settlement_key', '=', 'd.settlement_key'))
    .select([
      'd.document_id', 'd.account_key', 'd.number', 'd.document_date', 'd.kind', 'd.status', 'd.settlement_key', 's.settlement_id', 's.channel', 's.sales_source',
      'd.currency', 'd.total', 'd.part_index', 'd.part_count', 'd.month', 'd.system', 'd.remote_id', 'd.remote_number', 'd.remote_type', 'd.remote_url',
      'd.posted_at', 'd.reversed_at', 'd.error',
    ]);
}

function whereOf(accountKey: string, f: PostingFilters) {
  const conditions = [sql<SqlBool>`d.account_key = ${accountKey}`];
  if (f.status?.length) conditions.push(sql<SqlBool>`d.status in (${sql.join(f.status)})`);
  if (f.documentClass?.length) conditions.push(sql<SqlBool>`d.kind in (${sql.join(f.documentClass.flatMap(documentKindsOf))})`);
  if (f.currency) conditions.push(sql<SqlBool>`d.currency = ${f.currency}`);
  // Document dates are local 'YYYY-MM-DD' text: compared as text, both ends included.
  if (f.start) conditions.push(sql<SqlBool>`d.document_date >= ${f.start}`);
  if (f.end) conditions.push(sql<SqlBool>`d.document_date <= ${f.end}`);
  if (f.text) {
    const like = `%${escapeLike(f.text)}%`;
    conditions.push(sql<SqlBool>`(d.number ilike ${like} or d.remote_id ilike ${like} or d.remote_number ilike ${like} or s.settlement_id ilike ${like})`);
  }
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

export async function searchPostings(db: Kysely<Database>, query: PostingFilters & { accountKey: string; page: number; size: number; sort?: string | undefined }) {
  const where = whereOf(query.accountKey, query);
  const [key = 'date', direction = 'desc'] = (query.sort ?? 'date,desc').split(',');
  const desc = direction === 'desc';
  const order = sql`${sql.raw(SORTS[key] ?? 'd.document_date')} ${sql.raw(desc ? 'desc nulls last' : 'asc nulls first')}, d.document_id ${sql.raw(desc ? 'desc' : 'asc')}`;
  const [rows, count, currencies] = await Promise.all([
    postingRowsQuery(db).where(where).orderBy(order).limit(query.size).offset(query.page * query.size).execute(),
    db.selectFrom('settlement_documents as d').innerJoin('settlements as s', (j) => j.onRef('s.account_key', '=', 'd.account_key').onRef('s.settlement_key', '=', 'd.settlement_key')).select((eb) => eb.fn.countAll<string>().as('n')).where(where).executeTakeFirstOrThrow(),
    db.selectFrom('settlement_documents').select('currency').distinct().where('account_key', '=', query.accountKey).orderBy('currency').execute(),
  ]);
  return { postings: await postingsOf(db, query.accountKey, rows), totalRows: Number(count.n), currencies: currencies.map((c) => c.currency) };
}

/**
 * Postings from rows of one account, with what only other tables know: the reversal journals of
 * built-in ledger documents, and NetSuite's account id (the host of its web app).
 */
export async function postingsOf(db: Kysely<Database>, accountKey: string, rows: PostingRow[]): Promise<Posting[]> {
  const ledgerIds = rows.filter((r) => r.system === 'MANUAL' && r.remote_id).map((r) => r.remote_id!);
  const reversals = ledgerIds.length
    ? await db.selectFrom('ledger_journals').select(['journal_id', 'reverses_id']).where('account_key', '=', accountKey).where('reverses_id', 'in', ledgerIds).execute()
    : [];
  const reversalOf = new Map(reversals.map((r) => [r.reverses_id!, r.journal_id]));
  const netsuite = rows.some((r) => r.system === 'NETSUITE')
    ? await db.selectFrom('connections').select(sql<string | null>`settings->>'accountId'`.as('account_id')).where('account_key', '=', accountKey).where('role', '=', 'accounting').where('system', '=', 'NETSUITE').executeTakeFirst()
    : undefined;
  return rows.map((r) => postingBody(r, { reversalJournalId: r.remote_id ? (reversalOf.get(r.remote_id) ?? null) : null, netsuiteAccountId: netsuite?.account_id ?? null }));
}

export function postingBody(r: PostingRow, extra: { reversalJournalId: string | null; netsuiteAccountId: string | null }): Posting {
  const isLedger = r.system === 'MANUAL';
  return {
    documentId: r.document_id,
    number: r.number,
    date: r.document_date,
    kind: r.kind,
    kindLabel: documentKindLabel(r.kind),
    documentClass: documentClassOf(r.kind),
    status: r.status,
    statusLabel: postedDocumentStatusLabel(r.status),
    settlementKey: r.settlement_key,
    settlementId: r.settlement_id,
    channel: r.channel,
    salesSource: r.sales_source as SalesChannel,
    currency: r.currency,
    total: formatUnits(decimalToUnits(r.total)),
    part: { index: r.part_index, count: r.part_count, month: r.month },
    system: r.system,
    systemName: accountingSystemLabel(r.system),
    remoteId: r.remote_id,
    remoteNumber: r.remote_number,
    remoteType: r.remote_type,
    remoteUrl: remoteDocumentLink({ system: r.system, kind: r.kind, remoteId: r.remote_id, storedUrl: r.remote_url, netsuiteAccountId: extra.netsuiteAccountId }),
    // The built-in ledger's journal id is the document's remote id (the idempotency key it was posted under).
    ledgerJournalId: isLedger ? r.remote_id : null,
    reversalJournalId: isLedger ? extra.reversalJournalId : null,
    postedAt: r.posted_at ? r.posted_at.toISOString() : null,
    reversedAt: r.reversed_at ? r.reversed_at.toISOString() : null,
    error: r.error,
  };
}
