/**
 * One sentence for a settlement's history about what a re-post changed (issue 28, decision 0062):
 * what moved and the accounts whose net changed, debit and credit as a bookkeeper says them. It reads
 * the diff as kept in the audit trail (PostingDiffText), so an entry written by an older version that
 * has no diff reads as null.
 */
import type { PostingDiffText } from './posting-diff';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A stored diff, or undefined when the value is not one (an audit entry without it). */
export function findPostingDiffText(value: unknown): PostingDiffText | undefined {
  if (!isObject(value) || !Array.isArray(value.documents) || !Array.isArray(value.accountNets) || !Array.isArray(value.moved)) return undefined;
  return value as unknown as PostingDiffText;
}

const unsigned = (text: string) => (text.startsWith('-') ? text.slice(1) : text);

export function describePostingDiff(diff: PostingDiffText): string {
  const reversed = diff.documents.filter((d) => d.before).length;
  const posted = diff.documents.filter((d) => d.after).length;
  const lines = diff.documents.reduce((a, d) => a + d.lines.length, 0);
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const head = `${plural(reversed, 'document')} reversed, ${plural(posted, 'document')} posted, ${plural(lines, 'line')} changed.`;
  const moved = diff.moved.map((m) => `${m.amount} ${m.currency}`).join(' and ');
  const nets = diff.accountNets
    .filter((n) => !/^-?0(\.0+)?$/.test(n.change))
    .map((n) => `${n.accountName} (${n.accountCode}) ${n.change.startsWith('-') ? 'credit' : 'debit'} ${unsigned(n.change)} ${n.currency}`);
  return nets.length === 0 ? `${head} No account's net changes.` : `${head} ${moved} moves: ${nets.join('; ')}.`;
}
