/**
 * Walmart Marketplace reconciliation ("recon") report, CSV, v1 and legacy. NOT verified on a real
 * file (formats.md 6.2: none public); columns from Walmart's docs and a regression test embedding
 * real rows. One row per amount component (like Amazon V2), dates `MM/DD/YYYY` padded or not; the
 * legacy file may have a `Number of Lines in file 81` line right after the header (not data).
 *
 * One settlement per settlement period (`Period Start Date`..`Period End Date`), id = the period's
 * end day (Walmart names recon files by that report date). `Total Payable` is the stated total (it
 * must be the same on every row that gives it); the `PaymentSummary` row ("Deposited in account") is
 * the deposit itself, not a line. Every other row is a line of its `Amount`. A period with no Total
 * Payable anywhere is open.
 */
import type { ParseSink, ReportInput, ReportParser } from '../../settlements/parser';
import { firstLine, headerMatchRatio, mapColumns } from '../shared/column-map';
import { readAllRows } from '../grouping/read-all-rows';
import { withoutTrailingEmptyCells } from '../shared/row-reader';
import { RowCells } from '../grouping/row-cells';
import { makeLine, SettlementGroups, widenPeriod, type SettlementGroup } from '../grouping/settlement-groups';
import { walmartTypeKey } from './transaction-types';

const COLUMNS = {
  periodStart: ['Period Start Date'],
  periodEnd: ['Period End Date'],
  totalPayable: ['Total Payable'],
  currency: ['Currency'],
  transactionKey: ['Transaction Key'],
  postedAt: ['Transaction Posted Timestamp'],
  type: ['Transaction Type'],
  description: ['Transaction Description'],
  customerOrder: ['Customer Order #', 'Customer Order Number'],
  purchaseOrder: ['Purchase Order #', 'Purchase Order Number'],
  amount: ['Amount'],
  amountType: ['Amount Type'],
  shipQty: ['Ship Qty', 'Shipped Qty'],
  reason: ['Transaction Reason Description'],
  partnerItemId: ['Partner Item Id', 'Partner Item ID'],
  itemName: ['Partner Item Name'],
  fulfillmentType: ['Fulfillment Type'],
} as const;
type Key = keyof typeof COLUMNS;
const REQUIRED: readonly Key[] = ['periodStart', 'periodEnd', 'totalPayable', 'currency', 'postedAt', 'type', 'amount', 'amountType'];
const LABEL = 'Walmart reconciliation report';
const DATES = { order: 'mdy' } as const;

export const walmartReconParser: ReportParser = {
  format: 'walmart-recon',
  channel: 'WALMART',
  label: LABEL,
  detect(head) {
    const ratio = headerMatchRatio(firstLine(head), ['Period Start Date', 'Period End Date', 'Total Payable', 'Transaction Key', 'Transaction Type', 'Amount Type']);
    return ratio >= 0.99 ? 0.95 : ratio >= 0.66 ? 0.6 : 0;
  },
  parse: parseWalmartRecon,
};

async function parseWalmartRecon(input: ReportInput, sink: ParseSink): Promise<void> {
  const groups = new SettlementGroups(input.fileName);
  const { rows, summary, textProblems } = await readAllRows(input, { groups, label: LABEL });
  for (const p of textProblems) groups.problem(p.row, null, p.message);
  const header = rows[0];
  const columns = header ? mapColumns(header.fields, COLUMNS) : undefined;
  const missing = columns ? REQUIRED.filter((k) => columns.missing.includes(k)) : REQUIRED;
  if (!header || !columns || missing.length > 0) {
    groups.problem(header?.row ?? 0, null, `This is not a ${LABEL}: the header lacks ${missing.map((k) => `'${COLUMNS[k][0]}'`).join(', ')}.`);
    groups.flush(sink, 'settlement');
    return;
  }
  const lastRow = rows[rows.length - 1];
  for (const record of rows.slice(1)) {
    if (withoutTrailingEmptyCells(record.fields).length === 1 && /^Number of Lines in file/i.test(record.fields[0]!.trim())) continue;
    const cells = new RowCells(columns, record.fields, record.row, groups);
    const group = periodOf(cells, groups);
    cells.group = group;
    cells.checkLength(record === lastRow && !summary.isLastRowTerminated);
    if (!group) continue;
    const total = cells.amount('totalPayable', '.', null);
    if (total != null) {
      if (group.header.total === null) group.header.total = total;
      else if (group.header.total !== total) cells.problem('totalPayable', `Row ${record.row}: 'Total Payable' is ${cells.text('totalPayable')} here but differs on an earlier row of the same period.`);
    }
    const postedAt = cells.date('postedAt', DATES);
    const amount = cells.amount('amount', '.');
    if (postedAt == null || amount == null || cells.hasProblem) continue;
    if (cells.text('type').toLowerCase() === 'paymentsummary') {
      group.header.depositDate = postedAt;
      continue;
    }
    widenPeriod(group, postedAt);
    const qty = cells.text('shipQty');
    group.lines.push(
      makeLine({
        postedAt,
        typeKey: walmartTypeKey(cells.text('type'), cells.text('description'), cells.text('amountType')),
        amount,
        orderId: cells.text('customerOrder') || cells.text('purchaseOrder') || null,
        sku: cells.text('partnerItemId') || null,
        quantity: /^\d+$/.test(qty) ? Number(qty) : null,
        fulfilmentChannel: cells.text('fulfillmentType') || null,
        source: { file: input.fileName, row: record.row },
        description: [cells.text('itemName'), cells.text('reason')].filter((t) => t !== '').join(' - ') || null,
      }),
    );
  }
  for (const group of groups.all()) group.header.status = group.header.total === null ? 'open' : 'closed';
  groups.flush(sink, 'settlement');
}

function periodOf(cells: RowCells<Key>, groups: SettlementGroups): SettlementGroup | undefined {
  const start = cells.date('periodStart', DATES);
  const end = cells.date('periodEnd', DATES);
  const currency = cells.text('currency').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) cells.problem('currency', `Row ${cells.row}: 'Currency' holds "${cells.text('currency')}", which is not a currency code.`);
  if (start == null || end == null || cells.hasProblem) return undefined;
  const id = new Date(end).toISOString().slice(0, 10);
  const existing = groups.find(id);
  if (existing && existing.header.currency !== currency) {
    cells.group = existing;
    cells.problem('currency', `Row ${cells.row} is in ${currency} but the settlement ${id} is in ${existing.header.currency}: one settlement cannot mix currencies.`);
    return undefined;
  }
  return groups.open(id, () => ({
    channel: 'WALMART',
    format: 'walmart-recon',
    marketplace: null,
    currency,
    startDate: start,
    endDate: end,
    depositDate: null,
    total: null,
    status: 'closed',
    sellerId: null,
    sourceFile: groups.file,
  }));
}
