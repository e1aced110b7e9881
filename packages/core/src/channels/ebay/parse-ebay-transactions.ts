/**
 * eBay transaction report (Seller Hub > Payments > Reports > Transaction report), CSV. NOT verified
 * on a real file (formats.md 4.1: none is public); header and conventions from third-party parsers:
 * a few preamble lines before the header ("Transaction report", start/end date, "All amounts in
 * USD"), dates like `Jul 9, 2023`, `--` for no value, fee columns negative, UK files write
 * "Final Value Fee – variable" with an en dash.
 *
 * Rows are grouped by `Payout ID`. The `Payout` row of a payout is its deposit: its Net amount (as
 * an absolute value: eBay never pays out a negative amount) is the stated total, and it is not a
 * line. A payout whose Payout row is not in the file (paid after the report's end) is open, and so
 * are rows not paid out yet (no Payout ID), grouped per currency. Each row's money columns become
 * lines (see transaction-types.ts); eBay-collected tax is in the gross but eBay keeps it, so it is
 * followed by the same amount remitted. Whatever the columns do not explain of the row's Net amount
 * is a line of its own: nothing is adjusted away.
 */
import type { ParseSink, ReportInput, ReportParser } from '../../settlements/parser';
import { headerMatchRatio, headLines, mapColumns } from '../shared/column-map';
import { readAllRows } from '../grouping/read-all-rows';
import { RowCells } from '../grouping/row-cells';
import { makeLine, SettlementGroups, widenPeriod, type SettlementGroup } from '../grouping/settlement-groups';

const COMPONENT_COLUMNS = {
  itemSubtotal: ['Item subtotal'],
  shipping: ['Shipping and handling'],
  sellerTax: ['Seller collected tax'],
  ebayTax: ['eBay collected tax'],
  fvfFixed: ['Final Value Fee - fixed', 'Final Value Fee – fixed'],
  fvfVariable: ['Final Value Fee - variable', 'Final Value Fee – variable'],
  regulatoryFee: ['Regulatory operating fee'],
  inadFee: ['Very high "item not as described" fee'],
  belowStandardFee: ['Below standard performance fee'],
  internationalFee: ['International fee'],
  depositFee: ['Deposit processing fee'],
} as const;
const COLUMNS = {
  createdAt: ['Transaction creation date'],
  type: ['Type'],
  orderNumber: ['Order number'],
  net: ['Net amount'],
  payoutCurrency: ['Payout currency'],
  payoutDate: ['Payout date'],
  payoutId: ['Payout ID'],
  itemTitle: ['Item title'],
  customLabel: ['Custom label'],
  quantity: ['Quantity'],
  transactionCurrency: ['Transaction currency'],
  description: ['Description'],
  ...COMPONENT_COLUMNS,
} as const;
type Key = keyof typeof COLUMNS;
const REQUIRED: readonly Key[] = ['createdAt', 'type', 'net', 'payoutId'];
const LABEL = 'eBay transaction report';
const HEADER_WORDS = ['Transaction creation date', 'Type', 'Net amount', 'Payout ID', 'Payout currency'];

export const ebayTransactionsParser: ReportParser = {
  format: 'ebay-transactions',
  channel: 'EBAY',
  label: LABEL,
  detect(head) {
    // The header follows a preamble of a few lines.
    const lines = headLines(head, 15);
    return lines.some((l) => headerMatchRatio(l, HEADER_WORDS) >= 0.99) ? 0.95 : 0;
  },
  parse: parseEbayTransactions,
};

