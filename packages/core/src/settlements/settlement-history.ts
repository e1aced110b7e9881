/**
 * A settlement's own history (issue 26, decision 0055): imported, mapped, sent, posted, failed,
 * reversed, reprocessed, redownloaded, held, released, COGS refreshed and sent, deleted; each with who
 * and when. Nothing new is recorded for it: the server hands over what already exists (the settlement's
 * row and import, its documents, the audit entries about it and the account's mapping saves), and this
 * rule turns them into entries a bookkeeper reads, oldest first.
 */
import { describePostingDiff, findPostingDiffText } from '../posting/describe-posting-diff';
import type { PostingDiffText } from '../posting/posting-diff';

export const SETTLEMENT_HISTORY_KINDS = ['imported', 'mapped', 'sent', 'posted', 'failed', 'reversed', 'reprocessed', 'redownloaded', 'held', 'released', 'cogs', 'deleted'] as const;
export type SettlementHistoryKind = (typeof SETTLEMENT_HISTORY_KINDS)[number];

export interface HistoryPerson {
  name: string | null;
  email: string;
}

export interface SettlementHistoryFacts {
  /** Null when the settlement was deleted (its audit entries remain). */
  settlement: {
    settlementId: string;
    createdAt: Date;
    sourceKind: 'file' | 'api';
    sourceFile: string;
    /** The channel's name ('Amazon'), for a settlement fetched through its API. */
    channelName: string;
    importedBy: HistoryPerson | null;
    onHoldAt: Date | null;
    onHoldReason: string | null;
  } | null;
  audits: ReadonlyArray<{ action: string; at: Date; actor: HistoryPerson | null; after: unknown }>;
  documents: ReadonlyArray<{ number: string; systemName: string; status: 'SENDING' | 'POSTED' | 'REVERSED' | 'FAILED'; createdAt: Date; postedAt: Date | null; reversedAt: Date | null; updatedAt: Date; error: string | null }>;
  /** The account's mapping saves ('mappings.saved', 'mappings.copied') since the settlement was stored. */
  mappingSaves: ReadonlyArray<{ action: string; at: Date; actor: HistoryPerson | null }>;
}

export interface SettlementHistoryEntry {
  at: Date;
  kind: SettlementHistoryKind;
  title: string;
  detail: string | null;
  /** Who: a person's name (or email), "Automation", "Ledgerport" or the channel. */
  by: string;
  /** A reprocess of a posted settlement: what it changed, as it was shown before confirming (issue 28). */
  diff?: PostingDiffText;
}

const personName = (p: HistoryPerson | null, otherwise: string): string => (p ? (p.name?.trim() ? p.name : p.email) : otherwise);

const AUDIT_ENTRIES: Record<string, { kind: SettlementHistoryKind; title: string; detail?: string; without: string }> = {
  'settlement.send-queued': { kind: 'sent', title: 'Sent', detail: 'Queued for the accounting system.', without: 'Ledgerport' },
  'settlement.auto-send-queued': { kind: 'sent', title: 'Sent automatically', detail: 'Queued by the automation rules of Settings > Automation.', without: 'Automation' },
  'settlement.reprocessed': { kind: 'reprocessed', title: 'Reprocessed', detail: 'Its documents were built again from the stored lines.', without: 'Ledgerport' },
  'settlement.redownloaded': { kind: 'redownloaded', title: 'Downloaded again', detail: 'Its lines were fetched again from the channel.', without: 'Ledgerport' },
  'settlement.hold-released': { kind: 'released', title: 'Released from hold', detail: 'It posts with its difference on the suspense line.', without: 'Ledgerport' },
  'settlement.cogs-refreshed': { kind: 'cogs', title: 'Cost of goods sold refreshed', without: 'Ledgerport' },
  'settlement.cogs-send-queued': { kind: 'cogs', title: 'Cost of goods sold sent', without: 'Ledgerport' },
  'settlement.deleted': { kind: 'deleted', title: 'Deleted', detail: 'The settlement and its lines were removed; this history stays.', without: 'Ledgerport' },
};

/** The settlement's history, oldest first; entries at the same instant keep the order above (imported before mapped, sent before posted). */
export function buildSettlementHistory(facts: SettlementHistoryFacts): SettlementHistoryEntry[] {
  const out: SettlementHistoryEntry[] = [];
  const s = facts.settlement;
  if (s) {
    out.push(
      s.sourceKind === 'api'
        ? { at: s.createdAt, kind: 'imported', title: 'Imported', detail: `Fetched from ${s.channelName}.`, by: s.channelName }
        : { at: s.createdAt, kind: 'imported', title: 'Imported', detail: `Loaded from the file ${s.sourceFile}.`, by: personName(s.importedBy, 'Ledgerport') },
    );
  }
  // Mapping saves count until the settlement was first posted: later ones no longer change it.
  const firstPosted = facts.documents.reduce<Date | null>((first, d) => (d.postedAt && (!first || d.postedAt < first) ? d.postedAt : first), null);
  for (const m of facts.mappingSaves) {
    if (firstPosted && m.at > firstPosted) continue;
    out.push({ at: m.at, kind: 'mapped', title: 'Mapped', detail: m.action === 'mappings.copied' ? "The account's mappings were copied from another account." : "The account's accounts and tax rates were saved.", by: personName(m.actor, 'Ledgerport') });
  }
  const sends: SettlementHistoryEntry[] = [];
  for (const a of facts.audits) {
    const known = AUDIT_ENTRIES[a.action];
    if (!known) continue;
    const entry: SettlementHistoryEntry = { at: a.at, kind: known.kind, title: known.title, detail: known.detail ?? null, by: personName(a.actor, known.without) };
    const diff = known.kind === 'reprocessed' ? findPostingDiffText((a.after as { diff?: unknown } | null)?.diff) : undefined;
    if (diff) Object.assign(entry, { title: 'Reprocessed and posted again', detail: describePostingDiff(diff), diff });
    if (known.kind === 'sent') sends.push(entry);
    out.push(entry);
  }
  // Who posted: whoever sent it last before (the send job acts for them).
  const senderBefore = (at: Date) => sends.filter((e) => e.at <= at).reduce<SettlementHistoryEntry | null>((last, e) => (!last || e.at >= last.at ? e : last), null)?.by ?? 'Ledgerport';
  for (const d of facts.documents) {
    if (d.postedAt) out.push({ at: d.postedAt, kind: 'posted', title: `Posted ${d.number}`, detail: `Posted to ${d.systemName}.`, by: senderBefore(d.postedAt) });
    if (d.status === 'FAILED') out.push({ at: d.updatedAt, kind: 'failed', title: `Sending ${d.number} failed`, detail: d.error, by: senderBefore(d.updatedAt) });
    if (d.reversedAt) out.push({ at: d.reversedAt, kind: 'reversed', title: `Reversed ${d.number}`, detail: 'Replaced by a reversal and a new document.', by: 'Ledgerport' });
  }
  if (s?.onHoldAt) out.push({ at: s.onHoldAt, kind: 'held', title: 'Held', detail: s.onHoldReason, by: 'Ledgerport, as the posting settings say' });
  const order = (k: SettlementHistoryKind) => SETTLEMENT_HISTORY_KINDS.indexOf(k);
  return out.map((e, i) => ({ e, i })).sort((a, b) => a.e.at.getTime() - b.e.at.getTime() || order(a.e.kind) - order(b.e.kind) || a.i - b.i).map(({ e }) => e);
}
