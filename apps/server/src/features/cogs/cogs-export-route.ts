/**
 * /export-cogs/download: the COGS journals of an account's settlements ending within [start, end]
 * (local days, 92 at most) or of the settlements listed (bulk COGS export), in any of core's export
 * formats. A posted journal is exported as posted; the others as refreshcogs last computed them. A
 * settlement with missing costs or never refreshed is left out and counted in X-Cogs-Skipped (its
 * cost is not known, so it is never exported as zero).
 */
import { isBillingEnabled } from '../../config/billing-config';
import type { FastifyInstance } from 'fastify';
import { exportCogs, SETTLEMENT_EXPORT_DAYS_MAX } from '@ledgerport/contract';
import { ExportLimitError, writeExport } from '@ledgerport/core/exports';
import type { PostingDocument } from '@ledgerport/core/posting';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getCurrentMappings, getAccountMappingContext } from '../mappings/mapping-repository';
import { documentFromStored } from '../posting/stored-document';
import { assertCogsEnabled, getCogsAccount } from './cogs-account';
import { cogsDocumentsOf, findStoredCogs } from './cogs-documents';

const DAY_MS = 86_400_000;

export function registerCogsExportRoute(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  addRoute(app, deps, exportCogs, async ({ caller, query, reply }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const account = await getCogsAccount(db, query.accountKey, isBillingEnabled(deps.config));
    assertCogsEnabled(account);
    const keys = query.settlementKeys
      ? query.settlementKeys
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean)
      : null;
    if (!keys && (!query.start || !query.end))
      throw new AppError('request.invalid', 'Choose a start and an end date, or the settlements to export.');
    let q = db
      .selectFrom('settlements')
      .selectAll()
      .where('account_key', '=', query.accountKey)
      .where('duplicate_of', 'is', null);
    if (keys) q = q.where('settlement_key', 'in', keys);
    else {
      const start = Date.parse(`${query.start}T00:00:00Z`);
      const end = Date.parse(`${query.end}T00:00:00Z`) + DAY_MS;
      if (end <= start)
        throw new AppError(
          'request.invalid',
          `The end date ${query.end} must be after the start date ${query.start}.`,
        );
      if (end - start > SETTLEMENT_EXPORT_DAYS_MAX * DAY_MS)
        throw new AppError('request.invalid', `Choose at most ${SETTLEMENT_EXPORT_DAYS_MAX} days to export.`);
      q = q.where('end_at', '>=', new Date(start)).where('end_at', '<', new Date(end));
    }
    const rows = await q.orderBy('end_at').orderBy('settlement_id').execute();
    const docs: PostingDocument[] = [];
    let skipped = 0;
    for (const row of rows) {
      const posted = await db
        .selectFrom('settlement_cogs_documents')
        .select('document')
        .where('settlement_key', '=', row.settlement_key)
        .where('status', '=', 'POSTED')
        .orderBy('part_index')
        .execute();
      if (posted.length > 0) {
        docs.push(...posted.map((p) => documentFromStored(p.document)));
        continue;
      }
      const stored = await findStoredCogs(db, row.settlement_key);
      if (!stored || stored.missing.length > 0) {
        skipped++;
        continue;
      }
      docs.push(...cogsDocumentsOf(row, account, stored, deps.clock()));
    }
    const set = await getCurrentMappings(db, await getAccountMappingContext(db, query.accountKey));
    let files;
    try {
      files = writeExport(query.format, docs, { taxRates: set.chart.taxRates });
    } catch (e) {
      if (e instanceof ExportLimitError) throw new AppError('request.invalid', e.message);
      throw e;
    }
    const file = files[0] ?? { name: `cogs-${query.accountKey}.txt`, content: '' };
    const type =
      query.format === 'json'
        ? 'application/json'
        : query.format === 'hledger' || query.format === 'beancount' || query.format === 'iif'
          ? 'text/plain'
          : 'text/csv';
    const name = file.name.replace(/^/, 'cogs-');
    reply
      .header('content-type', `${type}; charset=utf-8`)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-export-parts', String(files.length))
      .header('x-cogs-skipped', String(skipped));
    await reply.send(file.content);
  });
}
