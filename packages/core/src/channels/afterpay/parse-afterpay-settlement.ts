/**
 * Afterpay (Cash App Afterpay / Clearpay) settlement report, Business Hub > Reconciliation > Export
 * (detail). NOT verified on a real file (formats.md 8: none public); fields from Afterpay's US docs
 * table, with the Australian wording (Reconciliation Date/Amount, GST instead of Tax). Money is
 * written with its symbol (`$85.95`); order dates `dd/MM/yyyy HH:mm`.
 *
 * One settlement per settlement (reconciliation) date and currency: Afterpay settles daily, the
 * deposit being Σ Net Settlement Amount (a third-party guide's rule). Each row gives the settled
 * amount under its Type and the merchant fee and its tax as deductions, so a row breaking
 * Net = Settlement Amount − Merchant Fee incl Tax shows as a difference. Refund rows written with
 * positive amounts are made negative (the money goes back to the customer); fees are deducted as
 * written on every row (a fee Afterpay gives back would be written negative). Settlement id
 * '<settlement day>_<currency>'.
 * The currency is not a column: it is read from the money symbols (£ GBP, € EUR, NZ$ NZD, CA$ CAD,
 * A$ AUD) and, for a bare '$', from the wording (GST columns: AUD; otherwise USD), unless the file
 * has a Currency column.
 */
import type { ParseSink, ReportInput, ReportParser } from '../../settlements/parser';
import { firstLine, headerMatchRatio, mapColumns } from '../shared/column-map';
import { sniffDateOrder } from '../shared/parse-date-time';
import { readAllRows } from '../grouping/read-all-rows';
import { RowCells } from '../grouping/row-cells';
import { makeLine, SettlementGroups, widenPeriod } from '../grouping/settlement-groups';

const COLUMNS = {
  settlementDate: ['Settlement Date', 'Reconciliation Date'],
  orderDate: ['Order Date and Time', 'Order Date'],
  afterpayOrderId: ['Afterpay Order ID'],
  merchantOrderId: ['Merchant Order ID'],
  merchantRefundId: ['Merchant Refund ID'],
  settlementAmount: ['Settlement Amount', 'Reconciliation Amount'],
  feeExclTax: ['Merchant Fee excl Tax', 'Merchant Fee excl GST', 'Merchant Fee excl VAT'],
  feeTax: ['Merchant Fee Tax', 'Merchant Fee GST', 'Merchant Fee VAT'],
  feeInclTax: ['Merchant Fee incl Tax', 'Merchant Fee incl GST', 'Merchant Fee incl VAT'],
  net: ['Net Settlement Amount', 'Net Reconciliation Amount'],
  type: ['Type'],
  channel: ['Channel'],
  storeName: ['Store Name'],
  currency: ['Currency'],
} as const;
type Key = keyof typeof COLUMNS;
const REQUIRED: readonly Key[] = ['settlementDate', 'settlementAmount', 'type'];
const LABEL = 'Afterpay settlement report';

export const afterpaySettlementParser: ReportParser = {
  format: 'afterpay-settlement',
  channel: 'AFTERPAY',
  label: LABEL,
  detect(head) {
    const line = firstLine(head);
    const hits = ['Afterpay Order ID', 'Merchant Order ID', 'Net Settlement Amount'].filter((h) => headerMatchRatio(line, [h]) > 0).length;
    return hits >= 2 ? 0.9 : hits === 1 ? 0.5 : 0;
  },
  parse: parseAfterpaySettlement,
};

/** The currency of a money text from its symbol; undefined for a bare '$' or no symbol. */
function currencyOfSymbol(text: string): string | undefined {
  if (text.includes('£')) return 'GBP';
  if (text.includes('€')) return 'EUR';
  if (/NZ\$/i.test(text)) return 'NZD';
  if (/C(A)?\$/i.test(text)) return 'CAD';
  if (/A(U)?\$/i.test(text)) return 'AUD';
  return undefined;
}

