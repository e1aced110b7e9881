/**
 * Settings > Built-in ledger (decision 0058): the chart of accounts and tax rates of an account on the
 * built-in ledger. Core's built-in-chart.ts decides (unique code, role and tax accounts stay active,
 * a posted account is never deleted); each change is one transaction with its audit entry, and the
 * account's mapping state is refreshed after (a deactivated rate or account changes nothing posted).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import {
  addBuiltInLedgerAccount,
  addBuiltInTaxRate,
  deleteBuiltInLedgerAccount,
  getBuiltInLedgerChart,
  updateBuiltInLedgerAccount,
  updateBuiltInTaxRate,
  type BuiltInLedgerChart,
} from '@ledgerport/contract';
import {
  checkNewLedgerAccount,
  mappedAccountCodes,
  newLedgerAccount,
  whyAccountCannotBeDeleted,
  whyAccountMustStayActive,
  type ChartOfAccounts,
} from '@ledgerport/core/mapping';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getAccountMappingContext, getCurrentMappings, type AccountMappingContext } from '../mappings/mapping-repository';
import { refreshMappingState } from '../mappings/refresh-mapping-state';
import {
  addLedgerAccount,
  addTaxRate,
  deleteLedgerAccount,
  ensureStoredChart,
  findBuiltInChart,
  getBuiltInChart,
  percentText,
  postedAccountCodes,
  updateLedgerAccount,
  updateTaxRate,
} from '../mappings/built-in-chart-repository';

/** The account's mapping context, refused (409) unless it posts to the built-in ledger (MANUAL, or no system chosen yet). */
async function builtInContext(db: Kysely<Database>, accountKey: string): Promise<AccountMappingContext> {
  const context = await getAccountMappingContext(db, accountKey);
  if (context.accountingSystem !== 'MANUAL' && context.accountingSystem !== 'NONE') {
    throw new AppError('ledger.not-manual', 'This account posts to another accounting system: its chart of accounts and tax rates are that system’s. The built-in ledger’s chart is for accounts on the built-in ledger.', { accountKey });
  }
  return context;
}

export async function builtInChartBody(db: Kysely<Database>, accountKey: string, channel: AccountMappingContext['salesChannel']): Promise<BuiltInLedgerChart> {
  const stored = await findBuiltInChart(db, accountKey);
  const chart = stored ?? (await getBuiltInChart(db, accountKey, channel));
  const posted = await postedAccountCodes(db, accountKey);
  const names = new Map(chart.accounts.map((a) => [a.code, a.name]));
  return {
    accountKey,
    accounts: chart.accounts.map((a) => ({
      code: a.code,
      name: a.name,
      kind: a.kind,
      path: a.path,
      role: a.role ?? null,
      isActive: !a.isInactive,
      isPosted: posted.has(a.code),
      mustStayActiveReason: whyAccountMustStayActive(a, chart.taxRates),
    })),
    taxRates: chart.taxRates.map((t) => ({
      code: t.code,
      name: t.name,
      ratePercent: t.ratePercent ?? '0',
      taxAccountCode: t.accountCode ?? null,
      taxAccountName: t.accountCode ? (names.get(t.accountCode) ?? null) : null,
      isActive: !t.isInactive,
    })),
    isSaved: stored !== undefined,
  };
}

const accountNotFound = (code: string) => new AppError('ledger.account-not-found', `The chart of accounts of the built-in ledger has no account with the code ${code}.`, { code });
const rateNotFound = (code: string) => new AppError('ledger.tax-rate-not-found', `The built-in ledger has no tax rate with the code ${code}.`, { code });

function taxAccountOf(chart: ChartOfAccounts, code: string) {
  const account = chart.accounts.find((a) => a.code === code);
  if (!account) throw new AppError('request.invalid', `The tax account ${code} is not in the chart of accounts of the built-in ledger.`, [{ path: 'taxAccountCode', message: `Choose an account of the chart; ${code} is not one.` }]);
  if (account.isInactive) throw new AppError('request.invalid', `${account.name} is deactivated; choose an active tax account.`, [{ path: 'taxAccountCode', message: `${account.name} is deactivated.` }]);
  return account;
}

