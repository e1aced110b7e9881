/**
 * PayPal activity download CSV (Reports > Activity download) in every layout we know: 41-column "all
 * transactions" (A), 10-column "balance affecting" with a single Amount (B), the 22-column business
 * layout (C), the 18-column statement layout (D), the 2011 34-column one with Balance Impact (E), and
 * the localized ones (German, French, Spanish, Portuguese). Columns by name in any of those languages;
 * UTF-8 with BOM or Latin-1; day-first or month-first dates and decimal comma or point sniffed from
 * the values (falling back to the header language: English month-first and '.', others day-first
 * and ','); the time zone column holds abbreviations or IANA names.
 *
 * What a PayPal "statement" is here: the file's rows in one currency form one statement (a file
 * with USD and EUR rows gives two), id '<first day>_<last day>_<currency>' with the days as the file
 * writes them (the account's time zone). Each row gives a line of
 * its Gross (or Amount) under its type and one of its Fee under '<type>|Fee'. Memo rows (Balance
 * Impact = Memo: authorizations, invoices sent, pending) do not move the balance: they are kept as
 * zero lines that say so in their description, never dropped. The stated total is the balance
 * movement: closing balance (Balance after the newest row) minus opening balance (Balance before the
 * oldest row = its Balance minus its Net). PayPal's running balance obeys Balance[n] = Balance[n-1]
 * + Net[n] (verified on every real file), so a dropped or altered row shows up as a difference. A
 * file without a Balance column states no total: the total is then Σ Net (or Σ Amount), which only
 * checks Gross + Fee = Net.
 * Real files read and reconciled: the five in ../shared/samples/paypal (English 2011, French x2,
 * German 2023) and, not copied for their licence, Spanish and English statement layouts, a 10-column
 * download and the Latin-1 pt-BR file (newest first) of formats.md 3.4.
 */
import type { ParseSink, ReportInput, ReportParser } from '../../settlements/parser';
import { firstLine, headerMatchRatio, mapColumns, normalizeHeaderName } from '../shared/column-map';
import { parseDateTime, sniffDateOrder, type DateOrder } from '../shared/parse-date-time';
import { sniffDecimalSeparator } from '../shared/sniff-decimal-separator';
import { readAllRows, type ReportRow } from '../grouping/read-all-rows';
import { RowCells } from '../grouping/row-cells';
import { makeLine, SettlementGroups, widenPeriod, type SettlementGroup } from '../grouping/settlement-groups';
import { PAYPAL_ACTIVITY_COLUMNS as COLUMNS, type PaypalActivityKey as Key } from './paypal-activity-columns';
import { paypalTypeKey } from './transaction-types';
import { parseZonedDateTime } from './zoned-time';

const LABEL = 'PayPal activity download';

export const paypalActivityParser: ReportParser = {
  format: 'paypal-activity',
  channel: 'PAYPAL',
  label: LABEL,
  detect(head) {
    const line = firstLine(head);
    const zone = headerMatchRatio(line, COLUMNS.timeZone) > 0;
    const date = headerMatchRatio(line, COLUMNS.date) > 0;
    const money = headerMatchRatio(line, [...COLUMNS.gross, ...COLUMNS.net]) > 0;
    const currency = headerMatchRatio(line, COLUMNS.currency) > 0;
    return zone && date && money && currency ? 0.9 : 0;
  },
  parse: parsePaypalActivity,
};

interface Movement {
  row: number;
  at: number;
  net: bigint;
  balance: bigint | null;
}

async function parsePaypalActivity(input: ReportInput, sink: ParseSink): Promise<void> {
  const groups = new SettlementGroups(input.fileName);
  const { rows, summary, textProblems } = await readAllRows(input, { groups, label: LABEL, maxRows: 100_000 });
  for (const p of textProblems) groups.problem(p.row, null, p.message);
  const header = rows[0];
  const columns = header ? mapColumns(header.fields, COLUMNS) : undefined;
  const hasMoney = columns !== undefined && (columns.index.gross >= 0 || columns.index.net >= 0);
  if (!header || !columns || !hasMoney || columns.index.date < 0 || columns.index.currency < 0) {
    groups.problem(header?.row ?? 0, null, `This is not a ${LABEL}: its header has no Date, Currency and Gross/Net (or Amount) columns in a language we know (English, German, French, Spanish, Portuguese).`);
    groups.flush(sink, 'statement');
    return;
  }
  const body = rows.slice(1);
  const language = headerLanguage(header.fields);
  const dateOrder: DateOrder = sniffDateOrder(body.map((r) => r.fields[columns.index.date] ?? '')) ?? (language === 'en' ? 'mdy' : 'dmy');
  const moneyKeys: Key[] = ['gross', 'fee', 'net', 'balance'];
  const samples = body.flatMap((r) => moneyKeys.map((k) => r.fields[columns.index[k]] ?? ''));
  const separator = sniffDecimalSeparator(samples) ?? (language === 'en' ? '.' : ',');
  const movements = new Map<SettlementGroup, Movement[]>();
  const localDays = new Map<SettlementGroup, { first: number; last: number }>();
  const lastRow = body[body.length - 1];

  for (const record of body) {
    const cells = new RowCells(columns, record.fields, record.row, groups);
    const group = statementOf(cells, groups);
    cells.group = group;
    cells.checkLength(record === lastRow && !summary.isLastRowTerminated);
    if (!group) continue;
    const at = parseZonedDateTime(cells.text('date'), cells.text('time'), cells.text('timeZone'), dateOrder);
    if (at === undefined) {
      const when = `${cells.text('date')} ${cells.text('time')} ${cells.text('timeZone')}`.trim();
      cells.problem('date', `Row ${record.row}: the date and time "${when}" is not a valid date.`);
    }
    readRow(cells, group, record, at, separator, input.fileName, movements);
    // The id names the first and last day as the file writes them (the account's own time zone).
    const localDay = parseDateTime(cells.text('date'), { order: dateOrder });
    if (at !== undefined && localDay !== undefined) {
      const span = localDays.get(group);
      if (!span) localDays.set(group, { first: localDay, last: localDay });
      else {
        span.first = Math.min(span.first, localDay);
        span.last = Math.max(span.last, localDay);
      }
    }
  }
  for (const [group, list] of movements) settleTotal(group, list);
  for (const group of groups.all()) {
    if (!movements.has(group)) group.header.total = 0n;
    const h = group.header;
    const span = localDays.get(group);
    const day = (ms: number | undefined): string => (ms === undefined ? 'undated' : new Date(ms).toISOString().slice(0, 10));
    h.settlementId = `${day(span?.first)}_${day(span?.last)}_${h.currency}`;
  }
  groups.flush(sink, 'statement');
}

