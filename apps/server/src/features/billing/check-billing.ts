/**
 * The one place the server applies core's billing rule (decision 0031): uploads, sends (one, bulk,
 * automatic), channel fetches and backfills, new channel connections and plan features all ask
 * here. `decideForAccount` answers; `assertBillingAllows` turns a refusal into a 402 (the trial's
 * file limit keeps its 403 and code, which the web app already knows).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { decideBillingLimit, type BillingAction, type BillingDecision } from '@ledgerport/core/billing';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import { countChannels, countSentThisMonth, loadBillingFacts } from './billing-repository';

export interface BillingDeps {
  db: Kysely<Database>;
  /** Absent (a test's hand-made deps) or without billing: billing off. */
  config?: Pick<Config, 'billing'> | undefined;
  clock: () => Date;
}

/** Actions as the server asks them: usage is counted here, so no caller counts it its own way. */
export type BillingAsk =
  | { kind: 'upload'; filesUsed: number; filesAdded: number }
  | { kind: 'send'; accountingSystem: string; count: number; isAutomatic: boolean }
  | { kind: 'fetch'; isScheduled: boolean }
  | { kind: 'connect-channel' }
  | Extract<BillingAction, { kind: 'feature' }>;

export async function decideForAccount(deps: BillingDeps, accountKey: string, ask: BillingAsk): Promise<BillingDecision> {
  // Billing off: no query at all, the self-hosted default costs nothing.
  if (!deps.config?.billing) return { isAllowed: true, historyMonths: null };
  const now = deps.clock();
  const facts = await loadBillingFacts(deps.db, deps.config, accountKey, now);
  return decideBillingLimit(facts, await actionOf(deps.db, accountKey, ask, now));
}

async function actionOf(db: Kysely<Database>, accountKey: string, ask: BillingAsk, now: Date): Promise<BillingAction> {
  switch (ask.kind) {
    case 'send':
      return { ...ask, sentThisMonth: await countSentThisMonth(db, accountKey, now) };
    case 'connect-channel':
      return { kind: 'connect-channel', channelsUsed: await countChannels(db, accountKey) };
    default:
      return ask;
  }
}

export async function assertBillingAllows(deps: BillingDeps, accountKey: string, ask: BillingAsk): Promise<BillingDecision & { isAllowed: true }> {
  const decision = await decideForAccount(deps, accountKey, ask);
  if (decision.isAllowed) return decision;
  const details = { accountKey, refusal: decision.code, planCode: decision.planCode };
  if (decision.code === 'trial-files') throw new AppError('settlement.trial-file-limit', decision.message, details);
  throw new AppError('billing.limit', decision.message, details);
}
