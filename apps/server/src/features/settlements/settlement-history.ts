/**
 * GET /settlement/history (issue 26, decision 0055): a settlement's own history from what is already
 * recorded: its row and its import's uploader, its documents, the audit entries about it and the
 * account's mapping saves before its first posting. Core's buildSettlementHistory words them. A deleted
 * settlement is answered from its audit entries, for a caller who can open the account they name;
 * another account's settlement is not found, deleted or not.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { errorMessages, type ResponseOf, type getSettlementHistory } from '@ledgerport/contract';
import { accountingSystemLabel } from '@ledgerport/core/posting';
import { CHANNEL_NAMES } from '@ledgerport/core/mapping';
import { buildSettlementHistory, type HistoryPerson, type SettlementHistoryFacts } from '@ledgerport/core/settlements';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import { accountLevelOf, assertAllowed } from '../accounts/account-access';

type SettlementHistory = ResponseOf<typeof getSettlementHistory>;

const MAPPING_ACTIONS = ['mappings.saved', 'mappings.copied'];

export async function settlementHistoryOf(db: Kysely<Database>, caller: Caller, settlementKey: string): Promise<SettlementHistory> {
  const row = await db.selectFrom('settlements').selectAll().where('settlement_key', '=', settlementKey).executeTakeFirst();
  // A deleted settlement's account is the one its audit entries name.
  const accountKey =
    row?.account_key ??
    (await db.selectFrom('audit_log').select('account_key').where('entity_type', '=', 'settlement').where('entity_id', '=', settlementKey).where('account_key', 'is not', null).limit(1).executeTakeFirst())?.account_key ??
    null;
  const level = accountKey ? await accountLevelOf(db, caller, accountKey) : null;
  if (!accountKey || level === null) throw new AppError('settlement.not-found', errorMessages.settlementNotFound, { settlementKey });
  assertAllowed(caller, level, { settlementKey });

  const audits = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.user_id', 'a.actor_user_id')
    .select(['a.action', 'a.created_at', 'a.after_state', 'u.name', 'u.email'])
    .where('a.account_key', '=', accountKey)
    .where('a.entity_type', '=', 'settlement')
    .where('a.entity_id', '=', settlementKey)
    .orderBy('a.created_at')
    .orderBy('a.audit_id')
    .execute();
  const person = (r: { name: string | null; email: string | null }): HistoryPerson | null => (r.email ? { name: r.name, email: r.email } : null);
  let facts: SettlementHistoryFacts = {
    settlement: null,
    audits: audits.map((a) => ({ action: a.action, at: a.created_at, actor: person(a), after: a.after_state })),
    documents: [],
    mappingSaves: [],
  };
  if (row) {
    const importer = row.import_id
      ? await db.selectFrom('settlement_imports as i').innerJoin('users as u', 'u.user_id', 'i.user_id').select(['u.name', 'u.email']).where('i.import_id', '=', row.import_id).where('i.account_key', '=', accountKey).executeTakeFirst()
      : undefined;
    const documents = await db
      .selectFrom('settlement_documents')
      .select(['number', 'system', 'status', 'created_at', 'posted_at', 'reversed_at', 'updated_at', 'error'])
      .where('settlement_key', '=', settlementKey)
      .orderBy('created_at')
      .execute();
    const firstPosted = documents.reduce<Date | null>((first, d) => (d.posted_at && (!first || d.posted_at < first) ? d.posted_at : first), null);
    let saves = db
      .selectFrom('audit_log as a')
      .leftJoin('users as u', 'u.user_id', 'a.actor_user_id')
      .select(['a.action', 'a.created_at', 'u.name', 'u.email'])
      .where('a.account_key', '=', accountKey)
      .where('a.action', 'in', MAPPING_ACTIONS)
      .where('a.created_at', '>=', row.created_at);
    if (firstPosted) saves = saves.where('a.created_at', '<=', firstPosted);
    const mappingSaves = await saves.orderBy('a.created_at').limit(20).execute();
    facts = {
      ...facts,
      settlement: {
        settlementId: row.settlement_id,
        createdAt: row.created_at,
        sourceKind: row.source_kind,
        sourceFile: row.source_file,
        channelName: (CHANNEL_NAMES as Record<string, { name: string } | undefined>)[row.sales_source]?.name ?? row.sales_source,
        importedBy: importer ? person(importer) : null,
        onHoldAt: row.on_hold ? row.on_hold_date : null,
        onHoldReason: row.on_hold ? row.on_hold_reason : null,
      },
      documents: documents.map((d) => ({ number: d.number, systemName: accountingSystemLabel(d.system), status: d.status, createdAt: d.created_at, postedAt: d.posted_at, reversedAt: d.reversed_at, updatedAt: d.updated_at, error: d.error })),
      mappingSaves: mappingSaves.map((m) => ({ action: m.action, at: m.created_at, actor: person(m) })),
    };
  }
  const entries = buildSettlementHistory(facts).map((e) => ({ at: e.at.toISOString(), kind: e.kind, title: e.title, detail: e.detail, by: e.by, ...(e.diff ? { diff: e.diff } : {}) }));
  return { settlementKey, isDeleted: !row, entries };
}
