/**
 * hledger (and ledger) journal (accounting.md §6.6): account and commodity directives first, so the
 * file also passes `hledger check --strict`, then one transaction per document with tags linking it
 * to its settlement. Account names are the chart's hierarchical paths, so with the default mapping
 * the payouts land in Assets:Clearing:<Channel>.
 */
import type { LedgerAccount } from '../mapping/model';
import type { PostingDocument } from '../posting/model';
import { formatUnits } from '../money/money';
import { getMinorDigits } from '../money/currencies';
import { amountText, postedLines, signedAmount, type ExportFile } from './model';

// Two spaces end an account name and ';' starts a comment: neither may appear inside a name or text.
const accountName = (path: string) => path.replace(/[;\t]/g, ' ').replace(/\s{2,}/g, ' ').trim();
/** Text that `text` would change; most descriptions are clean and are kept as they are. */
const UNCLEAN_TEXT = /[;\r\n\t]|\s\s|^\s|\s$/;
const text = (s: string) => (UNCLEAN_TEXT.test(s) ? s.replace(/[;\r\n\t]/g, ' ').replace(/\s{2,}/g, ' ').trim() : s);
const tagValue = (s: string) => s.replace(/[,;\r\n\t]/g, ' ').trim();
const ACCOUNT_WIDTH = 48;
const AMOUNT_WIDTH = 18;
/**
 * Body lines joined into one flat text per this many: a document grouped by SKU has fifty thousand
 * lines, and holding each line's pieces until one final join made the collector copy them all.
 */
const LINES_PER_CHUNK = 2048;

export function writeHledgerJournal(documents: readonly PostingDocument[]): ExportFile[] {
  // Names per account path, computed once: a document grouped by SKU repeats a dozen accounts 50,000 times.
  const accounts = new Map<string, string>();
  const currencies = new Set<string>();
  const chunks: string[] = [];
  let body: string[] = [];
  const flush = () => {
    chunks.push(body.join('\n'));
    body = [];
  };
  for (const d of documents) {
    const lines = postedLines(d);
    if (lines.length === 0) continue;
    currencies.add(d.currency);
    const digits = getMinorDigits(d.currency);
    const commodity = ` ${d.currency}`;
    const flag = d.flags.includes('inconsistent') || d.flags.includes('unmapped-to-suspense') ? '!' : '*';
    body.push(
      `${d.date} ${flag} ${text(d.description)}  ; settlement:${tagValue(d.settlementId)}, document:${tagValue(d.number)}, mapping:${tagValue(d.mappingVersion)}, kind:${d.kind}`,
    );
    let lastAccount: LedgerAccount | undefined;
    let column = '';
    for (const l of lines) {
      if (l.account !== lastAccount) {
        lastAccount = l.account;
        column = accounts.get(l.account.path) ?? '';
        if (column === '') {
          column = `    ${accountName(l.account.path).padEnd(ACCOUNT_WIDTH)}  `;
          accounts.set(l.account.path, column);
        }
      }
      const amount = formatUnits(signedAmount(l), digits) + commodity;
      body.push(`${column}${amount.padStart(AMOUNT_WIDTH)}  ; ${text(l.description)}`);
      if (body.length === LINES_PER_CHUNK) flush();
    }
    body.push('');
  }
  if (body.length > 0) flush();
  const names = new Set([...accounts.keys()].map(accountName));
  const header = [
    '; Ledgerport export (hledger journal)',
    // hledger needs a decimal mark in the directive, even for currencies without decimals ('1000. JPY').
    ...[...currencies].sort().map((c) => `commodity ${amountText(10_000_000n, c).replace(/^(\d+)$/, '$1.')} ${c}`),
    ...[...names].sort().map((a) => `account ${a}`),
    '',
  ];
  return [{ name: 'journal.hledger', content: `${[...header, ...chunks].join('\n')}\n` }];
}
