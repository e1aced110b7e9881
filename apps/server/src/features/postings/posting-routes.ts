/**
 * Postings (spec section 2, /invoices and /invoice): the list of an account's documents and one
 * document with its lines. Account-scoped like settlements: another account's answers not found.
 */
import type { FastifyInstance } from 'fastify';
import { errorMessages, getPosting, listPostings, pageSizes } from '@ledgerport/contract';
import { formatUnits } from '@ledgerport/core/money';
import { documentLinesTotal } from '@ledgerport/core/posting';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { accountLevelOf, assertAccountAccess, assertAllowed } from '../accounts/account-access';
import { documentFromStored } from '../posting/stored-document';
import { documentBody } from '../settlements/settlement-documents';
import { postingRowsQuery, postingsOf, searchPostings } from './search-postings';

export function registerPostingRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  addRoute(app, deps, listPostings, async ({ query, caller }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const { postings, totalRows, currencies } = await searchPostings(db, query);
    return {
      postings,
      pagination: { perPage: query.size, currentPage: query.page, cursor: null, totalRows, pageOptions: [...pageSizes] },
      currencies,
      hasAny: currencies.length > 0,
    };
  });

  addRoute(app, deps, getPosting, async ({ query, caller }) => {
    const row = await postingRowsQuery(db).select('d.document').select('d.settings_version').where('d.document_id', '=', query.documentId).executeTakeFirst();
    const level = row ? await accountLevelOf(db, caller, row.account_key) : null;
    if (!row || level === null) throw new AppError('posting.not-found', errorMessages.postingNotFound, { documentId: query.documentId });
    assertAllowed(caller, level, { documentId: query.documentId });
    const [posting] = await postingsOf(db, row.account_key, [row]);
    const doc = documentFromStored(row.document);
    const stored = {
      documentId: row.document_id,
      // As the settlement detail shows it: a document whose call is still out will be posted.
      status: row.status === 'SENDING' ? ('PENDING' as const) : row.status,
      remoteId: row.remote_id,
      remoteNumber: row.remote_number,
      remoteUrl: posting!.remoteUrl,
      postedAt: row.posted_at,
      error: row.error,
    };
    return { posting: posting!, document: documentBody(doc, stored, row.settings_version), linesTotal: formatUnits(documentLinesTotal(doc)) };
  });
}
