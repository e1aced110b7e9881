/**
 * The internal account area's remaining calls (issue 19; decision 0047): received reports and one
 * report's transactions, the Amazon data state, and the support utilities. Admin-only (the contract's
 * access; anyone else gets the 404 of a path with no endpoint); an unknown account is account.not-found.
 */
import type { FastifyInstance } from 'fastify';
import { getAccountReport, getAmazonDataState, listAccountReports, listAccountStuckWork, runAccountUtility as runAccountUtilityEndpoint } from '@ledgerport/contract';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { readAmazonDataState } from './amazon-data-state';
import { findReportOfAccount, listReportsOfAccount } from './account-reports-repository';
import { listStuckWork, runAccountUtility } from './account-utilities';

export function registerAccountAreaRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  addRoute(app, deps, listAccountReports, async ({ caller, params, query }) => {
    await assertAccountAccess(db, caller, params.accountKey);
    return listReportsOfAccount(db, params.accountKey, query);
  });

  addRoute(app, deps, getAccountReport, async ({ caller, params, query }) => {
    await assertAccountAccess(db, caller, params.accountKey);
    const report = await findReportOfAccount(db, params.accountKey, params.reportId, query);
    if (!report) throw new AppError('report.not-found', `Account ${params.accountKey} received no report ${params.reportId}.`, { accountKey: params.accountKey, reportId: params.reportId });
    return report;
  });

  addRoute(app, deps, getAmazonDataState, async ({ caller, params }) => {
    await assertAccountAccess(db, caller, params.accountKey);
    const account = await db.selectFrom('accounts').select('sales_channel').where('account_key', '=', params.accountKey).executeTakeFirstOrThrow();
    if (account.sales_channel !== 'AMAZON') throw new AppError('account.not-amazon', `Account ${params.accountKey} sells on ${account.sales_channel}, not Amazon: it has no Amazon data.`, { accountKey: params.accountKey });
    return readAmazonDataState(db, params.accountKey);
  });

  addRoute(app, deps, listAccountStuckWork, async ({ caller, params }) => {
    await assertAccountAccess(db, caller, params.accountKey);
    return listStuckWork(deps, params.accountKey);
  });

  addRoute(app, deps, runAccountUtilityEndpoint, async ({ caller, params, body }) => {
    await assertAccountAccess(db, caller, params.accountKey);
    return runAccountUtility(deps, caller, params.accountKey, body);
  });
}
