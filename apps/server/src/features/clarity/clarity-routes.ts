/**
 * Clarity (issue 19, decision 0037): the organization's context, the Home dashboard, custom analyses
 * run and saved. Every figure is read from the report rollup of the organization's accounts the
 * caller may see; every change is audited with the organization.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  CLARITY_RANGE_DAYS_MAX,
  deleteClarityAnalysis,
  getClarityContext,
  getClarityDashboard,
  listClarityAnalyses,
  runClarityAnalysis,
  saveClarityAnalysis,
  clarityDefinitionSchema,
  type SavedAnalysis,
} from '@ledgerport/contract';
import { CLARITY_MEASURES } from '@ledgerport/core/clarity';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertReportRange } from '../reports/report-range';
import { buildClarityResult } from './clarity-result';
import { readClarityRows } from './clarity-rows';
import { assertClarityAllowed, getClarityOrganization } from './clarity-organization';

const MONEY_MEASURES = CLARITY_MEASURES.filter(
  (m) => m !== 'advertising' && m !== 'shipping' && m !== 'tax' && m !== 'other',
);

function toSaved(r: {
  analysis_id: string;
  name: string;
  definition: Record<string, unknown>;
  created_by: string | null;
  updated_at: Date;
}): SavedAnalysis {
  // A definition written by an older version that no longer parses is shown with its name, so it can be deleted.
  const parsed = clarityDefinitionSchema.safeParse(r.definition);
  const definition = parsed.success
    ? parsed.data
    : {
        measures: ['net' as const],
        dimensions: ['month' as const],
        start: '2000-01-01',
        end: '2000-01-01',
        display: 'table' as const,
      };
  return {
    analysisId: r.analysis_id,
    name: r.name,
    definition,
    createdBy: r.created_by,
    updatedAt: r.updated_at.toISOString(),
  };
}

export function registerClarityRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, getClarityContext, async ({ caller, query }) =>
    getClarityOrganization(db, caller, query.organizationId),
  );

  addRoute(app, deps, getClarityDashboard, async ({ caller, query }) => {
    const org = await getClarityOrganization(db, caller, query.organizationId);
    assertReportRange(query.start, query.end, CLARITY_RANGE_DAYS_MAX);
    const rows = await readClarityRows(db, org.accounts, query.start, query.end);
    const of = (dimensions: ('month' | 'account' | 'channel')[]) =>
      buildClarityResult(org.organizationId, org.accounts.length, rows, {
        measures: MONEY_MEASURES,
        dimensions,
        start: query.start,
        end: query.end,
      });
    return { byMonth: of(['month']), byAccount: of(['account']), byChannel: of(['channel']) };
  });

  addRoute(app, deps, runClarityAnalysis, async ({ caller, body }) => {
    const org = await getClarityOrganization(db, caller, body.organizationId);
    assertClarityAllowed(org.canUseNewAnalysis, 'run a custom analysis');
    const d = body.definition;
    assertReportRange(d.start, d.end, CLARITY_RANGE_DAYS_MAX);
    return buildClarityResult(
      org.organizationId,
      org.accounts.length,
      await readClarityRows(db, org.accounts, d.start, d.end),
      d,
    );
  });

  addRoute(app, deps, listClarityAnalyses, async ({ caller, query }) => {
    const org = await getClarityOrganization(db, caller, query.organizationId);
    const rows = await db
      .selectFrom('clarity_analyses')
      .selectAll()
      .where('organization_id', '=', org.organizationId)
      .orderBy('name')
      .execute();
    return { analyses: rows.map(toSaved) };
  });

  addRoute(app, deps, saveClarityAnalysis, async ({ caller, body }) => {
    const org = await getClarityOrganization(db, caller, body.organizationId);
    assertClarityAllowed(org.canUseNewAnalysis, 'save an analysis');
    assertReportRange(body.definition.start, body.definition.end, CLARITY_RANGE_DAYS_MAX);
    const now = clock();
    const actor = await db
      .selectFrom('users')
      .select('name')
      .where('user_id', '=', caller.userId)
      .executeTakeFirst();
    const saved = await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('clarity_analyses')
        .selectAll()
        .where('organization_id', '=', org.organizationId)
        .where((eb) => eb(eb.fn('lower', ['name']), '=', body.name.toLowerCase()))
        .executeTakeFirst();
      const analysisId = existing?.analysis_id ?? `analysis-${randomUUID()}`;
      const definition = JSON.stringify(body.definition);
      if (existing) {
        await trx
          .updateTable('clarity_analyses')
          .set({ name: body.name, definition, updated_at: now })
          .where('organization_id', '=', org.organizationId)
          .where('analysis_id', '=', analysisId)
          .execute();
      } else {
        await trx
          .insertInto('clarity_analyses')
          .values({
            organization_id: org.organizationId,
            analysis_id: analysisId,
            name: body.name,
            definition,
            created_by: actor?.name ?? null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      await recordAudit(trx, {
        actorUserId: caller.userId,
        organizationId: org.organizationId,
        action: existing ? 'clarity.analysis-replaced' : 'clarity.analysis-saved',
        entityType: 'clarity-analysis',
        entityId: analysisId,
        before: existing ? { name: existing.name, definition: existing.definition } : null,
        after: { name: body.name, definition: body.definition, by: actor?.name ?? null },
        at: now,
      });
      return trx
        .selectFrom('clarity_analyses')
        .selectAll()
        .where('organization_id', '=', org.organizationId)
        .where('analysis_id', '=', analysisId)
        .executeTakeFirstOrThrow();
    });
    return toSaved(saved);
  });

  addRoute(app, deps, deleteClarityAnalysis, async ({ caller, params, query }) => {
    const org = await getClarityOrganization(db, caller, query.organizationId);
    const existing = await db
      .selectFrom('clarity_analyses')
      .selectAll()
      .where('organization_id', '=', org.organizationId)
      .where('analysis_id', '=', params.analysisId)
      .executeTakeFirst();
    if (!existing)
      throw new AppError(
        'clarity.analysis-not-found',
        `There is no saved analysis "${params.analysisId}" in this organization.`,
        { analysisId: params.analysisId },
      );
    assertClarityAllowed(org.canUseNewAnalysis, 'delete an analysis');
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('clarity_analyses')
        .where('organization_id', '=', org.organizationId)
        .where('analysis_id', '=', params.analysisId)
        .execute();
      await recordAudit(trx, {
        actorUserId: caller.userId,
        organizationId: org.organizationId,
        action: 'clarity.analysis-deleted',
        entityType: 'clarity-analysis',
        entityId: params.analysisId,
        before: { name: existing.name, definition: existing.definition },
        at: now,
      });
    });
  });
}
