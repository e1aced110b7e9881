/**
 * BigCommerce has no settlement report of its own: its payouts come from the store's payment gateway
 * (formats.md 7). For the Braintree-backed options (BigCommerce Payments, PayPal powered by
 * Braintree) the deposit-level data is Braintree's Settlement Batch Summary (Control Panel >
 * Reports): one row per settlement date, merchant account, card type and kind (sale / credit) with a
 * count and the amount settled. NOT verified on a real file; the fields are Braintree's documented
 * record (settlement_date, merchant_account_id, card_type, kind, count, amount_settled, custom field)
 * and the currency column of Braintree's CSV exports ('Currency ISO Code').
 *
 * One settlement per settlement date, merchant account and currency, id '<date>_<merchant account>'.
 * Rows settled to a PayPal balance (card type PayPal) are not part of the bank deposit (Braintree's
 * own advice to exclude them when matching disbursements): they form their own settlement, id
 * suffixed '_PayPal', so nothing is dropped. Credits are refunds: taken negative whatever sign the
 * file writes. The batch summary states no total: the total is the sum of the rows, and fees
 * (billed by Braintree separately or netted by it) are not in this report.
 */
import type { ParseSink, ReportInput, ReportParser } from '../../settlements/parser';
import { firstLine, headerMatchRatio, mapColumns } from '../shared/column-map';
import { sniffDateOrder } from '../shared/parse-date-time';
import { readAllRows } from '../grouping/read-all-rows';
import { RowCells } from '../grouping/row-cells';
import { makeLine, SettlementGroups } from '../grouping/settlement-groups';

const COLUMNS = {
  settlementDate: ['Settlement Date'],
  merchantAccount: ['Merchant Account', 'Merchant Account ID'],
  cardType: ['Card Type', 'Payment Instrument Type'],
  kind: ['Kind', 'Transaction Type'],
  count: ['Count', 'Transaction Count'],
  amount: ['Amount Settled', 'Settlement Amount'],
  currency: ['Currency ISO Code', 'Settlement Currency ISO Code', 'Currency'],
  customField: ['Custom Field', 'Custom Field 1'],
} as const;
type Key = keyof typeof COLUMNS;
const REQUIRED: readonly Key[] = ['settlementDate', 'merchantAccount', 'kind', 'amount', 'currency'];
const LABEL = 'Braintree settlement batch summary (BigCommerce payments)';

export const braintreeSettlementParser: ReportParser = {
  format: 'braintree-settlement-batch',
  channel: 'BIGCOMMERCE',
  label: LABEL,
  detect(head) {
    const ratio = headerMatchRatio(firstLine(head), ['Settlement Date', 'Merchant Account', 'Card Type', 'Kind', 'Count', 'Amount Settled']);
    return ratio >= 0.99 ? 0.9 : ratio >= 0.66 ? 0.55 : 0;
  },
  parse: parseBraintreeSettlement,
};

async function parseBraintreeSettlement(input: ReportInput, sink: ParseSink): Promise<void> {
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
  const body = rows.slice(1);
  const order = sniffDateOrder(body.map((r) => r.fields[columns.index.settlementDate] ?? '')) ?? 'mdy';
  const lastRow = body[body.length - 1];
  for (const record of body) {
    const cells = new RowCells(columns, record.fields, record.row, groups);
    const currency = cells.text('currency').toUpperCase();
    const date = cells.date('settlementDate', { order });
    if (!/^[A-Z]{3}$/.test(currency)) cells.problem('currency', `Row ${record.row}: '${cells.columnName('currency')}' holds "${cells.text('currency')}", which is not a currency code.`);
    if (date == null || cells.hasProblem) {
      cells.checkLength(record === lastRow && !summary.isLastRowTerminated);
      continue;
    }
    const isPaypal = /^paypal/i.test(cells.text('cardType'));
    const account = cells.text('merchantAccount') || '(no merchant account)';
    const id = `${new Date(date).toISOString().slice(0, 10)}_${account}${isPaypal ? '_PayPal' : ''}`;
    const existing = groups.find(id);
    const group = groups.open(existing && existing.header.currency !== currency ? `${id}_${currency}` : id, () => ({
      channel: 'BIGCOMMERCE',
      format: 'braintree-settlement-batch',
      marketplace: null,
      currency,
      startDate: date,
      endDate: date,
      depositDate: null,
      total: 0n,
      status: 'closed',
      sellerId: account,
      sourceFile: input.fileName,
    }));
    cells.group = group;
    cells.checkLength(record === lastRow && !summary.isLastRowTerminated);
    const amount = cells.amount('amount', '.');
    if (amount == null || cells.hasProblem) continue;
    const kind = cells.text('kind').toLowerCase() || '(no kind)';
    const signed = kind === 'credit' && amount > 0n ? -amount : amount;
    group.header.total = (group.header.total ?? 0n) + signed;
    const count = cells.text('count');
    const details = [cells.text('cardType'), /^\d+$/.test(count) ? `${count} transactions` : '', cells.text('customField')].filter((t) => t !== '');
    group.lines.push(makeLine({ postedAt: date, typeKey: kind, amount: signed, source: { file: input.fileName, row: record.row }, description: details.join(', ') || null }));
  }
  groups.flush(sink, 'payout');
}
