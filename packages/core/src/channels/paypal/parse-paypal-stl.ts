/**
 * PayPal SFTP Settlement report (STL): records tagged in the first field, RH report header, FH file
 * header, SH section header (period start, end, account id), CH column header, SB body rows, SF
 * section footer (one per currency), SC section count, RF/RC report footer/count, FF file footer.
 * Comma- or tab-separated (sniffed). Money fields are unsigned integers in the currency's minor unit ("$100.00 and 100,00 yen are both
 * 10000"); direction comes from the '... Debit or Credit' column (CR money in, DR money out).
 *
 * One statement per section and currency, id '<period start day>_<account>_<currency>'. Each SB row
 * gives its gross under its T-code ('T0006') and its fee under 'T0006|Fee'. The stated total is the
 * section footer's ending minus beginning balance; the footer's gross credit/debit totals and the
 * section count are checked against the rows, and a file without its FF footer is reported as
 * truncated. SF layout after the currency: gross credit total, gross debit total, two fee totals,
 * then (D/C, amount) pairs of which the first two are the beginning and ending balance (PayPal's
 * specification; the only public STL sample is test-authored and its balances are not consistent).
 *
 * The DDR dispute report has the same envelope but lists disputes (case ids, disputed amounts,
 * "Temp Hold Placed"), not money that moved: the holds and reversals it mentions appear as
 * transactions in the STL and activity download. It is recognised and refused with a clear problem.
 */
import { getMinorDigits, isKnownCurrency } from '../../money/currencies';
import type { ParseSink, ReportInput, ReportParser } from '../../settlements/parser';
import { mapColumns, type ColumnMap } from '../shared/column-map';
import { parseDateTime } from '../shared/parse-date-time';
import { readAllRows, type ReportRow } from '../grouping/read-all-rows';
import { RowCells } from '../grouping/row-cells';
import { makeLine, SettlementGroups, widenPeriod, type SettlementGroup } from '../grouping/settlement-groups';

const COLUMNS = {
  transactionId: ['Transaction ID'],
  invoiceId: ['Invoice ID'],
  eventCode: ['Transaction Event Code'],
  initiationDate: ['Transaction Initiation Date'],
  completionDate: ['Transaction Completion Date'],
  grossDirection: ['Transaction Debit or Credit'],
  gross: ['Gross Transaction Amount'],
  grossCurrency: ['Gross Transaction Currency'],
  feeDirection: ['Fee Debit or Credit'],
  fee: ['Fee Amount'],
  feeCurrency: ['Fee Currency'],
  customField: ['Custom Field'],
} as const;
type Key = keyof typeof COLUMNS;

const LABEL = 'PayPal settlement report (STL)';

export const paypalStlParser: ReportParser = {
  format: 'paypal-stl',
  channel: 'PAYPAL',
  label: LABEL,
  detect(head) {
    if (!/^"?RH"?[,;\t]/.test(head)) return 0;
    // The dispute report shares the envelope: claim it too, so parse() can say what it is.
    return /"?CH"?[,;\t].*Transaction Event Code/.test(head) ? 0.95 : /"?CH"?[,;\t].*Case ID/.test(head) ? 0.9 : 0.5;
  },
  parse: parsePaypalStl,
};

interface Section {
  index: number;
  start: number | null;
  end: number | null;
  account: string;
  bodyRows: number;
  /** Gross sums from the rows, per currency, to check against the footer. */
  gross: Map<string, { credit: bigint; debit: bigint }>;
}

/** Units (scale 4) of an unsigned minor-unit integer, or undefined when it is not one. */
function minorToUnits(text: string, currency: string): bigint | undefined {
  if (!/^\d{1,18}$/.test(text.trim())) return undefined;
  const digits = isKnownCurrency(currency) ? getMinorDigits(currency) : 2;
  return BigInt(text.trim()) * 10n ** BigInt(4 - digits);
}

function direction(text: string): 1n | -1n | undefined {
  const t = text.trim().toUpperCase();
  return t === 'CR' ? 1n : t === 'DR' ? -1n : undefined;
}

