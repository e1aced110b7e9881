/**
 * What a re-post would change (issue 28, decision 0062): the documents that were posted against the
 * documents buildPostings makes now, document by document (by part) and line by line (account, tax
 * rate, amount, tracking), with the net per account before and after. Pure and exact: amounts are
 * the units of the documents, signed debit-positive, never rounded or converted.
 *
 * A line is known across the two sides by what it summarises (its role, its description and the
 * selector of its source lines), never by its account: a mapping change keeps the line and moves it.
 * Lines with the same identity are paired in document order; what is left over on one side is a line
 * removed or added.
 */
import { formatMoney } from '../money/money';
import type { DocumentLine, GroupSelector, LineRole, PostingDocument } from './model';

/** One side of a line: where it posts and how much (units, debit positive, credit negative). */
export interface DiffLineSide {
  accountCode: string;
  accountName: string;
  taxRateCode: string;
  amount: bigint;
  /** 'Marketplace: Amazon.com', joined; empty without tracking. */
  tracking: string;
}

export interface LineDiff {
  role: LineRole;
  description: string;
  /** The line's identity across the two sides (role, description, source selector). */
  lineKey: string;
  /** Null: the line is new. */
  before: DiffLineSide | null;
  /** Null: the line goes. */
  after: DiffLineSide | null;
}

export interface DiffDocumentSide {
  number: string;
  date: string;
  currency: string;
}

export interface DocumentDiff {
  partIndex: number;
  month: string;
  /** Null: no document was posted for this part. */
  before: DiffDocumentSide | null;
  /** Null: the part is no longer built (its posted document would only be reversed). */
  after: DiffDocumentSide | null;
  /** Only the lines that change. */
  lines: LineDiff[];
}

export interface AccountNet {
  currency: string;
  accountCode: string;
  accountName: string;
  before: bigint;
  after: bigint;
  /** after - before. */
  change: bigint;
}

export interface PostingDiff {
  hasChanges: boolean;
  /** Only the parts that change: a line, the date, or a document only on one side. */
  documents: DocumentDiff[];
  /** Every account either side posts to, per currency, ordered by currency then account code. */
  accountNets: AccountNet[];
  /** Per currency, the sum of the accounts' increases: what moves from some accounts to others (balanced sides: equal to the decreases). */
  moved: { currency: string; amount: bigint }[];
}

/** A line of a document as the diff reads it: its part, its identity and its side. */
export interface KeyedLine {
  partIndex: number;
  lineKey: string;
  side: DiffLineSide;
}

const signedOf = (l: Pick<DocumentLine, 'side' | 'amount'>): bigint => (l.side === 'debit' ? l.amount : -l.amount);

function selectorKey(s: GroupSelector): string {
  return Object.keys(s)
    .sort()
    .map((k) => `${k}=${s[k as keyof GroupSelector] ?? ''}`)
    .join('&');
}

export function lineKeyOf(l: Pick<DocumentLine, 'role' | 'description' | 'sources'>): string {
  return `${l.role}|${l.description}|${selectorKey(l.sources.selector)}`;
}

export function sideOf(l: DocumentLine): DiffLineSide {
  return {
    accountCode: l.account.code,
    accountName: l.account.name,
    taxRateCode: l.taxRateCode,
    amount: signedOf(l),
    tracking: l.tracking.map((t) => `${t.name}: ${t.option}`).join(', '),
  };
}

export function isSameSide(a: DiffLineSide, b: DiffLineSide): boolean {
  return a.accountCode === b.accountCode && a.taxRateCode === b.taxRateCode && a.amount === b.amount && a.tracking === b.tracking;
}

/** The lines of documents as the diff reads them, in document order. */
export function keyedLinesOf(documents: readonly PostingDocument[]): KeyedLine[] {
  return documents.flatMap((d) => d.lines.map((l) => ({ partIndex: d.part.index, lineKey: lineKeyOf(l), side: sideOf(l) })));
}

function diffLines(before: readonly DocumentLine[], after: readonly DocumentLine[]): LineDiff[] {
  const waiting = new Map<string, DocumentLine[]>();
  for (const l of after) {
    const key = lineKeyOf(l);
    waiting.set(key, [...(waiting.get(key) ?? []), l]);
  }
  const out: LineDiff[] = [];
  for (const b of before) {
    const key = lineKeyOf(b);
    const a = waiting.get(key)?.shift();
    const bSide = sideOf(b);
    const aSide = a ? sideOf(a) : null;
    if (aSide && isSameSide(bSide, aSide)) continue;
    out.push({ role: b.role, description: b.description, lineKey: key, before: bSide, after: aSide });
  }
  for (const rest of waiting.values()) {
    for (const a of rest) out.push({ role: a.role, description: a.description, lineKey: lineKeyOf(a), before: null, after: sideOf(a) });
  }
  return out;
}

const docSide = (d: PostingDocument | undefined): DiffDocumentSide | null => (d ? { number: d.number, date: d.date, currency: d.currency } : null);

