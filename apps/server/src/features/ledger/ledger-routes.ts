/**
 * The built-in ledger's calls (MANUAL accounts): trial balance, one account's ledger, journals, and
 * downloads of the posted documents in every export format of core.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { exportLedger, getAccountLedger, getTrialBalance, listJournals, pageSizes } from '@ledgerport/contract';
import { formatUnits } from '@ledgerport/core/money';
import { accountLedger, trialBalance, type Journal } from '@ledgerport/core/ledger';
import { writeExport, ExportLimitError } from '@ledgerport/core/exports';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getAccountMappingContext, getCurrentMappings } from '../mappings/mapping-repository';
import { documentFromStored } from '../posting/stored-document';
import { toJournal } from '../posting/ledger-port';

async function loadJournals(db: Kysely<Database>, accountKey: string): Promise<(Journal & { created: Date; settlementKey: string | null })[]> {
  const rows = await db.selectFrom('ledger_journals').selectAll().where('account_key', '=', accountKey).orderBy('journal_date').orderBy('created_at').execute();
  const lines = await db.selectFrom('ledger_lines').selectAll().where('account_key', '=', accountKey).orderBy('journal_id').orderBy('line_no').execute();
  const byJournal = new Map<string, typeof lines>();
  for (const l of lines) byJournal.set(l.journal_id, [...(byJournal.get(l.journal_id) ?? []), l]);
  return rows.map((r) => ({ ...toJournal(r, byJournal.get(r.journal_id) ?? []), created: r.created_at, settlementKey: r.settlement_key }));
}

async function accountNames(db: Kysely<Database>, accountKey: string): Promise<Map<string, string>> {
  const set = await getCurrentMappings(db, await getAccountMappingContext(db, accountKey));
  return new Map(set.chart.accounts.map((a) => [a.code, a.name]));
}

export function registerLedgerRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  addRoute(app, deps, getTrialBalance, async ({ query, caller }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const journals = await loadJournals(db, query.accountKey);
    const names = await accountNames(db, query.accountKey);
    const rows = trialBalance(journals, query.throughDate ? { throughDate: query.throughDate } : {});
    return {
      journalCount: journals.length,
      rows: rows.map((r) => ({ accountCode: r.accountCode, accountName: names.get(r.accountCode) ?? r.accountCode, currency: r.currency, debits: formatUnits(r.debits), credits: formatUnits(r.credits), balance: formatUnits(r.balance) })),
    };
  });

  addRoute(app, deps, getAccountLedger, async ({ query, caller }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const journals = await loadJournals(db, query.accountKey);
    const names = await accountNames(db, query.accountKey);
    return {
      accountCode: query.accountCode,
      accountName: names.get(query.accountCode) ?? query.accountCode,
      currency: query.currency,
      entries: accountLedger(journals, query.accountCode, query.currency).map((e) => ({ ...e, amount: formatUnits(e.amount), runningBalance: formatUnits(e.runningBalance) })),
    };
  });

  addRoute(app, deps, listJournals, async ({ query, caller }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    let journals = (await loadJournals(db, query.accountKey)).reverse();
    if (query.settlementKey) journals = journals.filter((j) => j.settlementKey === query.settlementKey);
    const names = await accountNames(db, query.accountKey);
    const reversedBy = new Map(journals.filter((j) => j.reversesId).map((j) => [j.reversesId!, j.id]));
    const page = journals.slice(query.page * query.size, (query.page + 1) * query.size);
    return {
      journals: page.map((j) => ({
        journalId: j.id,
        date: j.date,
        number: j.number,
        description: j.description,
        currency: j.currency,
        settlementKey: j.settlementKey,
        mappingVersion: j.mappingVersion,
        reversesId: j.reversesId,
        reversedById: reversedBy.get(j.id) ?? null,
        created: j.created.toISOString(),
        lines: j.lines.map((l) => ({ accountCode: l.accountCode, accountName: names.get(l.accountCode) ?? l.accountCode, side: l.side, amount: formatUnits(l.amount), description: l.description })),
      })),
      pagination: { perPage: query.size, currentPage: query.page, cursor: null, totalRows: journals.length, pageOptions: [...pageSizes] },
    };
  });

  addRoute(app, deps, exportLedger, async ({ query, caller, reply }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    let q = db.selectFrom('settlement_documents').select('document').where('account_key', '=', query.accountKey).where('status', '=', 'POSTED').where('system', '=', 'MANUAL');
    if (query.start) q = q.where('document_date', '>=', query.start);
    if (query.end) q = q.where('document_date', '<=', query.end);
    const docs = (await q.orderBy('document_date').orderBy('number').execute()).map((r) => documentFromStored(r.document));
    const set = await getCurrentMappings(db, await getAccountMappingContext(db, query.accountKey));
    let files;
    try {
      files = writeExport(query.format, docs, { taxRates: set.chart.taxRates });
    } catch (e) {
      if (e instanceof ExportLimitError) throw new AppError('request.invalid', e.message);
      throw e;
    }
    const file = files[query.part - 1];
    if (!file) throw new AppError('request.invalid', `This export has ${files.length} file${files.length === 1 ? '' : 's'}; part ${query.part} does not exist.`);
    const type = query.format === 'json' ? 'application/json' : query.format === 'hledger' || query.format === 'beancount' || query.format === 'iif' ? 'text/plain' : 'text/csv';
    reply.header('content-type', `${type}; charset=utf-8`).header('content-disposition', `attachment; filename="${file.name}"`).header('x-export-parts', String(files.length));
    await reply.send(file.content);
  });
}
