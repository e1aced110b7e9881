/**
 * hledger (and ledger) journal (accounting.md §6.6): account and commodity directives first, so the
 * file also passes `hledger check --strict`, then one transaction per document with tags linking it
 * to its settlement. Account names are the chart's hierarchical paths, so with the default mapping
 * the payouts land in Assets:Clearing:<Channel>.
 */
import type { PostingDocument } from '../posting/model';
import { amountText, postedLines, signedAmount, type ExportFile } from './model';

// Two spaces end an account name and ';' starts a comment: neither may appear inside a name or text.
const accountName = (path: string) => path.replace(/[;\t]/g, ' ').replace(/\s{2,}/g, ' ').trim();
const text = (s: string) => s.replace(/[;\r\n\t]/g, ' ').replace(/\s{2,}/g, ' ').trim();
const tagValue = (s: string) => s.replace(/[,;\r\n\t]/g, ' ').trim();

export function writeHledgerJournal(documents: readonly PostingDocument[]): ExportFile[] {
  const accounts = new Set<string>();
  const currencies = new Set<string>();
  const body: string[] = [];
  for (const d of documents) {
    const lines = postedLines(d);
    if (lines.length === 0) continue;
    currencies.add(d.currency);
    const flag = d.flags.includes('inconsistent') || d.flags.includes('unmapped-to-suspense') ? '!' : '*';
    body.push(
      `${d.date} ${flag} ${text(d.description)}  ; settlement:${tagValue(d.settlementId)}, document:${tagValue(d.number)}, mapping:${tagValue(d.mappingVersion)}, kind:${d.kind}`,
    );
    for (const l of lines) {
      const name = accountName(l.account.path);
      accounts.add(name);
      const amount = `${amountText(signedAmount(l), d.currency)} ${d.currency}`;
      body.push(`    ${name.padEnd(48)}  ${amount.padStart(18)}  ; ${text(l.description)}`);
    }
    body.push('');
  }
  const header = [
    '; Ledgerport export (hledger journal)',
    // hledger needs a decimal mark in the directive, even for currencies without decimals ('1000. JPY').
    ...[...currencies].sort().map((c) => `commodity ${amountText(10_000_000n, c).replace(/^(\d+)$/, '$1.')} ${c}`),
    ...[...accounts].sort().map((a) => `account ${a}`),
    '',
  ];
  return [{ name: 'journal.hledger', content: `${[...header, ...body].join('\n')}\n` }];
}
