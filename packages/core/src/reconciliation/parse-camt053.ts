/**
 * ISO 20022 CAMT.053 (bank-to-customer statement), any version (the namespace is ignored): each Stmt
 * holds Ntry entries with Amt (and its Ccy attribute), CdtDbtInd (CRDT money in, DBIT money out),
 * BookgDt and ValDt (Dt or DtTm), AcctSvcrRef (the bank's reference) and text in AddtlNtryInf or the
 * transaction details' unstructured remittance (RmtInf/Ustrd). Values are read as text, never as
 * numbers: the XML parser's number conversion is off, so an amount is parsed exactly.
 *
 * Some banks date entries only through the statement (no BookgDt, no ValDt in any entry): such an
 * entry takes the statement's own date (its closing balance date, else its period end, else its
 * creation date) and says so in dateNote. Each statement's balances (OPBD or PRCD opening, CLBD
 * closing) are read and checked against the booked entries (checkStatementBalance).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseDecimalUnits } from '../money/money';
import { isCalendarDate } from '../rules/calendar-date';
import type { BankStatementSink, StatementBalance } from './model';
import { checkStatementBalance } from './statement-balance';
import { lineOf } from './parse-ofx';

type Node = Record<string, unknown>;

// Made on first use: importing the module (the web does, for the reason texts) costs nothing.
let parser: XMLParser | undefined;
const parserOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  isArray: (name: string) => name === 'Stmt' || name === 'Bal' || name === 'Ntry' || name === 'NtryDtls' || name === 'TxDtls' || name === 'Ustrd',
};

export function parseCamt053(text: string, fileName: string, sink: BankStatementSink): void {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    sink.problem({ file: fileName, row: valid.err.line, column: null, message: `Line ${valid.err.line}, column ${valid.err.col}: the XML is not well formed (${valid.err.msg}).` });
    return;
  }
  parser ??= new XMLParser(parserOptions);
  const doc = parser.parse(text) as Node;
  const root = child(child(doc, 'Document'), 'BkToCstmrStmt');
  const statements = asArray(root, 'Stmt');
  // Entries in document order, with the line each starts on, for problems and rows.
  const starts = [...text.matchAll(/<(?:[\w.-]+:)?Ntry[\s>]/g)].map((m) => lineOf(text, m.index ?? 0));
  const statementStarts = [...text.matchAll(/<(?:[\w.-]+:)?Stmt[\s>]/g)].map((m) => lineOf(text, m.index ?? 0));
  const messageCreated = dayOf({ DtTm: textOf(child(child(root, 'GrpHdr'), 'CreDtTm')) });
  let index = 0;
  statements.forEach((statement, statementIndex) => {
    const account = child(statement, 'Acct');
    const statementCurrency = textOf(child(account, 'Ccy'));
    const balances = balancesOf(statement);
    const opening = balances.get('OPBD') ?? balances.get('PRCD') ?? null;
    const closing = balances.get('CLBD') ?? null;
    const ownDate = statementDate(statement, closing, opening, messageCreated);
    const booked: bigint[] = [];
    for (const entry of asArray(statement, 'Ntry')) {
      const row = starts[index++] ?? 0;
      const problem = (column: string, message: string) => sink.problem({ file: fileName, row, column, message: `Line ${row}, ${column}: ${message}` });
      const amountNode = child(entry, 'Amt');
      const amountText = textOf(amountNode) ?? '';
      const units = parseDecimalUnits(amountText, '.');
      if (units === undefined || units < 0n || !/^\d/.test(amountText)) {
        problem('Ntry/Amt', `"${amountText}" is not an amount.`);
        continue;
      }
      const indicator = textOf(child(entry, 'CdtDbtInd'));
      if (indicator !== 'CRDT' && indicator !== 'DBIT') {
        problem('Ntry/CdtDbtInd', `"${indicator ?? ''}" is neither CRDT nor DBIT.`);
        continue;
      }
      const entryDate = dayOf(child(entry, 'BookgDt')) ?? dayOf(child(entry, 'ValDt'));
      const isUndated = child(entry, 'BookgDt') === undefined && child(entry, 'ValDt') === undefined;
      if (entryDate === undefined && !(isUndated && ownDate)) {
        problem('Ntry/BookgDt', isUndated ? 'the entry has no booking or value date, and its statement states no date either.' : 'the booking date is not a date.');
        continue;
      }
      const date = entryDate ?? ownDate!.date;
      const amount = indicator === 'CRDT' ? units : -units;
      if (isBooked(entry)) booked.push(amount);
      const currency = (amountNode && typeof amountNode === 'object' ? textOf((amountNode as Node)['@Ccy']) : undefined) ?? statementCurrency;
      sink.transaction({
        row,
        date,
        valueDate: dayOf(child(entry, 'ValDt')) ?? null,
        amount,
        currency: currency?.toUpperCase() ?? null,
        description: descriptionOf(entry),
        reference: textOf(child(entry, 'AcctSvcrRef')) ?? textOf(child(entry, 'NtryRef')) ?? null,
        ...(entryDate === undefined ? { dateNote: `The entry has no booking or value date: dated ${date}, ${ownDate!.what}.` } : {}),
      });
    }
    sink.balanceCheck?.(
      checkStatementBalance({
        row: statementStarts[statementIndex] ?? 0,
        account: textOf(child(child(account, 'Id'), 'IBAN')) ?? textOf(child(child(child(account, 'Id'), 'Othr'), 'Id')) ?? null,
        currency: statementCurrency?.toUpperCase() ?? closing?.currency ?? opening?.currency ?? null,
        opening: opening && { code: opening.code, amount: opening.amount, date: opening.date },
        closing: closing && { code: closing.code, amount: closing.amount, date: closing.date },
        entries: booked,
      }),
    );
  });
  if (index === 0) sink.problem({ file: fileName, row: 0, column: null, message: 'This CAMT.053 file has no entries (no Stmt/Ntry).' });
}

interface ReadBalance extends StatementBalance {
  currency: string | null;
}

/** The statement's balances by code (OPBD, PRCD, CLBD, ...): signed amount and date; the first of a code wins. */
function balancesOf(statement: Node): Map<string, ReadBalance> {
  const found = new Map<string, ReadBalance>();
  for (const balance of asArray(statement, 'Bal')) {
    const type = child(balance, 'Tp');
    const code = textOf(child(child(type, 'CdOrPrtry'), 'Cd')) ?? textOf(child(child(type, 'CdOrPrtry'), 'Prtry'));
    const amountNode = child(balance, 'Amt');
    const amountText = textOf(amountNode) ?? '';
    const units = /^\d/.test(amountText) ? parseDecimalUnits(amountText, '.') : undefined;
    if (!code || units === undefined || found.has(code)) continue;
    const sign = textOf(child(balance, 'CdtDbtInd')) === 'DBIT' ? -1n : 1n;
    const currency = amountNode && typeof amountNode === 'object' ? (textOf((amountNode as Node)['@Ccy'])?.toUpperCase() ?? null) : null;
    found.set(code, { code, amount: sign * units, date: dayOf(child(balance, 'Dt')) ?? null, currency });
  }
  return found;
}