async function parseEbayTransactions(input: ReportInput, sink: ParseSink): Promise<void> {
  const groups = new SettlementGroups(input.fileName);
  const { rows, summary, textProblems } = await readAllRows(input, { groups, label: LABEL });
  for (const p of textProblems) groups.problem(p.row, null, p.message);
  const headerAt = rows.slice(0, 15).findIndex((r) => headerMatchRatio(r.fields.join(','), HEADER_WORDS) >= 0.99);
  const header = rows[headerAt];
  const columns = header ? mapColumns(header.fields, COLUMNS) : undefined;
  if (!header || !columns || REQUIRED.some((k) => columns.missing.includes(k))) {
    groups.problem(rows[0]?.row ?? 0, null, `This is not an ${LABEL}: no header row with 'Transaction creation date', 'Type', 'Net amount' and 'Payout ID' in its first lines.`);
    groups.flush(sink, 'payout');
    return;
  }
  // "All amounts in USD" in the preamble: the currency when a row gives none.
  const preamble = rows.slice(0, headerAt).map((r) => r.fields.join(' ')).join(' ');
  const fileCurrency = /amounts in ([A-Z]{3})/i.exec(preamble)?.[1]?.toUpperCase() ?? '';
  const payoutRows = new Map<SettlementGroup, bigint>();
  const lastRow = rows[rows.length - 1];
  for (const record of rows.slice(headerAt + 1)) {
    const cells = new RowCells(columns, record.fields, record.row, groups);
    const group = payoutOf(cells, groups, fileCurrency);
    cells.group = group;
    cells.checkLength(record === lastRow && !summary.isLastRowTerminated);
    if (!group) continue;
    const net = cells.amount('net', '.');
    const postedAt = cells.date('createdAt');
    if (!cells.isEmpty('payoutDate')) {
      const payoutDate = cells.date('payoutDate');
      if (payoutDate != null) group.header.depositDate ??= payoutDate;
    }
    const type = cells.text('type') || '(no type)';
    if (type.toLowerCase() === 'payout') {
      if (net != null) payoutRows.set(group, net < 0n ? -net : net);
      continue;
    }
    const parts: [string, bigint][] = [];
    for (const key of Object.keys(COMPONENT_COLUMNS) as (keyof typeof COMPONENT_COLUMNS)[]) {
      const value = cells.amount(key, '.', null);
      if (value == null || value === 0n) continue;
      parts.push([COMPONENT_COLUMNS[key][0], value]);
      if (key === 'ebayTax') parts.push(['eBay collected tax remitted', -value]);
    }
    if (net == null || postedAt == null || cells.hasProblem) continue;
    const base = {
      postedAt,
      orderId: cells.isEmpty('orderNumber') ? null : cells.text('orderNumber'),
      sku: cells.isEmpty('customLabel') ? null : cells.text('customLabel'),
      quantity: /^\d+$/.test(cells.text('quantity')) ? Number(cells.text('quantity')) : null,
      source: { file: input.fileName, row: record.row },
      description: [cells.text('itemTitle'), cells.text('description')].filter((t) => t !== '' && t !== '--').join(' - ') || null,
    };
    let rest = net;
    for (const [column, amount] of parts) {
      group.lines.push(makeLine({ ...base, typeKey: `${type}|${column}`, amount }));
      rest -= amount;
    }
    if (rest !== 0n || parts.length === 0) group.lines.push(makeLine({ ...base, typeKey: parts.length === 0 ? type : `${type}|Other amounts`, amount: rest }));
    widenPeriod(group, postedAt);
  }
  for (const group of groups.all()) {
    const total = payoutRows.get(group);
    group.header.status = total === undefined ? 'open' : 'closed';
    group.header.total = total ?? null;
    if (total === undefined) group.header.depositDate = null;
  }
  groups.flush(sink, 'payout');
}

function payoutOf(cells: RowCells<Key>, groups: SettlementGroups, fileCurrency: string): SettlementGroup | undefined {
  const currency = (cells.isEmpty('payoutCurrency') ? (cells.isEmpty('transactionCurrency') ? fileCurrency : cells.text('transactionCurrency')) : cells.text('payoutCurrency')).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) {
    cells.problem('payoutCurrency', `Row ${cells.row}: 'Payout currency' holds "${cells.text('payoutCurrency')}", which is not a currency code.`);
    return undefined;
  }
  const id = cells.isEmpty('payoutId') ? `unpaid_${currency}` : cells.text('payoutId');
  const existing = groups.find(id);
  if (existing && existing.header.currency !== currency) {
    cells.group = existing;
    cells.problem('payoutCurrency', `Row ${cells.row} is in ${currency} but payout ${id} is in ${existing.header.currency}: one payout cannot mix currencies.`);
    return undefined;
  }
  return groups.open(id, () => ({
    channel: 'EBAY',
    format: 'ebay-transactions',
    marketplace: null,
    currency,
    startDate: null,
    endDate: null,
    depositDate: null,
    total: null,
    status: 'open',
    sellerId: null,
    sourceFile: groups.file,
  }));
}
