/**
 * POST /account_redaction: an owner asks for the deletion of an account's data, or cancels it (issue
 * 15, spec sections 4 and 9). The deletion itself is the redact-accounts job, 72 hours later.
 */
import type { FastifyInstance } from 'fastify';
import { accountRedaction } from '@ledgerport/contract';
import { decideRedaction, redactionDueAt } from '@ledgerport/core/rules';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';

export function registerRedactionRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  addRoute(app, deps, accountRedaction, async ({ caller, body }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const account = await trx.selectFrom('accounts').select(['redaction_requested_at']).where('account_key', '=', body.accountKey).forUpdate().executeTakeFirstOrThrow();
      const decision = decideRedaction(body.action, account.redaction_requested_at);
      if (decision.kind === 'refused') throw new AppError('account.redaction-state', decision.message, { accountKey: body.accountKey });
      const isRequest = decision.kind === 'request';
      await trx
        .updateTable('accounts')
        .set({ redaction_pending: isRequest, redaction_requested_at: isRequest ? now : null, redaction_requested_by: isRequest ? caller.userId : null, updated_at: now })
        .where('account_key', '=', body.accountKey)
        .execute();
      await recordAudit(trx, {
        actorUserId: caller.userId,
        accountKey: body.accountKey,
        action: isRequest ? 'account.redaction-requested' : 'account.redaction-cancelled',
        entityType: 'account',
        entityId: body.accountKey,
        before: { redactionPending: !isRequest },
        after: { redactionPending: isRequest },
        at: now,
      });
      return { accountKey: body.accountKey, redactionPending: isRequest, redactionDueAt: isRequest ? redactionDueAt(now).toISOString() : null };
    });
  });
}
