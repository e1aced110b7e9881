/**
 * ISO 20022 CAMT.053 (bank-to-customer statement), any version (the namespace is ignored): each Stmt
 * holds Ntry entries with Amt (and its Ccy attribute), CdtDbtInd (CRDT money in, DBIT money out),
 * BookgDt and ValDt (Dt or DtTm), AcctSvcrRef (the bank's reference) and text in AddtlNtryInf or the
 * transaction details' unstructured remittance (RmtInf/Ustrd). Values are read as text, never as
 * numbers: the XML parser's number conversion is off, so an amount is parsed exactly.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseDecimalUnits } from '../money/money';
import { isCalendarDate } from '../rules/calendar-date';
import type { BankStatementSink } from './model';
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
  isArray: (name: string) => name === 'Stmt' || name === 'Ntry' || name === 'NtryDtls' || name === 'TxDtls' || name === 'Ustrd',
};

export function parseCamt053(text: string, fileName: string, sink: BankStatementSink): void {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    sink.problem({ file: fileName, row: valid.err.line, column: null, message: `Line ${valid.err.line}, column ${valid.err.col}: the XML is not well formed (${valid.err.msg}).` });
    return;
  }
  parser ??= new XMLParser(parserOptions);
  const doc = parser.parse(text) as Node;
  const statements = asArray(child(child(doc, 'Document'), 'BkToCstmrStmt'), 'Stmt');
  // Entries in document order, with the line each starts on, for problems and rows.
  const starts = [...text.matchAll(/<(?:[\w.-]+:)?Ntry[\s>]/g)].map((m) => lineOf(text, m.index ?? 0));
  let index = 0;
  for (const statement of statements) {
    const statementCurrency = textOf(child(child(statement, 'Acct'), 'Ccy'));
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
      const date = dayOf(child(entry, 'BookgDt')) ?? dayOf(child(entry, 'ValDt'));
      if (date === undefined) {
        problem('Ntry/BookgDt', 'the booking date is missing or not a date.');
        continue;
      }
      const currency = (amountNode && typeof amountNode === 'object' ? textOf((amountNode as Node)['@Ccy']) : undefined) ?? statementCurrency;
      sink.transaction({
        row,
        date,
        valueDate: dayOf(child(entry, 'ValDt')) ?? null,
        amount: indicator === 'CRDT' ? units : -units,
        currency: currency?.toUpperCase() ?? null,
        description: descriptionOf(entry),
        reference: textOf(child(entry, 'AcctSvcrRef')) ?? textOf(child(entry, 'NtryRef')) ?? null,
      });
    }
  }
  if (index === 0) sink.problem({ file: fileName, row: 0, column: null, message: 'This CAMT.053 file has no entries (no Stmt/Ntry).' });
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