/** A BOOK entry, or one without a status (older versions): pending (PDNG) and INFO entries are not in the balances. */
function isBooked(entry: Node): boolean {
  const status = child(entry, 'Sts');
  const code = textOf(status) ?? textOf(child(status, 'Cd'));
  return code === undefined || code === 'BOOK';
}

/** The statement's own day, for entries that give none, with what it is (for the entry's note). */
function statementDate(statement: Node, closing: StatementBalance | null, opening: StatementBalance | null, messageCreated: string | undefined): { date: string; what: string } | undefined {
  if (closing?.date) return { date: closing.date, what: "the statement's closing balance date" };
  const periodEnd = dayOf({ DtTm: textOf(child(child(statement, 'FrToDt'), 'ToDtTm')) });
  if (periodEnd) return { date: periodEnd, what: "the end of the statement's period" };
  const created = dayOf({ DtTm: textOf(child(statement, 'CreDtTm')) });
  if (created) return { date: created, what: 'the day the statement was created' };
  if (opening?.date) return { date: opening.date, what: "the statement's opening balance date" };
  if (messageCreated) return { date: messageCreated, what: 'the day the statement file was created' };
  return undefined;
}

function descriptionOf(entry: Node): string {
  const parts: string[] = [];
  const info = textOf(child(entry, 'AddtlNtryInf'));
  if (info) parts.push(info);
  for (const details of asArray(entry, 'NtryDtls')) {
    for (const tx of asArray(details, 'TxDtls')) {
      for (const line of listOf(child(tx, 'RmtInf'), 'Ustrd')) {
        const t = textOf(line);
        if (t && !parts.includes(t)) parts.push(t);
      }
    }
  }
  return parts.join(' ');
}

function dayOf(node: unknown): string | undefined {
  const text = textOf(child(node, 'Dt')) ?? textOf(child(node, 'DtTm'))?.slice(0, 10);
  return text !== undefined && isCalendarDate(text) ? text : undefined;
}

function child(node: unknown, name: string): unknown {
  return node !== null && typeof node === 'object' ? (node as Node)[name] : undefined;
}

function listOf(node: unknown, name: string): unknown[] {
  const value = child(node, name);
  return Array.isArray(value) ? value : [];
}

function asArray(node: unknown, name: string): Node[] {
  return listOf(node, name).filter((v) => v !== null && typeof v === 'object') as Node[];
}

function textOf(node: unknown): string | undefined {
  if (typeof node === 'string') return node.trim() || undefined;
  if (node !== null && typeof node === 'object' && typeof (node as Node)['#text'] === 'string') return ((node as Node)['#text'] as string).trim() || undefined;
  return undefined;
}