async function parseAfterpaySettlement(input: ReportInput, sink: ParseSink): Promise<void> {
  const groups = new SettlementGroups(input.fileName);
  const { rows, summary, textProblems } = await readAllRows(input, { groups, label: LABEL });
  for (const p of textProblems) groups.problem(p.row, null, p.message);
  const header = rows[0];
  const columns = header ? mapColumns(header.fields, COLUMNS) : undefined;
  const missing = columns ? REQUIRED.filter((k) => columns.missing.includes(k)) : REQUIRED;
  if (!header || !columns || missing.length > 0) {
    groups.problem(header?.row ?? 0, null, `This is not an ${LABEL}: the header lacks ${missing.map((k) => `'${COLUMNS[k][0]}'`).join(', ')}.`);
    groups.flush(sink, 'settlement');
    return;
  }
  const isGst = header.fields.some((h) => /GST/.test(h));
  const body = rows.slice(1);
  // Afterpay writes dd/MM/yyyy in every market's docs; the values decide when they can.
  const order = sniffDateOrder(body.flatMap((r) => [r.fields[columns.index.settlementDate] ?? '', r.fields[columns.index.orderDate] ?? ''])) ?? 'dmy';
  const lastRow = body[body.length - 1];
  const nets = new Map<string, bigint>();
  for (const record of body) {
    const cells = new RowCells(columns, record.fields, record.row, groups);
    const amountText = cells.text('settlementAmount');
    const currency = (cells.text('currency') || currencyOfSymbol(amountText) || (isGst ? 'AUD' : 'USD')).toUpperCase();
    const day = cells.date('settlementDate', { order });
    if (!/^[A-Z]{3}$/.test(currency)) cells.problem('currency', `Row ${record.row}: 'Currency' holds "${cells.text('currency')}", which is not a currency code.`);
    if (day == null || cells.hasProblem) {
      cells.checkLength(record === lastRow && !summary.isLastRowTerminated);
      continue;
    }
    const dayText = new Date(day).toISOString().slice(0, 10);
    const group = groups.open(`${dayText}_${currency}`, () => ({
      channel: 'AFTERPAY',
      format: 'afterpay-settlement',
      marketplace: null,
      currency,
      startDate: null,
      endDate: null,
      depositDate: day,
      total: null,
      status: 'closed',
      sellerId: null,
      sourceFile: input.fileName,
    }));
    cells.group = group;
    cells.checkLength(record === lastRow && !summary.isLastRowTerminated);
    const type = cells.text('type') || '(no type)';
    const isRefund = /refund/i.test(type);
    const flip = (v: bigint): bigint => (isRefund && v > 0n ? -v : v);
    const settled = cells.amount('settlementAmount', '.');
    const feeExcl = cells.amount('feeExclTax', '.', null);
    const feeTax = cells.amount('feeTax', '.', null);
    const feeIncl = cells.amount('feeInclTax', '.', null);
    const net = cells.amount('net', '.', null);
    const postedAt = cells.isEmpty('orderDate') ? day : cells.date('orderDate', { order });
    if (settled == null || feeExcl === undefined || feeTax === undefined || feeIncl === undefined || net === undefined || postedAt == null || cells.hasProblem) continue;
    const base = {
      postedAt,
      orderId: cells.text('merchantOrderId') || cells.text('afterpayOrderId') || null,
      marketplace: cells.text('storeName') || null,
      fulfilmentChannel: cells.text('channel') || null,
      source: { file: input.fileName, row: record.row },
      description: [`Afterpay order ${cells.text('afterpayOrderId')}`, cells.text('merchantRefundId') && `refund ${cells.text('merchantRefundId')}`].filter((t) => t !== '').join(', '),
    };
    const lines: [string, bigint][] = [[type, flip(settled)]];
    if (feeExcl !== null || feeTax !== null) {
      lines.push([`${type}|Merchant fee`, -(feeExcl ?? 0n)], [`${type}|Merchant fee tax`, -(feeTax ?? 0n)]);
    } else if (feeIncl !== null) {
      lines.push([`${type}|Merchant fee`, -feeIncl]);
    }
    for (const [typeKey, amount] of lines) if (amount !== 0n || typeKey === type) group.lines.push(makeLine({ ...base, typeKey, amount }));
    const rowNet = net === null ? lines.reduce((s, [, a]) => s + a, 0n) : flip(net);
    nets.set(group.header.settlementId, (nets.get(group.header.settlementId) ?? 0n) + rowNet);
    widenPeriod(group, postedAt);
  }
  for (const group of groups.all()) group.header.total = nets.get(group.header.settlementId) ?? 0n;
  groups.flush(sink, 'settlement');
}
