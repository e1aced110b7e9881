/**
 * The one place the server applies core's billing rule (decision 0031): uploads, sends (one, bulk,
 * automatic), channel fetches and backfills, new channel connections and plan features all ask
 * here. `decideForAccount` answers; `assertBillingAllows` turns a refusal into a 402 (the trial's
 * file limit keeps its 403 and code, which the web app already knows).
 */
import type { Kysely } from 'kysely';
import type { ConnectionsTable, Database } from '@ledgerport/db';
import { decideBillingLimit, type BillingAction, type BillingDecision, type PlanFeature } from '@ledgerport/core/billing';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import { canAccessAccount } from '../accounts/account-access';
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
  | Extract<BillingAction, { kind: 'feature' | 'history' }>;

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

/** The account a request concerns: its accountKey (query, body or params), or the account of its settlementKey. */
async function accountKeyOfRequest(db: Kysely<Database>, parts: readonly unknown[]): Promise<string | null> {
  for (const part of parts) {
    const key = (part as { accountKey?: unknown } | null | undefined)?.accountKey;
    if (typeof key === 'string' && key) return key;
  }
  for (const part of parts) {
    const settlementKey = (part as { settlementKey?: unknown } | null | undefined)?.settlementKey;
    if (typeof settlementKey !== 'string' || !settlementKey) continue;
    const row = await db.selectFrom('settlements').select('account_key').where('settlement_key', '=', settlementKey).executeTakeFirst();
    return row?.account_key ?? null;
  }
  return null;
}

/**
 * The gate of a contract entry's `planFeature` (decision 0040), run by addRoute after the request is
 * validated and before the handler. Billing off: nothing is read. A caller who cannot open the
 * account is left to the handler, which answers not-found, so the refusal never tells a stranger
 * what plan an account has.
 */
export async function assertPlanFeature(deps: BillingDeps, caller: Caller | null, request: { query?: unknown; body?: unknown; params?: unknown }, feature: PlanFeature): Promise<void> {
  if (!deps.config?.billing || !caller) return;
  const accountKey = await accountKeyOfRequest(deps.db, [request.query, request.body, request.params]);
  if (!accountKey || !(await canAccessAccount(deps.db, caller, accountKey))) return;
  await assertBillingAllows(deps, accountKey, { kind: 'feature', feature });
}

/**
 * A new sales channel connection (decision 0040): reconnecting the role the account already has
 * connected adds nothing; another one counts against the plan's channel limit.
 */
export async function assertChannelConnectAllowed(deps: BillingDeps, accountKey: string, role: Exclude<ConnectionsTable['role'], 'accounting'>): Promise<void> {
  if (!deps.config?.billing) return;
  const same = await deps.db.selectFrom('connections').select('status').where('account_key', '=', accountKey).where('role', '=', role).executeTakeFirst();
  if (same && same.status !== 'DISCONNECTED') return;
  await assertBillingAllows(deps, accountKey, { kind: 'connect-channel' });
}