function readRow(
  cells: RowCells<Key>,
  group: SettlementGroup,
  record: ReportRow,
  at: number | undefined,
  separator: '.' | ',',
  file: string,
  movements: Map<SettlementGroup, Movement[]>,
): void {
  // Layout B has only Amount (an alias of gross); a file with Net but no Gross uses Net.
  const gross = cells.columns.index.gross >= 0 ? cells.amount('gross', separator) : cells.amount('net', separator);
  const fee = cells.amount('fee', separator);
  const net = cells.columns.index.net >= 0 ? cells.amount('net', separator, null) : null;
  const balance = cells.amount('balance', separator, null);
  // An unreadable cell was reported to the statement, which is therefore incomplete.
  if (at === undefined || cells.hasProblem || gross == null || fee == null || net === undefined || balance === undefined) return;
  const type = paypalTypeKey(cells.text('type'));
  const isMemo = /^(memo|mémo|memorando|nota)$/i.test(cells.text('balanceImpact'));
  const source = { file, row: record.row };
  const base = {
    postedAt: at,
    orderId: cells.text('invoice') || null,
    sku: cells.text('itemId') || null,
    quantity: /^\d+$/.test(cells.text('quantity')) ? Number(cells.text('quantity')) : null,
    source,
  };
  const details = [cells.text('name'), cells.text('itemTitle'), cells.text('transactionId') && `transaction ${cells.text('transactionId')}`]
    .filter((p) => p !== '')
    .join(', ');
  widenPeriod(group, at);
  if (isMemo) {
    const memo = `Memo, does not move the balance: ${cells.amountText('gross', separator)} ${cells.text('status')}`.trim();
    group.lines.push(makeLine({ ...base, typeKey: type, amount: 0n, description: details === '' ? memo : `${memo}; ${details}` }));
    return;
  }
  group.lines.push(makeLine({ ...base, typeKey: type, amount: gross, description: details === '' ? null : details }));
  if (fee !== 0n) group.lines.push(makeLine({ ...base, typeKey: `${type}|Fee`, amount: fee, description: details === '' ? null : details }));
  let list = movements.get(group);
  if (!list) movements.set(group, (list = []));
  list.push({ row: record.row, at, net: net ?? gross + fee, balance });
}

/** Total = closing − opening balance when the file gives balances, else Σ Net. */
function settleTotal(group: SettlementGroup, list: Movement[]): void {
  const sumNet = list.reduce((s, m) => s + m.net, 0n);
  const withBalance = list.filter((m) => m.balance !== null);
  if (withBalance.length === 0) {
    group.header.total = sumNet;
    return;
  }
  // Rows are oldest-first in real files; a newest-first file is recognised by its dates.
  const isNewestFirst = list.length > 1 && list[0]!.at > list[list.length - 1]!.at;
  const oldest = isNewestFirst ? withBalance[withBalance.length - 1]! : withBalance[0]!;
  const newest = isNewestFirst ? withBalance[0]! : withBalance[withBalance.length - 1]!;
  const opening = oldest.balance! - oldest.net;
  group.header.total = newest.balance! - opening;
}

function statementOf(cells: RowCells<Key>, groups: SettlementGroups): SettlementGroup | undefined {
  const currency = cells.text('currency').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) {
    cells.problem('currency', `Row ${cells.row}: '${cells.columnName('currency')}' holds "${cells.text('currency')}", which is not a currency code.`);
    return undefined;
  }
  // The id is fixed at flush time (first and last day); until then the currency identifies it.
  return groups.open(currency, () => ({
    channel: 'PAYPAL',
    format: 'paypal-activity',
    marketplace: null,
    currency,
    startDate: null,
    endDate: null,
    depositDate: null,
    total: null,
    status: 'closed',
    sellerId: null,
    sourceFile: groups.file,
  }));
}

/** The header's language, for the locale fallbacks. */
function headerLanguage(header: readonly string[]): 'en' | 'de' | 'fr' | 'es' | 'pt' {
  const names = new Set(header.map(normalizeHeaderName));
  if (names.has('datum')) return 'de';
  if (names.has('heure') || names.has('avantcommission')) return 'fr';
  if (names.has('fecha')) return 'es';
  if (names.has('data') || names.has('moeda')) return 'pt';
  return 'en';
}
