/**
 * OFX bank statements, both generations: 1.x is SGML (a header of KEY:VALUE lines, then tags whose
 * elements are never closed: `<TRNAMT>-12.50`), 2.x is XML (`<TRNAMT>-12.50</TRNAMT>`). Aggregates
 * such as STMTTRN are closed in both, so one scanner reads both: a transaction is the text between
 * <STMTTRN> and </STMTTRN>, an element's value runs to the next '<'. The statement's currency is
 * CURDEF; a transaction's own CURRENCY aggregate (a foreign amount) is not the booked amount and is
 * not read.
 */
import { parseDecimalUnits } from '../money/money';
import { isCalendarDate } from '../rules/calendar-date';
import type { BankStatementSink } from './model';

const TRANSACTION = /<STMTTRN>([\s\S]*?)<\/STMTTRN>/gi;

export function parseOfx(text: string, fileName: string, sink: BankStatementSink): void {
  const currency = elementValue(text, 'CURDEF')?.toUpperCase() ?? null;
  let count = 0;
  for (const match of text.matchAll(TRANSACTION)) {
    count++;
    const body = match[1] ?? '';
    const row = lineOf(text, match.index ?? 0);
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
    const userDate = elementValue(body, 'DTUSER');
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
  if (count === 0) sink.problem({ file: fileName, row: 0, column: null, message: 'This OFX file has no transactions (no STMTTRN).' });
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
