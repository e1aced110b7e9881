/** A settlements row as the contract's Settlement (spec section 3 fields plus the normalized header). */
import type { Settlement, SettlementBadge } from '@ledgerport/contract';
import type { SalesChannel } from '@ledgerport/contract';
import type { SettlementRow } from '../stored-settlements/load-settlement';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function settlementBody(r: SettlementRow): Settlement {
  const badges: SettlementBadge[] = [r.posting_status === 'POSTED' ? 'posted' : r.posting_status === 'PARTIALLY_POSTED' ? 'partially-posted' : 'not-posted'];
  if (r.inconsistent) badges.push('inconsistent');
  if (r.duplicate_of) badges.push('duplicate');
  if (r.on_hold) badges.push('on-hold');
  if (r.status === 'open') badges.push('open');
  return {
    accountKey: r.account_key,
    created: r.created_at.toISOString(),
    updated: r.updated_at.toISOString(),
    start: iso(r.start_at),
    end: iso(r.end_at),
    total: r.total,
    channel: r.channel,
    gateway: r.gateway,
    currency: r.currency,
    salesSource: r.sales_source as SalesChannel,
    reportId: r.report_id,
    postedToXero: r.posted_to_xero,
    cogsPosted: r.cogs_posted,
    postingStatus: r.posting_status,
    cogsPostingStatus: r.cogs_posting_status,
    cogsInvoicesTotal: r.cogs_invoices_total,
    cogsCurrency: r.cogs_currency,
    allProductCostsAvailable: r.all_product_costs_available,
    sellerId: r.seller_id,
    duplicateOf: r.duplicate_of,
    inconsistent: r.inconsistent,
    flagsSet: r.flags_set,
    onHold: r.on_hold,
    onHoldReason: r.on_hold_reason,
    onHoldCause: r.on_hold_cause,
    onHoldDate: iso(r.on_hold_date),
    keyAsString: r.settlement_key,
    taxesMapped: r.taxes_mapped,
    accountsMapped: r.accounts_mapped,
    settlementKey: r.settlement_key,
    settlementId: r.settlement_id,
    format: r.format,
    marketplace: r.marketplace,
    depositDate: iso(r.deposit_at),
    status: r.status,
    linesTotal: r.lines_total,
    lineCount: r.line_count,
    difference: r.difference,
    inconsistencyReason: r.inconsistency_reason,
    duplicateKey: r.duplicate_key,
    sourceKind: r.source_kind,
    sourceFile: r.source_file,
    isSingleOrder: r.is_single_order,
    isDeferredTransactionSettlement: r.is_deferred_transaction,
    sendState: r.send_state,
    postingError: r.posting_error,
    badges,
  };
}
