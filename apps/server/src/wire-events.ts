/**
 * The composition's event wiring (decision 0051): which features react to the events the others raise.
 * Every process that runs server code calls wireEvents() once before it stores, saves or sends
 * anything: buildApp (server, tests' apps), main.ts, the demo seed, the test setup, bench. Handlers of
 * one event run in the order they are subscribed here; an in-transaction event's handlers write in the
 * raiser's transaction.
 */
import { markEventsWired } from './events/event-hub';
import { requestAutoSend } from './features/automation/auto-send';
import { addSeenProductsOfSettlements } from './features/cogs/product-catalog-repository';
import { settlementFileImported, settlementsStored } from './features/imports/import-events';
import { mappingStateRefreshed, mappingsSaved } from './features/mappings/mapping-events';
import { notifyAutoSent, notifyNewSettlements, notifySendFailed } from './features/notifications/notify-events';
import { refreshAccountStatus } from './features/partner/refresh-account-status';
import { holdsChanged } from './features/posting-settings/hold-events';
import { sendFinished } from './features/posting/send-events';
import { writeOrderTotals } from './features/shopify-reports/write-order-totals';

let isWired = false;

export function wireEvents(): void {
  if (isWired) return;
  isWired = true;

  // Settlements stored (imports), in the storing transaction.
  settlementsStored.on(async ({ trx, accountKey, stored }) => {
    // A settlement completed twice in one batch keeps one set of order totals: its last lines'.
    const shopify = new Map(stored.filter((s) => s.channel === 'SHOPIFY').map((s) => [s.settlementKey, s.currency]));
    for (const [settlementKey, currency] of shopify) await writeOrderTotals(trx, accountKey, settlementKey, currency);
  });
  settlementsStored.on(({ trx, accountKey, stored, at }) => addSeenProductsOfSettlements(trx, accountKey, stored.map((s) => s.settlementKey), at));
  settlementsStored.on(({ trx, accountKey, created, at }) => notifyNewSettlements(trx, accountKey, created, at));
  settlementsStored.on(({ trx, accountKey, at }) => refreshAccountStatus(trx, accountKey, at));
  // An uploaded file's settlements are committed: automation sends what is ready.
  settlementFileImported.on(({ deps, accountKey, log }) => requestAutoSend(deps, accountKey, log));

  // Mappings (mappings).
  mappingsSaved.on(({ deps, accountKey }) => requestAutoSend(deps, accountKey));
  mappingStateRefreshed.on(({ db, accountKey, at }) => refreshAccountStatus(db, accountKey, at));

  // Holds (posting settings).
  holdsChanged.on(({ db, accountKey, at }) => refreshAccountStatus(db, accountKey, at));

  // Sends (posting), in the transaction that records the outcome.
  sendFinished.on(async (e) => {
    if (e.outcome === 'posted' && e.isAutomatic) await notifyAutoSent(e.trx, { accountKey: e.accountKey, settlementKey: e.settlementKey, settlementId: e.settlementId, at: e.at });
    if (e.outcome === 'failed' && !e.wasFailed) await notifySendFailed(e.trx, { accountKey: e.accountKey, settlementKey: e.settlementKey, settlementId: e.settlementId, error: e.error, at: e.at });
  });
  sendFinished.on(({ trx, accountKey, at }) => refreshAccountStatus(trx, accountKey, at));

  markEventsWired();
}
