/**
 * Shopify Payments "payment transactions" export (Finance > Payouts > Transactions > Export), the 16-
 * and 18-column headers (the latter adds `Payout ID` and `VAT`). Columns by name, never by position.
 *
 * Rows are grouped into payouts: by `Payout ID` when the row has one, else by `Payout Date` (the
 * 16-column export has no id; the date is the bank deposit's key). A payout whose rows are all
 * `paid` is closed with total = Σ Net (Shopify states no other total in this file); a payout with any
 * row not paid yet (pending, scheduled, in_transit...) is an open settlement (no total) that a later
 * export completes. Each row gives a line of `Amount` under its type and, when Shopify took a fee, a
 * line of −Fee under '<type>|fee'; so a row that breaks Shopify's rule Net = Amount − Fee shows up
 * as a difference between the lines and the total. Presentment amount/currency (what the buyer saw)
 * go into the line's description: the payout currency is `Currency`.
 * Checked on rows of the three real exports of formats.md 2.4 (not copied for their licence): they
 * read without a problem and every paid payout's lines equal Σ Net.
 */
import type { ReportInput, ReportParser, ParseSink } from '../../settlements/parser';
import { firstLine, headerMatchRatio, mapColumns } from '../shared/column-map';
import { readAllRows } from '../grouping/read-all-rows';
import { RowCells } from '../grouping/row-cells';
import { makeLine, SettlementGroups, widenPeriod, type SettlementGroup } from '../grouping/settlement-groups';

const COLUMNS = {
  transactionDate: ['Transaction Date'],
  type: ['Type'],
  order: ['Order'],
  cardBrand: ['Card Brand'],
  cardSource: ['Card Source'],
  payoutStatus: ['Payout Status'],
  payoutDate: ['Payout Date'],
  payoutId: ['Payout ID'],
  amount: ['Amount'],
  fee: ['Fee'],
  net: ['Net'],
  paymentMethod: ['Payment Method Name'],
  presentmentAmount: ['Presentment Amount'],
  presentmentCurrency: ['Presentment Currency'],
  currency: ['Currency'],
  vat: ['VAT'],
} as const;
type Key = keyof typeof COLUMNS;
const REQUIRED: readonly Key[] = ['transactionDate', 'type', 'payoutStatus', 'payoutDate', 'amount', 'fee', 'net', 'currency'];

const LABEL = 'Shopify payment transactions export';

export const shopifyTransactionsParser: ReportParser = {
  format: 'shopify-transactions',
  channel: 'SHOPIFY',
  label: LABEL,
  detect(head) {
    const ratio = headerMatchRatio(firstLine(head), ['Transaction Date', 'Type', 'Payout Status', 'Payout Date', 'Available On', 'Amount', 'Fee', 'Net', 'Currency']);
    return ratio >= 0.99 ? 0.95 : ratio >= 0.75 ? 0.6 : 0;
  },
  parse: parseShopifyTransactions,
};

interface PayoutState {
  isPaid: boolean;
  /** Σ Net of the payout's rows: the payout amount. */
  net: bigint;
}

