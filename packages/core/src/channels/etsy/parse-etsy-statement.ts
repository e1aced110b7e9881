/**
 * Etsy monthly statement CSV (Shop Manager > Finances > Monthly statements), the current 9-column
 * layout (`Date, Type, Title, Info, Currency, Amount, Fees & Taxes, Net, Tax Details`) and the 2022
 * 8-column one (no Tax Details). Dates `October 31, 2025` (current) or `28-Feb-22` (2022), no time
 * and no zone: read as UTC midnight; money with its symbol (`-$0.99`, `-€ 0.04`, `"€ 1,080.63"`);
 * `--` means no value; rows newest first. Checked against real statements (formats.md 5.4, not
 * copied for their licence): every deposit of a real EUR month (8 deposits) reconciles exactly.
 *
 * Settlements are Etsy's deposits: walking the rows oldest first, a Deposit row closes every row
 * since the previous deposit (or the start of the file) into one settlement whose stated total is
 * the deposited amount. Deposit rows carry no Net: the amount is only in the title ("$328.38 sent to
 * your bank account"). Each other row is a line of its Net (the signed effect on the payment
 * account). Rows after the last deposit form an open settlement that the next statement completes.
 * Etsy pays out the available balance with a delay of 1-3 days, so the rows just before a deposit
 * can belong to the next one: the consistency check then shows the difference, nothing is moved.
 */
import { parseDecimalUnits } from '../../money/money';
import type { ParseSink, ReportInput, ReportParser } from '../../settlements/parser';
import { firstLine, headerMatchRatio, mapColumns } from '../shared/column-map';
import { parseDateTime } from '../shared/parse-date-time';
import { readAllRows, type ReportRow } from '../grouping/read-all-rows';
import { RowCells } from '../grouping/row-cells';
import { makeLine, SettlementGroups, widenPeriod, type SettlementGroup } from '../grouping/settlement-groups';
import { etsyTypeKey } from './transaction-types';

const COLUMNS = {
  date: ['Date'],
  type: ['Type'],
  title: ['Title'],
  info: ['Info'],
  currency: ['Currency'],
  amount: ['Amount'],
  feesAndTaxes: ['Fees & Taxes'],
  net: ['Net'],
  taxDetails: ['Tax Details'],
} as const;
type Key = keyof typeof COLUMNS;
const REQUIRED: readonly Key[] = ['date', 'type', 'title', 'currency', 'net'];
const LABEL = 'Etsy monthly statement';
const DEPOSIT_TITLE = /^(.*?\d[\d.,]*)\s+sent to your bank account/i;

export const etsyStatementParser: ReportParser = {
  format: 'etsy-statement',
  channel: 'ETSY',
  label: LABEL,
  detect(head, fileName) {
    const ratio = headerMatchRatio(firstLine(head), ['Date', 'Type', 'Title', 'Info', 'Currency', 'Amount', 'Fees & Taxes', 'Net']);
    if (ratio >= 0.99) return 0.95;
    return ratio >= 0.75 || /^etsy_statement_\d{4}_\d{1,2}/i.test(fileName ?? '') ? 0.6 : 0;
  },
  parse: parseEtsyStatement,
};

async function parseEtsyStatement(input: ReportInput, sink: ParseSink): Promise<void> {
  const groups = new SettlementGroups(input.fileName);
  const { rows, summary, textProblems } = await readAllRows(input, { groups, label: LABEL });
  for (const p of textProblems) groups.problem(p.row, null, p.message);
  const header = rows[0];
  const columns = header ? mapColumns(header.fields, COLUMNS) : undefined;
  const missing = columns ? REQUIRED.filter((k) => columns.missing.includes(k)) : REQUIRED;
  if (!header || !columns || missing.length > 0) {
    groups.problem(header?.row ?? 0, null, `This is not an ${LABEL}: the header lacks ${missing.map((k) => `'${COLUMNS[k][0]}'`).join(', ')}.`);
    groups.flush(sink, 'deposit');
    return;
  }
  const body = rows.slice(1);
  const lastRecord = body[body.length - 1];
  // Real statements are newest first; accept oldest-first files too, judged by their dates.
  const firstAt = parseDateTime(body[0]?.fields[columns.index.date] ?? '');
  const lastAt = parseDateTime(lastRecord?.fields[columns.index.date] ?? '');
  const chronological = firstAt !== undefined && lastAt !== undefined && firstAt <= lastAt ? body : [...body].reverse();

  let pending: ReportRow[] = [];
  for (const record of chronological) {
    const cells = new RowCells(columns, record.fields, record.row, groups);
    if (cells.text('type').toLowerCase() !== 'deposit') {
      pending.push(record);
      continue;
    }
    const group = openDeposit(cells, groups);
    cells.checkLength(record === lastRecord && !summary.isLastRowTerminated);
    for (const r of pending) readLine(new RowCells(columns, r.fields, r.row, groups), group, r === lastRecord && !summary.isLastRowTerminated);
    pending = [];
  }
  if (pending.length > 0) {
    const first = new RowCells(columns, pending[0]!.fields, pending[0]!.row, groups);
    const day = parseDateTime(first.text('date'));
    const group = groups.open(`open_${day === undefined ? `row${first.row}` : new Date(day).toISOString().slice(0, 10)}`, () => depositHeader(first, null, 'open'));
    first.group = group;
    checkCurrency(first, group);
    for (const r of pending) readLine(new RowCells(columns, r.fields, r.row, groups), group, r === lastRecord && !summary.isLastRowTerminated);
  }
  groups.flush(sink, 'deposit');
}

