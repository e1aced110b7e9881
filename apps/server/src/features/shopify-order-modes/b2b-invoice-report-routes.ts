/**
 * The B2B invoice report (/shopify/b2b-invoice-report): each B2B (single-order) settlement of a
 * Shopify account with its order, PO, customer, amount, posting status and whether it was paid (its
 * payout deposited) or is open, newest first, with totals per currency from core.
 */
import type { FastifyInstance } from 'fastify';
import { errorMessages, getB2bInvoiceReport, type B2bInvoiceReportBody } from '@ledgerport/contract';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';
import { totalB2bInvoices } from '@ledgerport/core/order-modes';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';

/** A report shows at most this many invoices (newest first); a range narrows it. */
export const B2B_INVOICES_MAX = 2000;
const DAY_MS = 86_400_000;

export function registerB2bInvoiceReportRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  addRoute(app, deps, getB2bInvoiceReport, async ({ caller, query }) => {
    const { accountKey, start, end } = query;
    await assertAccountAccess(db, caller, accountKey);
    if (start && end && start > end) throw new AppError('request.invalid', `The end ${end} must be after the start ${start}.`, [{ path: 'end', message: 'Before the start.' }]);
    const account = await db.selectFrom('accounts').select(['account_name', 'sales_channel']).where('account_key', '=', accountKey).executeTakeFirst();
    if (!account) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
    if (account.sales_channel !== 'SHOPIFY') {
      throw new AppError('account.not-shopify', `The B2B Invoice Report is for Shopify accounts, and ${account.account_name} does not sell on Shopify. Open a Shopify account to see it.`, { accountKey });
    }
    let q = db
      .selectFrom('single_order_invoices as i')
      .innerJoin('settlements as s', (j) => j.onRef('s.settlement_key', '=', 'i.settlement_key').onRef('s.account_key', '=', 'i.account_key'))
      .select(['i.settlement_key', 'i.order_name', 'i.po_number', 'i.customer_name', 'i.payout_id', 's.end_at', 's.currency', 's.total', 's.lines_total', 's.posting_status', 's.status'])
      .where('i.account_key', '=', accountKey)
      .where('s.duplicate_of', 'is', null);
    if (start) q = q.where('s.end_at', '>=', new Date(Date.parse(start)));
    if (end) q = q.where('s.end_at', '<', new Date(Date.parse(end) + DAY_MS));
    const rows = await q.orderBy('s.end_at', 'desc').orderBy('i.order_name').limit(B2B_INVOICES_MAX).execute();
    const invoices = rows.map((r) => ({
      settlementKey: r.settlement_key,
      orderName: r.order_name,
      poNumber: r.po_number,
      customerName: r.customer_name,
      payoutId: r.payout_id,
      date: r.end_at === null ? null : r.end_at.toISOString().slice(0, 10),
      currency: r.currency,
      total: decimalToUnits(r.total ?? r.lines_total),
      postingStatus: r.posting_status,
      isPaid: r.status === 'closed',
    }));
    const body: B2bInvoiceReportBody = {
      accountKey,
      invoices: invoices.map((i) => ({ ...i, total: formatUnits(i.total) })),
      totals: totalB2bInvoices(invoices).map((t) => ({ currency: t.currency, total: formatUnits(t.total), open: formatUnits(t.open) })),
    };
    return body;
  });
}