async function parseShopifyTransactions(input: ReportInput, sink: ParseSink): Promise<void> {
  const groups = new SettlementGroups(input.fileName);
  const { rows, summary, textProblems } = await readAllRows(input, { groups, label: LABEL });
  for (const p of textProblems) groups.problem(p.row, null, p.message);
  const header = rows[0];
  if (!header) {
    groups.problem(0, null, `The file is empty: a ${LABEL} starts with a header row (Transaction Date, Type, Order, ...).`);
    groups.flush(sink, 'payout');
    return;
  }
  const columns = mapColumns(header.fields, COLUMNS);
  const missing = REQUIRED.filter((k) => columns.missing.includes(k));
  if (missing.length > 0) {
    groups.problem(header.row, null, `This is not a ${LABEL}: the header lacks ${missing.map((k) => `'${COLUMNS[k][0]}'`).join(', ')}.`);
    groups.flush(sink, 'payout');
    return;
  }
  const states = new Map<SettlementGroup, PayoutState>();
  const lastRow = rows[rows.length - 1];
  for (const record of rows.slice(1)) {
    const cells = new RowCells(columns, record.fields, record.row, groups);
    const group = payoutOf(cells, groups);
    cells.group = group;
    cells.checkLength(record === lastRow && !summary.isLastRowTerminated);
    if (!group) continue;
    let state = states.get(group);
    if (!state) states.set(group, (state = { isPaid: true, net: 0n }));
    if (cells.text('payoutStatus').toLowerCase() !== 'paid') state.isPaid = false;
    const postedAt = cells.date('transactionDate');
    const amount = cells.amount('amount', '.');
    const fee = cells.amount('fee', '.');
    const net = cells.amount('net', '.');
    if (postedAt === undefined || amount == null || fee == null || net == null) continue;
    state.net += net;
    const type = cells.text('type').toLowerCase() || '(no type)';
    const common = {
      postedAt,
      orderId: cells.text('order') || null,
      source: { file: input.fileName, row: record.row },
      description: describe(cells),
    };
    group.lines.push(makeLine({ ...common, typeKey: amountTypeKey(type, cells.text('paymentMethod')), amount }));
    if (fee !== 0n) group.lines.push(makeLine({ ...common, typeKey: `${type}|fee`, amount: -fee }));
    widenPeriod(group, postedAt);
  }
  for (const [group, state] of states) {
    group.header.status = state.isPaid ? 'closed' : 'open';
    group.header.total = state.isPaid ? state.net : null;
    if (!state.isPaid) group.header.depositDate = null;
  }
  groups.flush(sink, 'payout');
}

/**
 * A charge paid with a gift card, or a refund paid back onto one, is not card money: its amount is keyed
 * '<type>|gift_card' so the Gift Card Report and the mappings can tell it apart (decision 0027). Its
 * fee, if any, stays '<type>|fee'.
 */
function amountTypeKey(type: string, paymentMethod: string): string {
  const isGiftCard = paymentMethod.trim().toLowerCase() === 'gift_card';
  return isGiftCard && (type === 'charge' || type === 'refund') ? `${type}|gift_card` : type;
}

/** The payout a row belongs to (created on first sight), or undefined with a problem. */
function payoutOf(cells: RowCells<Key>, groups: SettlementGroups): SettlementGroup | undefined {
  const currency = cells.text('currency').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) {
    cells.problem('currency', `Row ${cells.row}: 'Currency' holds "${cells.text('currency')}", which is not a currency code.`);
    return undefined;
  }
  const payoutId = cells.isEmpty('payoutId') ? '' : cells.text('payoutId');
  let depositDate: number | null = null;
  if (!cells.isEmpty('payoutDate')) {
    const d = cells.date('payoutDate');
    if (d === undefined) return undefined;
    depositDate = d;
  }
  const dateKey = depositDate === null ? 'unscheduled' : new Date(depositDate).toISOString().slice(0, 10);
  const id = payoutId !== '' ? payoutId : dateKey;
  // A payout holds one currency; the same id in another currency is another payout.
  const existing = groups.find(id);
  if (existing && existing.header.currency !== currency) {
    cells.group = existing;
    cells.problem('currency', `Row ${cells.row} is in ${currency} but payout ${id} is in ${existing.header.currency}: one payout cannot mix currencies.`);
    return undefined;
  }
  return groups.open(id, () => ({
    channel: 'SHOPIFY',
    format: 'shopify-transactions',
    marketplace: null,
    currency,
    startDate: null,
    endDate: null,
    depositDate,
    total: null,
    status: 'open',
    sellerId: null,
    sourceFile: groups.file,
  }));
}

function describe(cells: RowCells<Key>): string | null {
  const parts: string[] = [];
  const method = cells.text('paymentMethod') || cells.text('cardBrand');
  if (method !== '' && method !== 'unknown') parts.push(method);
  if (cells.text('cardSource') !== '') parts.push(cells.text('cardSource'));
  const presentment = cells.text('presentmentCurrency').toUpperCase();
  if (presentment !== '' && presentment !== cells.text('currency').toUpperCase()) {
    parts.push(`presented as ${cells.amountText('presentmentAmount', '.')} ${presentment}`);
  }
  const vat = cells.amountText('vat', '.');
  if (!cells.isEmpty('vat') && !/^-?0+(\.0+)?$/.test(vat)) parts.push(`VAT ${vat}`);
  return parts.length > 0 ? parts.join(', ') : null;
}
