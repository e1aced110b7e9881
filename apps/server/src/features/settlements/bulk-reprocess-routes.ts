/**
 * Bulk reprocess (issue 28, decision 0062): POST /bulkReprocess/preview sums what reprocessing the
 * chosen settlements would change (how many change, what moves in total per currency) and changes
 * nothing; POST /bulkReprocess carries it out with each settlement's preview token, one settlement at a
 * time through the single reprocess, so a settlement that changed since the summary is skipped, saying why.
 */
import type { FastifyInstance } from 'fastify';
import { confirmBulkReprocess, previewBulkReprocess, type BulkReprocessSummary } from '@ledgerport/contract';
import { formatMoney } from '@ledgerport/core/money';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { getSettlementForCaller, type SettlementRow } from '../stored-settlements/load-settlement';
import { planReprocess, planSentence } from './reprocess-plan';
import { reprocessAndRecord } from './reprocess-settlement';

type SummaryRow = BulkReprocessSummary['settlements'][number];

/** Every key must be a settlement of one account the caller may open; otherwise nothing happens (not found). */
async function rowsOf(deps: Deps, caller: Caller, keys: string[]): Promise<SettlementRow[]> {
  const rows: SettlementRow[] = [];
  for (const key of new Set(keys)) rows.push(await getSettlementForCaller(deps.db, caller, key));
  if (new Set(rows.map((r) => r.account_key)).size > 1) throw new AppError('request.invalid', 'A bulk action works on the settlements of one account at a time.');
  return rows;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

async function summarize(deps: Deps, rows: SettlementRow[]): Promise<BulkReprocessSummary> {
  const settlements: SummaryRow[] = [];
  const moved = new Map<string, bigint>();
  for (const row of rows) {
    const plan = await planReprocess(deps.db, row);
    const base = { settlementKey: row.settlement_key, settlementId: row.settlement_id, reverseCount: 0, postCount: 0, lineCount: 0, moved: [], previewToken: null };
    if (!plan) {
      settlements.push({ ...base, outcome: 'not-posted', message: `Settlement ${row.settlement_id} is not posted: reprocess builds its documents again with the current mappings.` });
      continue;
    }
    const outcome = plan.problems.length > 0 ? 'blocked' : plan.preview.hasChanges ? 'changes' : 'unchanged';
    if (outcome === 'changes') for (const m of plan.diff.moved) moved.set(m.currency, (moved.get(m.currency) ?? 0n) + m.amount);
    settlements.push({
      ...base,
      outcome,
      message: planSentence(plan, row.settlement_id),
      reverseCount: plan.preview.reverseCount,
      postCount: plan.preview.postCount,
      lineCount: plan.diff.documents.reduce((a, d) => a + d.lines.length, 0),
      moved: plan.preview.moved,
      previewToken: plan.preview.previewToken,
    });
  }
  const count = (o: SummaryRow['outcome']) => settlements.filter((s) => s.outcome === o).length;
  return {
    settlementCount: settlements.length,
    changeCount: count('changes'),
    unchangedCount: count('unchanged'),
    notPostedCount: count('not-posted'),
    blockedCount: count('blocked'),
    moved: [...moved].map(([currency, units]) => ({ currency, amount: formatMoney({ units, currency }) })),
    settlements,
  };
}

export function registerBulkReprocessRoutes(app: FastifyInstance, deps: Deps): void {
  addRoute(app, deps, previewBulkReprocess, async ({ body, caller }) => summarize(deps, await rowsOf(deps, caller, body.bulkSettlement)));

  addRoute(app, deps, confirmBulkReprocess, async ({ body, caller }) => {
    const rows = await rowsOf(
      deps,
      caller,
      body.settlements.map((s) => s.settlementKey),
    );
    const done: string[] = [];
    const skipped: { settlementKey: string; reason: string }[] = [];
    for (const row of rows) {
      const token = body.settlements.find((s) => s.settlementKey === row.settlement_key)?.previewToken ?? null;
      try {
        const result = await reprocessAndRecord(deps, caller, row, { isConfirmed: token !== null, ...(token ? { previewToken: token } : {}) });
        // Posted since the summary said it was not: it was shown nothing, so nothing is replaced.
        if (token === null && result.preview?.hasChanges) skipped.push({ settlementKey: row.settlement_key, reason: `Settlement ${row.settlement_id} was posted after the summary; reprocess it again to see what would change.` });
        else done.push(row.settlement_key);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        skipped.push({ settlementKey: row.settlement_key, reason: e.message });
      }
    }
    const message = `${done.length} of ${plural(rows.length, 'settlement')} reprocessed${skipped.length > 0 ? `, ${skipped.length} skipped` : ''}.`;
    return { done, skipped, message };
  });
}