/** Nets per currency and account of each side, and what moves. */
function accountNetsOf(before: readonly PostingDocument[], after: readonly PostingDocument[]): { accountNets: AccountNet[]; moved: PostingDiff['moved'] } {
  const nets = new Map<string, AccountNet>();
  const add = (docs: readonly PostingDocument[], side: 'before' | 'after') => {
    for (const d of docs) {
      for (const l of d.lines) {
        const key = `${d.currency}\u0000${l.account.code}`;
        const net = nets.get(key) ?? { currency: d.currency, accountCode: l.account.code, accountName: l.account.name, before: 0n, after: 0n, change: 0n };
        net[side] += signedOf(l);
        if (side === 'after') net.accountName = l.account.name;
        nets.set(key, net);
      }
    }
  };
  add(before, 'before');
  add(after, 'after');
  const accountNets = [...nets.values()]
    .map((n) => ({ ...n, change: n.after - n.before }))
    .sort((a, b) => (a.currency === b.currency ? (a.accountCode < b.accountCode ? -1 : a.accountCode > b.accountCode ? 1 : 0) : a.currency < b.currency ? -1 : 1));
  const moved = new Map<string, bigint>();
  for (const n of accountNets) if (n.change > 0n) moved.set(n.currency, (moved.get(n.currency) ?? 0n) + n.change);
  return { accountNets, moved: [...moved].map(([currency, amount]) => ({ currency, amount })) };
}

/**
 * What posting `after` in place of `before` changes. Documents are paired by part index; a part on
 * one side only is a document added or removed with all its lines.
 */
export function diffPostings(before: readonly PostingDocument[], after: readonly PostingDocument[]): PostingDiff {
  const parts = [...new Set([...before, ...after].map((d) => d.part.index))].sort((a, b) => a - b);
  const documents: DocumentDiff[] = [];
  for (const index of parts) {
    const b = before.find((d) => d.part.index === index);
    const a = after.find((d) => d.part.index === index);
    const lines = diffLines(b?.lines ?? [], a?.lines ?? []);
    const isDateChanged = a !== undefined && b !== undefined && a.date !== b.date;
    if (lines.length === 0 && !isDateChanged && (a === undefined) === (b === undefined)) continue;
    documents.push({ partIndex: index, month: (a ?? b)!.part.month, before: docSide(b), after: docSide(a), lines });
  }
  return { hasChanges: documents.length > 0, documents, ...accountNetsOf(before, after) };
}

/**
 * `before`'s lines with the diff applied: each changed or removed line's old side taken out, each
 * changed or added line's new side put in. Applied to the lines it was made from, it gives the
 * lines of `after` (the same multiset per part); it throws when a line it takes out is not there.
 */
export function applyPostingDiff(before: readonly KeyedLine[], diff: PostingDiff): KeyedLine[] {
  const lines = [...before];
  for (const d of diff.documents) {
    for (const l of d.lines) {
      if (l.before) {
        const old = l.before;
        const at = lines.findIndex((k) => k.partIndex === d.partIndex && k.lineKey === l.lineKey && isSameSide(k.side, old));
        if (at < 0) throw new Error(`The diff takes out a line that is not there: part ${d.partIndex}, ${l.lineKey}.`);
        lines.splice(at, 1);
      }
      if (l.after) lines.push({ partIndex: d.partIndex, lineKey: l.lineKey, side: l.after });
    }
  }
  return lines;
}

/** A line side with its amount as exact decimal text (JSON, the audit trail, the screens). */
export type DiffLineSideText = Omit<DiffLineSide, 'amount'> & { amount: string };

/** The diff with exact decimal text for amounts: what a settlement's history keeps and the screens show. */
export interface PostingDiffText {
  documents: (Omit<DocumentDiff, 'lines'> & { lines: { role: string; description: string; before: DiffLineSideText | null; after: DiffLineSideText | null }[] })[];
  accountNets: (Omit<AccountNet, 'before' | 'after' | 'change'> & { before: string; after: string; change: string })[];
  moved: { currency: string; amount: string }[];
}

/** The diff as text, each amount with its currency's minor digits (exact: every amount is whole minor units). */
export function postingDiffText(diff: PostingDiff): PostingDiffText {
  const text = (units: bigint, currency: string) => formatMoney({ units, currency });
  const side = (s: DiffLineSide | null, currency: string): DiffLineSideText | null => (s ? { ...s, amount: text(s.amount, currency) } : null);
  return {
    documents: diff.documents.map((d) => {
      const currency = (d.after ?? d.before)!.currency;
      return { ...d, lines: d.lines.map((l) => ({ role: l.role, description: l.description, before: side(l.before, currency), after: side(l.after, currency) })) };
    }),
    accountNets: diff.accountNets.map((n) => ({ ...n, before: text(n.before, n.currency), after: text(n.after, n.currency), change: text(n.change, n.currency) })),
    moved: diff.moved.map((m) => ({ currency: m.currency, amount: text(m.amount, m.currency) })),
  };
}