export function registerBuiltInChartRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  /** Runs one change on the stored chart (stored first if it was still the default) with its audit entry, then refreshes the mapping state. */
  const change = async (
    accountKey: string,
    userId: string,
    apply: (trx: Kysely<Database>, chart: ChartOfAccounts, at: Date) => Promise<{ action: string; entityId: string; before?: Record<string, unknown>; after?: Record<string, unknown> }>,
  ): Promise<BuiltInLedgerChart> => {
    const context = await builtInContext(db, accountKey);
    const at = clock();
    await db.transaction().execute(async (trx) => {
      const chart = await ensureStoredChart(trx, accountKey, context.salesChannel, userId, at);
      const audit = await apply(trx, chart, at);
      await recordAudit(trx, { actorUserId: userId, accountKey, entityType: 'built-in-ledger', ...audit, at });
    });
    await refreshMappingState(db, accountKey, at);
    return builtInChartBody(db, accountKey, context.salesChannel);
  };

  addRoute(app, deps, getBuiltInLedgerChart, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const context = await builtInContext(db, query.accountKey);
    return builtInChartBody(db, query.accountKey, context.salesChannel);
  });

  addRoute(app, deps, addBuiltInLedgerAccount, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    return change(query.accountKey, caller.userId, async (trx, chart) => {
      const problems = checkNewLedgerAccount(chart, body);
      const taken = problems.find((p) => p.field === 'code' && /already used/.test(p.message));
      if (taken) throw new AppError('ledger.code-taken', taken.message, [{ path: 'code', message: taken.message }]);
      if (problems.length > 0) throw new AppError('request.invalid', problems.map((p) => p.message).join(' '), problems.map((p) => ({ path: p.field, message: p.message })));
      const account = newLedgerAccount(chart, body);
      await addLedgerAccount(trx, query.accountKey, chart, account, caller.userId, clock());
      return { action: 'ledger.account-added', entityId: account.code, after: { code: account.code, name: account.name, kind: account.kind } };
    });
  });

  addRoute(app, deps, updateBuiltInLedgerAccount, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    return change(query.accountKey, caller.userId, async (trx, chart, at) => {
      const account = chart.accounts.find((a) => a.code === body.code);
      if (!account) throw accountNotFound(body.code);
      if (body.isActive === false && !account.isInactive) {
        const reason = whyAccountMustStayActive(account, chart.taxRates);
        if (reason) throw new AppError('ledger.account-in-use', reason, { code: account.code });
      }
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      if (body.name !== undefined && body.name !== account.name) {
        before.name = account.name;
        after.name = body.name;
      }
      if (body.isActive !== undefined && body.isActive === Boolean(account.isInactive)) {
        before.isActive = !account.isInactive;
        after.isActive = body.isActive;
      }
      await updateLedgerAccount(trx, query.accountKey, account.code, { ...(after.name !== undefined ? { name: body.name! } : {}), ...(after.isActive !== undefined ? { isActive: body.isActive! } : {}) }, caller.userId, at);
      return { action: 'ledger.account-changed', entityId: account.code, before, after };
    });
  });

  addRoute(app, deps, deleteBuiltInLedgerAccount, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const mapped = mappedAccountCodes(await getCurrentMappings(db, await getAccountMappingContext(db, query.accountKey)));
    const posted = await postedAccountCodes(db, query.accountKey);
    return change(query.accountKey, caller.userId, async (trx, chart) => {
      const account = chart.accounts.find((a) => a.code === query.code);
      if (!account) throw accountNotFound(query.code);
      const reason = whyAccountCannotBeDeleted(account, { isPosted: posted.has(account.code), isMapped: mapped.has(account.code), taxRates: chart.taxRates });
      if (reason) throw new AppError('ledger.account-in-use', reason, { code: account.code });
      await deleteLedgerAccount(trx, query.accountKey, account.code);
      return { action: 'ledger.account-deleted', entityId: account.code, before: { code: account.code, name: account.name, kind: account.kind } };
    });
  });

  addRoute(app, deps, addBuiltInTaxRate, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    return change(query.accountKey, caller.userId, async (trx, chart, at) => {
      if (chart.taxRates.some((t) => t.code.toLowerCase() === body.code.toLowerCase())) {
        const message = `The code ${body.code} is already used by another tax rate of the built-in ledger.`;
        throw new AppError('ledger.code-taken', message, [{ path: 'code', message }]);
      }
      taxAccountOf(chart, body.taxAccountCode);
      await addTaxRate(trx, query.accountKey, chart, { code: body.code, name: body.name, ratePercent: percentText(body.ratePercent), accountCode: body.taxAccountCode }, caller.userId, at);
      return { action: 'ledger.tax-rate-added', entityId: body.code, after: { code: body.code, name: body.name, ratePercent: body.ratePercent, taxAccount: body.taxAccountCode } };
    });
  });

  addRoute(app, deps, updateBuiltInTaxRate, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    return change(query.accountKey, caller.userId, async (trx, chart, at) => {
      const rate = chart.taxRates.find((t) => t.code === body.code);
      if (!rate) throw rateNotFound(body.code);
      if (body.taxAccountCode !== undefined && body.taxAccountCode !== rate.accountCode) taxAccountOf(chart, body.taxAccountCode);
      const now = { name: rate.name, ratePercent: rate.ratePercent ?? '0', taxAccount: rate.accountCode ?? null, isActive: !rate.isInactive };
      const next = { name: body.name ?? now.name, ratePercent: body.ratePercent !== undefined ? percentText(body.ratePercent) : now.ratePercent, taxAccount: body.taxAccountCode ?? now.taxAccount, isActive: body.isActive ?? now.isActive };
      const keys = (Object.keys(next) as (keyof typeof next)[]).filter((k) => next[k] !== now[k]);
      await updateTaxRate(
        trx,
        query.accountKey,
        rate.code,
        { name: next.name, ratePercent: next.ratePercent, ...(next.taxAccount ? { accountCode: next.taxAccount } : {}), isActive: next.isActive },
        caller.userId,
        at,
      );
      return { action: 'ledger.tax-rate-changed', entityId: rate.code, before: Object.fromEntries(keys.map((k) => [k, now[k]])), after: Object.fromEntries(keys.map((k) => [k, next[k]])) };
    });
  });
}