async function parsePaypalStl(input: ReportInput, sink: ParseSink): Promise<void> {
  const groups = new SettlementGroups(input.fileName);
  // PayPal delivers SFTP reports comma- or tab-separated, per the merchant’s choice, and a spreadsheet in a decimal-comma locale saves them with semicolons: sniffed.
  const { rows, textProblems } = await readAllRows(input, { groups, label: LABEL });
  for (const p of textProblems) groups.problem(p.row, null, p.message);
  if (rows.length === 0 || rows[0]!.fields[0]?.trim() !== 'RH') {
    groups.problem(rows[0]?.row ?? 0, null, `This is not a ${LABEL}: it does not start with the RH report header record.`);
    groups.flush(sink, 'statement');
    return;
  }
  let columns: ColumnMap<Key> | undefined;
  let section: Section | undefined;
  let sawFileFooter = false;
  for (const record of rows) {
    const tag = record.fields[0]?.trim() ?? '';
    switch (tag) {
      case 'RH':
      case 'FH':
      case 'RF':
      case 'RC':
        break;
      case 'FF':
        sawFileFooter = true;
        break;
      case 'SH':
        section = readSectionHeader(record, (section?.index ?? 0) + 1, groups);
        break;
      case 'CH': {
        const names = record.fields.slice(1);
        if (names.some((n) => /case id/i.test(n))) {
          groups.problem(record.row, null, 'This is a PayPal dispute report (DDR): it lists disputes and claims, not money paid out, so it holds no settlement. Load the settlement report (STL) or an activity download for the same days instead.');
          groups.flush(sink, 'statement');
          return;
        }
        columns = mapColumns(names, COLUMNS);
        const missing = (['eventCode', 'grossDirection', 'gross', 'grossCurrency'] as const).filter((k) => columns!.missing.includes(k));
        if (missing.length > 0) {
          groups.problem(record.row, null, `The column header (CH) of this ${LABEL} lacks ${missing.map((k) => `'${COLUMNS[k][0]}'`).join(', ')}.`);
          columns = undefined;
        }
        break;
      }
      case 'SB':
        if (!columns || !section) {
          groups.problem(record.row, null, `Row ${record.row} is a body row (SB) before any section header (SH) and column header (CH).`);
          break;
        }
        readBodyRow(record, columns, section, groups);
        break;
      case 'SF':
        if (section) readSectionFooter(record, section, groups);
        break;
      case 'SC':
        if (section && record.fields[1]?.trim() !== String(section.bodyRows)) {
          groups.problem(record.row, null, `The section count (SC) says ${record.fields[1]?.trim() ?? '(nothing)'} rows but the section has ${section.bodyRows}: rows are missing or repeated.`);
        }
        break;
      default:
        groups.problem(record.row, null, `Row ${record.row} starts with "${tag}", which is not a record type of the ${LABEL} (RH, FH, SH, CH, SB, SF, SC, RF, RC, FF).`);
    }
  }
  if (!sawFileFooter) groups.problem(0, null, `The ${LABEL} has no file footer (FF): the file looks truncated.`);
  for (const group of groups.all()) {
    if (group.header.total === null) groups.problem(0, null, `The section footer (SF) for ${group.header.currency} is missing, so the statement's total is unknown.`, group);
  }
  groups.flush(sink, 'statement');
}

function readSectionHeader(record: ReportRow, index: number, groups: SettlementGroups): Section {
  const start = parseDateTime(record.fields[1] ?? '') ?? null;
  const end = parseDateTime(record.fields[2] ?? '') ?? null;
  if (start === null || end === null) groups.problem(record.row, null, `Row ${record.row}: the section header (SH) does not give a readable period start and end.`);
  return { index, start, end, account: (record.fields[3] ?? '').trim(), bodyRows: 0, gross: new Map() };
}

function statementFor(section: Section, currency: string, groups: SettlementGroups): SettlementGroup {
  const day = section.start === null ? `section${section.index}` : new Date(section.start).toISOString().slice(0, 10);
  return groups.open(`${day}_${section.account}_${currency}`, () => ({
    channel: 'PAYPAL',
    format: 'paypal-stl',
    marketplace: null,
    currency,
    startDate: section.start,
    endDate: section.end,
    depositDate: null,
    total: null,
    status: 'closed',
    sellerId: section.account || null,
    sourceFile: groups.file,
  }));
}

