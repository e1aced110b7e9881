/**
 * A bank statement file of any supported format, detected from its content: OFX (an OFXHEADER line
 * or an <OFX> root), CAMT.053 (an ISO 20022 Document with BkToCstmrStmt), else CSV. Statements are
 * small (a month is a few hundred lines), so the file is decoded whole.
 */
import { decodeHead } from '../channels/shared/decode-text';
import type { ParseProblem } from '../settlements/model';
import type { BankStatement, BankStatementFormat, BankStatementSink, BankTransaction, StatementBalanceCheck } from './model';
import { parseBankCsv } from './parse-bank-csv';
import { parseCamt053 } from './parse-camt053';
import { parseOfx } from './parse-ofx';

export function detectBankStatementFormat(text: string): BankStatementFormat {
  const head = text.slice(0, 4096);
  if (/^\s*OFXHEADER\s*[:=]/.test(head) || /<OFX[\s>]/i.test(head)) return 'ofx';
  if (/<(?:[\w.-]+:)?BkToCstmrStmt[\s>]/.test(head) || /urn:iso:std:iso:20022:tech:xsd:camt\.053/.test(head)) return 'camt053';
  return 'csv';
}

export function parseBankStatementInto(bytes: Uint8Array, fileName: string, sink: BankStatementSink): BankStatementFormat {
  const text = decodeHead(bytes);
  const format = detectBankStatementFormat(text);
  if (format === 'ofx') parseOfx(text, fileName, sink);
  else if (format === 'camt053') parseCamt053(text, fileName, sink);
  else parseBankCsv(text, fileName, sink);
  return format;
}

export function parseBankStatement(bytes: Uint8Array, fileName: string): BankStatement {
  const transactions: BankTransaction[] = [];
  const problems: ParseProblem[] = [];
  const balanceChecks: StatementBalanceCheck[] = [];
  const format = parseBankStatementInto(bytes, fileName, {
    transaction: (t) => transactions.push(t),
    problem: (p) => problems.push(p),
    balanceCheck: (c) => balanceChecks.push(c),
  });
  return { format, transactions, problems, balanceChecks, isBalanced: balanceChecks.every((c) => c.isBalanced !== false) };
}
