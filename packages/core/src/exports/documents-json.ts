/** Documents as JSON: money as decimal strings (bigint has no JSON form), the account by code and path. */
import type { PostingDocument } from '../posting/model';
import { amountText } from './model';

export function documentsToJson(documents: readonly PostingDocument[]): string {
  return JSON.stringify(
    documents.map((d) => ({
      ...d,
      total: amountText(d.total, d.currency),
      partNet: amountText(d.partNet, d.currency),
      lines: d.lines.map((l) => ({ ...l, account: { code: l.account.code, name: l.account.name, path: l.account.path }, amount: amountText(l.amount, d.currency) })),
    })),
    null,
    2,
  );
}
