/**
 * Beancount (accounting.md §6.6): every account opened (on the first document's date) before use,
 * one transaction per document with its settlement as metadata. Account components must start with
 * a capital letter or digit and hold only letters, digits and dashes, so chart paths are cleaned.
 */
import type { PostingDocument } from '../posting/model';
import { amountText, forEachPostedLine, hasPostedLine, signedAmount, type ExportFile } from './model';

const ROOTS = new Set(['Assets', 'Liabilities', 'Equity', 'Income', 'Expenses']);

export function beancountAccount(path: string): string {
  const parts = path.split(':').map((p) => {
    const clean = p.replace(/[^A-Za-z0-9-]/g, '');
    if (clean === '') return 'X';
    return /^[A-Za-z]/.test(clean) ? clean[0]!.toUpperCase() + clean.slice(1) : /^[0-9]/.test(clean) ? clean : `X${clean}`;
  });
  if (!ROOTS.has(parts[0]!)) parts.unshift('Assets');
  return parts.join(':');
}

const quoted = (s: string) => `"${s.replace(/[\r\n\t]+/g, ' ').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

export function writeBeancount(documents: readonly PostingDocument[]): ExportFile[] {
  const accounts = new Set<string>();
  const body: string[] = [];
  let firstDate: string | null = null;
  for (const d of documents) {
    if (!hasPostedLine(d)) continue;
    if (firstDate === null || d.date < firstDate) firstDate = d.date;
    const flag = d.flags.includes('inconsistent') || d.flags.includes('unmapped-to-suspense') ? '!' : '*';
    body.push(`${d.date} ${flag} ${quoted(d.marketplace ?? d.channel)} ${quoted(d.description)}`);
    body.push(`  settlement: ${quoted(d.settlementId)}`, `  document: ${quoted(d.number)}`, `  mapping: ${quoted(d.mappingVersion)}`);
    forEachPostedLine(d, (l) => {
      const name = beancountAccount(l.account.path);
      accounts.add(name);
      body.push(`  ${name.padEnd(48)}  ${amountText(signedAmount(l), d.currency).padStart(16)} ${d.currency}`);
      body.push(`    description: ${quoted(l.description)}`);
    });
    body.push('');
  }
  const header = ['; Ledgerport export (Beancount)', ...[...accounts].sort().map((a) => `${firstDate} open ${a}`), ''];
  return [{ name: 'ledger.beancount', content: `${[...header, ...body].join('\n')}\n` }];
}
