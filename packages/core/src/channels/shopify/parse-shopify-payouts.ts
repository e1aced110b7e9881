/**
 * Shopify Payments payouts export (the payout list): one row per payout with its summary columns,
 * `Payout Date, Status, Charges, Refunds, Adjustments, Reserved Funds, Fees, Retried Amount, Total,
 * Currency`, newer files adding `Marketplace Sales Tax, Advances, Bank Reference`. NOT verified on a
 * real file (formats.md 2.2, a gap): the column list comes from third-party parsers.
 *
 * Each row is a payout keyed by its date (the key the 16-column transactions export uses too, so the
 * same payout loaded from both files is recognised); `Total` is the stated total and each summary
 * column a line. Sign rules (assumed, checked by the total): Fees are written positive and deducted,
 * the other columns are signed as they move the payout. A payout not yet `paid` is open (no total).
 */
import type { ParseSink, ReportInput, ReportParser } from '../../settlements/parser';
import { firstLine, headerMatchRatio, mapColumns } from '../shared/column-map';
import { readAllRows } from '../grouping/read-all-rows';
import { RowCells } from '../grouping/row-cells';
import { makeLine, SettlementGroups } from '../grouping/settlement-groups';

const COLUMNS = {
  payoutDate: ['Payout Date', 'Date'],
  status: ['Status'],
  charges: ['Charges'],
  refunds: ['Refunds'],
  adjustments: ['Adjustments'],
  reservedFunds: ['Reserved Funds'],
  fees: ['Fees'],
  retriedAmount: ['Retried Amount'],
  marketplaceSalesTax: ['Marketplace Sales Tax'],
  advances: ['Advances'],
  total: ['Total'],
  currency: ['Currency'],
  bankReference: ['Bank Reference'],
} as const;
type Key = keyof typeof COLUMNS;
const REQUIRED: readonly Key[] = ['payoutDate', 'status', 'charges', 'fees', 'total', 'currency'];

/** Summary columns that become lines, with their type key; fees are deducted. */
const PARTS: readonly (readonly [Key, string])[] = [
  ['charges', 'payout|charges'],
  ['refunds', 'payout|refunds'],
  ['adjustments', 'payout|adjustments'],
  ['reservedFunds', 'payout|reserved funds'],
  ['fees', 'payout|fees'],
  ['retriedAmount', 'payout|retried amount'],
  ['marketplaceSalesTax', 'payout|marketplace sales tax'],
  ['advances', 'payout|advances'],
];

const LABEL = 'Shopify payouts export';

export const shopifyPayoutsParser: ReportParser = {
  format: 'shopify-payouts',
  channel: 'SHOPIFY',
  label: LABEL,
  detect(head) {
    const ratio = headerMatchRatio(firstLine(head), ['Payout Date', 'Status', 'Charges', 'Refunds', 'Adjustments', 'Fees', 'Total', 'Currency']);
    return ratio >= 0.99 ? 0.95 : ratio >= 0.75 ? 0.6 : 0;
  },
  parse: parseShopifyPayouts,
};

async function parseShopifyPayouts(input: ReportInput, sink: ParseSink): Promise<void> {
  const groups = new SettlementGroups(input.fileName);
  const { rows, summary, textProblems } = await readAllRows(input, { groups, label: LABEL });
  for (const p of textProblems) groups.problem(p.row, null, p.message);
  const header = rows[0];
  const columns = header ? mapColumns(header.fields, COLUMNS) : undefined;
  const missing = columns ? REQUIRED.filter((k) => columns.missing.includes(k)) : REQUIRED;
  if (!header || !columns || missing.length > 0) {
    groups.problem(header?.row ?? 0, null, `This is not a ${LABEL}: the header lacks ${missing.map((k) => `'${COLUMNS[k][0]}'`).join(', ')}.`);
    groups.flush(sink, 'payout');
    return;
  }
  const lastRow = rows[rows.length - 1];
  for (const record of rows.slice(1)) {
    const cells = new RowCells(columns, record.fields, record.row, groups);
    const currency = cells.text('currency').toUpperCase();
    const depositDate = cells.date('payoutDate');
    if (!/^[A-Z]{3}$/.test(currency)) cells.problem('currency', `Row ${record.row}: 'Currency' holds "${cells.text('currency')}", which is not a currency code.`);
    if (depositDate == null || cells.hasProblem) {
      cells.checkLength(record === lastRow && !summary.isLastRowTerminated);
      continue;
    }
    const id = new Date(depositDate).toISOString().slice(0, 10);
    if (groups.find(id)) {
      cells.problem('payoutDate', `Row ${record.row} repeats the payout of ${id}: each payout is one row.`);
      continue;
    }
    const isPaid = cells.text('status').toLowerCase() === 'paid';
    const group = groups.open(id, () => ({
      channel: 'SHOPIFY',
      format: 'shopify-payouts',
      marketplace: null,
      currency,
      startDate: depositDate,
      endDate: depositDate,
      depositDate: isPaid ? depositDate : null,
      total: null,
      status: isPaid ? 'closed' : 'open',
      sellerId: null,
      sourceFile: input.fileName,
    }));
    cells.group = group;
    cells.checkLength(record === lastRow && !summary.isLastRowTerminated);
    const total = cells.amount('total', '.', null);
    if (isPaid) {
      if (total === null) cells.problem('total', `Row ${record.row}: the paid payout of ${id} has no 'Total'.`);
      else if (total !== undefined) group.header.total = total;
    }
    const description = cells.isEmpty('bankReference') ? null : `bank reference ${cells.text('bankReference')}`;
    for (const [key, typeKey] of PARTS) {
      const value = cells.amount(key, '.');
      if (value == null || value === 0n) continue;
      const amount = key === 'fees' ? -(value < 0n ? -value : value) : value;
      group.lines.push(makeLine({ typeKey, amount, postedAt: depositDate, source: { file: input.fileName, row: record.row }, description }));
    }
  }
  groups.flush(sink, 'payout');
}
