/**
 * OFX bank statements, both generations: 1.x is SGML (a header of KEY:VALUE lines, then tags whose
 * elements are never closed: `<TRNAMT>-12.50`), 2.x is XML (`<TRNAMT>-12.50</TRNAMT>`). Aggregates
 * such as STMTTRN are closed in both, so one scanner reads both: a transaction is the text between
 * <STMTTRN> and </STMTTRN>, an element's value runs to the next '<'. The statement's currency is
 * CURDEF; when a bank leaves CURDEF empty, a transaction's currency is the CURSYM of its own CURRENCY
 * or ORIGCURRENCY aggregate (TRNAMT stays the booked amount). Each statement (STMTRS, CCSTMTRS) gives
 * its closing balance in LEDGERBAL; OFX states no opening balance, so the check says it cannot be made.
 */
import { parseDecimalUnits } from '../money/money';
import { isCalendarDate } from '../rules/calendar-date';
import type { BankStatementSink, StatementBalance } from './model';
import { checkStatementBalance } from './statement-balance';

const TRANSACTION = /<STMTTRN>([\s\S]*?)<\/STMTTRN>/gi;
const STATEMENT = /<(CC)?STMTRS>([\s\S]*?)<\/(CC)?STMTRS>/gi;

export function parseOfx(text: string, fileName: string, sink: BankStatementSink): void {
  const statements = [...text.matchAll(STATEMENT)].map((m) => ({ start: (m.index ?? 0) + m[0].indexOf('>') + 1, body: m[2] ?? '' }));
  // A file without a closed STMTRS is read as one statement, as before.
  const blocks = statements.length > 0 ? statements : [{ start: 0, body: text }];
  let count = 0;
  for (const block of blocks) {
    const booked: bigint[] = [];
    count += readStatement(text, block, fileName, sink, booked);
    if (statements.length === 0) continue;
    const ledger = /<LEDGERBAL>([\s\S]*?)<\/LEDGERBAL>/i.exec(block.body)?.[1];
    const amountText = ledger === undefined ? undefined : elementValue(ledger, 'BALAMT');
    const units = amountText === undefined ? undefined : parseDecimalUnits(amountText, amountText.includes(',') && !amountText.includes('.') ? ',' : '.');
    const asOf = ledger === undefined ? undefined : elementValue(ledger, 'DTASOF');
    const closing: StatementBalance | null = units === undefined ? null : { code: 'LEDGERBAL', amount: units, date: (asOf && ofxDay(asOf)) || null };
    sink.balanceCheck?.(
      checkStatementBalance({
        row: lineOf(text, block.start),
        account: elementValue(block.body, 'ACCTID') ?? null,
        currency: elementValue(block.body, 'CURDEF')?.toUpperCase() ?? null,
        opening: null,
        closing,
        entries: booked,
      }),
    );
  }
  if (count === 0) sink.problem({ file: fileName, row: 0, column: null, message: 'This OFX file has no transactions (no STMTTRN).' });
}

/** Reads the transactions of one statement (`start`: where its body starts in the text) into the sink and their amounts into `booked`; returns how many there were. */
function readStatement(text: string, block: { start: number; body: string }, fileName: string, sink: BankStatementSink, booked: bigint[]): number {
  const statementCurrency = elementValue(block.body, 'CURDEF')?.toUpperCase() ?? null;
  let count = 0;
  for (const match of block.body.matchAll(TRANSACTION)) {
    count++;
    const body = match[1] ?? '';
    const row = lineOf(text, block.start + (match.index ?? 0));
    const problem = (column: string | null, message: string) => sink.problem({ file: fileName, row, column, message: `Line ${row}${column ? `, ${column}` : ''}: ${message}` });
    const posted = elementValue(body, 'DTPOSTED') ?? '';
    const date = ofxDay(posted);
    if (date === undefined) {
      problem('DTPOSTED', `"${posted}" is not an OFX date (YYYYMMDD).`);
      continue;
    }
    const amountText = elementValue(body, 'TRNAMT') ?? '';
    // A few banks write a decimal comma in TRNAMT although the standard says a point.
    const amount = parseDecimalUnits(amountText, amountText.includes(',') && !amountText.includes('.') ? ',' : '.');
    if (amount === undefined) {
      problem('TRNAMT', `"${amountText}" is not an amount.`);
      continue;
    }
    booked.push(amount);
    const userDate = elementValue(body, 'DTUSER');
    const currency = statementCurrency ?? ownCurrency(body);
    const parts = [elementValue(body, 'NAME'), elementValue(body, 'MEMO')].filter((p): p is string => Boolean(p));
    sink.transaction({
      row,
      date,
      valueDate: (userDate && ofxDay(userDate)) || null,
      amount,
      currency,
      description: parts.join(' '),
      reference: elementValue(body, 'FITID') ?? elementValue(body, 'REFNUM') ?? null,
    });
  }
  return count;
}

/** CURSYM of a transaction's CURRENCY or ORIGCURRENCY aggregate (the statement's CURDEF being empty). */
function ownCurrency(body: string): string | null {
  const aggregate = /<(?:ORIG)?CURRENCY>([\s\S]*?)(?:<\/(?:ORIG)?CURRENCY>|$)/i.exec(body)?.[1];
  return (aggregate === undefined ? undefined : elementValue(aggregate, 'CURSYM')?.toUpperCase()) ?? null;
}

/** The value of the first element named `tag`: the text after <TAG> up to the next tag, entities decoded. */
function elementValue(text: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}>([^<]*)`, 'i').exec(text);
  if (!m) return undefined;
  const value = (m[1] ?? '').trim().replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  return value === '' ? undefined : value;
}

/** 'YYYY-MM-DD' of an OFX date-time (YYYYMMDD[HHMMSS[.XXX]][[-5:EST]]): the day the bank printed. */
function ofxDay(text: string): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(text.trim());
  if (!m) return undefined;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  return isCalendarDate(day) ? day : undefined;
}

export function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
