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
import { amountText, forEachPostedLine, hasPostedLine, signedAmount, type ExportFile } from './model';

// Two spaces end an account name and ';' starts a comment: neither may appear inside a name or text.
const accountName = (path: string) => path.replace(/[;\t]/g, ' ').replace(/\s{2,}/g, ' ').trim();
/** True for the characters of the regular expression class \s (white space and line terminators). */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * False for text that `text` would change (a ';', CR, LF or tab, two spaces in a row, a space at
 * either end), as /[;\r\n\t]|\s\s|^\s|\s$/ tests it, in one pass over the characters: a
 * document grouped by SKU has fifty thousand descriptions, and the regular expression tried its
 * four alternatives at every character of each.
 */
function isCleanText(s: string): boolean {
  let wasSpace = true; // a space at the start is unclean, as after a space
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Printable ASCII but ';': the usual character, neither space nor forbidden.
    if (c > 32 && c < 127 && c !== 59) {
      wasSpace = false;
      continue;
    }
    if (c === 59) return false;
    const space = isSpace(c);
    if (space && wasSpace) return false; // two in a row, or one at the start (\t, \r, \n are spaces too)
    if (c === 9 || c === 10 || c === 13) return false;
    wasSpace = space;
  }
  return !wasSpace || s.length === 0;
}

const text = (s: string) => (isCleanText(s) ? s : s.replace(/[;\r\n\t]/g, ' ').replace(/\s{2,}/g, ' ').trim());
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
  // A chunk's lines as pieces ('\n' before every line but its first), joined once: no string is
  // made per line only to be copied into the chunk.
  let body: string[] = [];
  let bodyLines = 0;
  const startLine = () => {
    if (bodyLines++ > 0) body.push('\n');
  };
  const flush = () => {
    chunks.push(body.join(''));
    body = [];
    bodyLines = 0;
  };
  for (const d of documents) {
    if (!hasPostedLine(d)) continue;
    currencies.add(d.currency);
    const digits = getMinorDigits(d.currency);
    const commodity = ` ${d.currency}`;
    const flag = d.flags.includes('inconsistent') || d.flags.includes('unmapped-to-suspense') ? '!' : '*';
    startLine();
    body.push(
      `${d.date} ${flag} ${text(d.description)}  ; settlement:${tagValue(d.settlementId)}, document:${tagValue(d.number)}, mapping:${tagValue(d.mappingVersion)}, kind:${d.kind}`,
    );
    let lastAccount: LedgerAccount | undefined;
    let column = '';
    forEachPostedLine(d, (l) => {
      if (l.account !== lastAccount) {
        lastAccount = l.account;
        column = accounts.get(l.account.path) ?? '';
        if (column === '') {
          column = `    ${accountName(l.account.path).padEnd(ACCOUNT_WIDTH)}  `;
          accounts.set(l.account.path, column);
        }
      }
      // A credit's amount negated as text, not as a bigint (formatUnits(-a) is '-' + formatUnits(a) for a > 0).
      const amount = l.side === 'credit' && l.amount > 0n ? `-${formatUnits(l.amount, digits)}${commodity}` : formatUnits(signedAmount(l), digits) + commodity;
      startLine();
      body.push(column, amount.padStart(AMOUNT_WIDTH), '  ; ', text(l.description));
      if (bodyLines === LINES_PER_CHUNK) flush();
    });
    startLine(); // the blank line after a transaction
  }
  if (bodyLines > 0) flush();
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