function depositHeader(cells: RowCells<Key>, depositDate: number | null, status: 'open' | 'closed') {
  return {
    channel: 'ETSY' as const,
    format: 'etsy-statement',
    marketplace: null,
    currency: cells.text('currency').toUpperCase(),
    startDate: null,
    endDate: null,
    depositDate,
    total: null,
    status,
    sellerId: null,
    sourceFile: cells.groups.file,
  };
}

/** The settlement a Deposit row closes; its id is '<deposit day>_<amount>'. */
function openDeposit(cells: RowCells<Key>, groups: SettlementGroups): SettlementGroup {
  const at = parseDateTime(cells.text('date'));
  const match = DEPOSIT_TITLE.exec(cells.text('title'));
  const amount = match ? parseDecimalUnits(match[1]!, '.') : undefined;
  const day = at === undefined ? `row${cells.row}` : new Date(at).toISOString().slice(0, 10);
  const amountText = match ? match[1]!.replace(/[^\d.,]/g, '').replace(/,/g, '') : `row${cells.row}`;
  let id = `${day}_${amountText}`;
  for (let n = 2; groups.find(id); n++) id = `${day}_${amountText}_${n}`;
  const group = groups.open(id, () => depositHeader(cells, at ?? null, 'closed'));
  cells.group = group;
  checkCurrency(cells, group);
  if (at === undefined) cells.problem('date', `Row ${cells.row}: 'Date' holds "${cells.text('date')}", which is not a valid date.`);
  if (amount === undefined) cells.problem('title', `Row ${cells.row}: the deposit row's title "${cells.text('title')}" does not say the amount sent to the bank.`);
  else group.header.total = amount;
  return group;
}

/** A deposit takes the currency of the row that opens it; an unreadable one is 'XXX' (no currency) and a problem. */
function checkCurrency(cells: RowCells<Key>, group: SettlementGroup): void {
  if (/^[A-Z]{3}$/.test(group.header.currency)) return;
  cells.problem('currency', `Row ${cells.row}: 'Currency' holds "${cells.text('currency')}", which is not a currency code.`);
  group.header.currency = 'XXX';
}

function readLine(cells: RowCells<Key>, group: SettlementGroup, isCutRow: boolean): void {
  cells.group = group;
  cells.checkLength(isCutRow);
  const currency = cells.text('currency').toUpperCase();
  if (currency !== group.header.currency) {
    cells.problem('currency', `Row ${cells.row} is in ${currency || '(no currency)'} but the rest of its deposit is in ${group.header.currency}: one deposit cannot mix currencies.`);
    return;
  }
  const postedAt = cells.date('date');
  // Net is the signed effect on the payment account; older rows without Net fall back to their parts.
  const key: Key = !cells.isEmpty('net') ? 'net' : !cells.isEmpty('amount') ? 'amount' : 'feesAndTaxes';
  const amount = cells.amount(key, '.');
  if (postedAt == null || amount == null) return;
  const title = cells.text('title');
  const info = cells.isEmpty('info') ? '' : cells.text('info');
  const order = /Order #(\d+)/.exec(`${title} ${info}`);
  group.lines.push(
    makeLine({
      postedAt,
      typeKey: etsyTypeKey(cells.text('type'), title),
      amount,
      orderId: order ? order[1]! : null,
      source: { file: cells.groups.file, row: cells.row },
      description: [title, info].filter((p) => p !== '').join(' - ') || null,
    }),
  );
  widenPeriod(group, postedAt);
}