function readBodyRow(record: ReportRow, columns: ColumnMap<Key>, section: Section, groups: SettlementGroups): void {
  section.bodyRows++;
  const cells = new RowCells(columns, record.fields.slice(1), record.row, groups);
  const currency = cells.text('grossCurrency').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) {
    cells.problem('grossCurrency', `Row ${record.row}: 'Gross Transaction Currency' holds "${cells.text('grossCurrency')}", which is not a currency code.`);
    return;
  }
  const group = statementFor(section, currency, groups);
  cells.group = group;
  const sign = direction(cells.text('grossDirection'));
  const gross = minorToUnits(cells.text('gross'), currency);
  if (sign === undefined) cells.problem('grossDirection', `Row ${record.row}: 'Transaction Debit or Credit' holds "${cells.text('grossDirection')}" where CR or DR is expected.`);
  if (gross === undefined) cells.problem('gross', `Row ${record.row}: 'Gross Transaction Amount' holds "${cells.text('gross')}", which is not an amount in minor units.`);
  let fee = 0n;
  if (!cells.isEmpty('fee')) {
    const feeSign = direction(cells.text('feeDirection'));
    const feeUnits = minorToUnits(cells.text('fee'), currency);
    if (feeSign === undefined || feeUnits === undefined) cells.problem('fee', `Row ${record.row}: the fee "${cells.text('feeDirection')} ${cells.text('fee')}" cannot be read.`);
    else if (!cells.isEmpty('feeCurrency') && cells.text('feeCurrency').toUpperCase() !== currency) cells.problem('feeCurrency', `Row ${record.row}: the fee is in ${cells.text('feeCurrency')} but the transaction in ${currency}.`);
    else fee = feeSign * feeUnits;
  }
  const postedAt = cells.date(cells.isEmpty('completionDate') ? 'initiationDate' : 'completionDate');
  if (sign === undefined || gross === undefined || postedAt == null || cells.hasProblem) return;
  const sums = section.gross.get(currency) ?? { credit: 0n, debit: 0n };
  if (sign > 0n) sums.credit += gross;
  else sums.debit += gross;
  section.gross.set(currency, sums);
  const code = cells.text('eventCode') || '(no event code)';
  const base = { postedAt, orderId: cells.text('invoiceId') || null, source: { file: groups.file, row: record.row }, description: `transaction ${cells.text('transactionId')}` };
  group.lines.push(makeLine({ ...base, typeKey: code, amount: sign * gross }));
  if (fee !== 0n) group.lines.push(makeLine({ ...base, typeKey: `${code}|Fee`, amount: fee }));
  widenPeriod(group, postedAt);
}

function readSectionFooter(record: ReportRow, section: Section, groups: SettlementGroups): void {
  const f = record.fields.map((x) => x.trim());
  const currency = (f[1] ?? '').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) {
    groups.problem(record.row, null, `Row ${record.row}: the section footer (SF) does not name a currency.`);
    return;
  }
  const group = statementFor(section, currency, groups);
  const grossCredit = minorToUnits(f[2] ?? '', currency);
  const grossDebit = minorToUnits(f[3] ?? '', currency);
  const beginSign = direction(f[6] ?? '');
  const begin = minorToUnits(f[7] ?? '', currency);
  const endSign = direction(f[8] ?? '');
  const end = minorToUnits(f[9] ?? '', currency);
  if (beginSign === undefined || begin === undefined || endSign === undefined || end === undefined) {
    groups.problem(record.row, null, `Row ${record.row}: the section footer (SF) for ${currency} has no readable beginning and ending balance.`, group);
    return;
  }
  group.header.total = endSign * end - beginSign * begin;
  const sums = section.gross.get(currency) ?? { credit: 0n, debit: 0n };
  if (grossCredit !== sums.credit || grossDebit !== sums.debit) {
    groups.problem(record.row, null, `The section footer (SF) for ${currency} gives gross credits ${f[2] ?? ''} and debits ${f[3] ?? ''} (minor units) but the rows add up to other totals: rows are missing or altered.`, group);
  }
}
