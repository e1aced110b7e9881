/**
 * What Amazon data an account holds (the internal account area's amazon/data-state, issue 19;
 * decision 0047), read from what the fetch job already records: the channel connection (last fetch,
 * last error, where the next fetch starts, history requests) and the stored settlements, told apart
 * by the ids the Amazon connector gives them (settlement report ids, `open:` for a Finances API event
 * group still open, `deferred:` for deferred transactions). Gaps come from core's findSettlementGaps.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { AmazonDataState } from '@ledgerport/contract';
import { findSettlementGaps } from '@ledgerport/core/settlements';
import { AMAZON_DEFERRED_PREFIX as DEFERRED_PREFIX, AMAZON_OPEN_GROUP_PREFIX as OPEN_PREFIX } from '@ledgerport/integrations/channels';
import { findChannelConnection, settingsOf } from '../channel-connections/channel-connection-repository';

type Kind = AmazonDataState['kinds'][number]['kind'];
const DAY_MS = 24 * 3600 * 1000;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const day = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString().slice(0, 10));

function kindOf(s: { settlement_id: string; source_kind: string }): Kind {
  if (s.settlement_id.startsWith(OPEN_PREFIX)) return 'open-event-group';
  if (s.settlement_id.startsWith(DEFERRED_PREFIX)) return 'deferred-transactions';
  return s.source_kind === 'api' ? 'settlement-report' : 'upload';
}

export async function readAmazonDataState(db: Kysely<Database>, accountKey: string): Promise<AmazonDataState> {
  const connection = await findChannelConnection(db, accountKey, 'sales-channel');
  const settings = connection ? settingsOf(connection) : {};
  // Header columns only (no lines): one row per settlement of the account, through its account_key index.
  const rows = await db
    .selectFrom('settlements')
    .select(['settlement_key', 'settlement_id', 'source_kind', 'currency', 'marketplace', 'start_at', 'end_at', 'status', 'line_count', 'created_at'])
    .where('account_key', '=', accountKey)
    .where('sales_source', '=', 'AMAZON')
    .where('duplicate_of', 'is', null)
    .execute();
  const kinds = new Map<Kind, AmazonDataState['kinds'][number]>();
  for (const r of rows) {
    const kind = kindOf(r);
    const k = kinds.get(kind) ?? { kind, count: 0, lastReceivedAt: null, firstStart: null, lastEnd: null };
    k.count++;
    const received = iso(r.created_at);
    if (received && (!k.lastReceivedAt || received > k.lastReceivedAt)) k.lastReceivedAt = received;
    const start = day(r.start_at);
    if (start && (!k.firstStart || start < k.firstStart)) k.firstStart = start;
    const end = day(r.end_at);
    if (end && (!k.lastEnd || end > k.lastEnd)) k.lastEnd = end;
    kinds.set(kind, k);
  }
  const sequences = new Map<string, { currency: string; marketplace: string | null; periods: { settlementId: string; startMs: number; endMs: number }[] }>();
  for (const r of rows) {
    const kind = kindOf(r);
    if ((kind !== 'settlement-report' && kind !== 'upload') || r.status !== 'closed' || !r.start_at || !r.end_at) continue;
    const key = `${r.currency}\u0000${r.marketplace ?? ''}`;
    const seq = sequences.get(key) ?? { currency: r.currency, marketplace: r.marketplace, periods: [] };
    seq.periods.push({ settlementId: r.settlement_id, startMs: new Date(r.start_at).getTime(), endMs: new Date(r.end_at).getTime() });
    sequences.set(key, seq);
  }
  const gaps = [...sequences.values()].flatMap((seq) =>
    findSettlementGaps(seq.periods).map((g) => ({
      currency: seq.currency,
      marketplace: seq.marketplace,
      afterSettlementId: g.afterSettlementId,
      beforeSettlementId: g.beforeSettlementId,
      fromAt: new Date(g.fromMs).toISOString(),
      toAt: new Date(g.toMs).toISOString(),
      days: Math.round(((g.toMs - g.fromMs) / DAY_MS) * 10) / 10,
    })),
  );
  return {
    connection: connection
      ? {
          status: connection.status,
          sellerId: connection.remote_id,
          lastFetchedAt: iso(connection.last_synced_at),
          lastError: connection.last_error,
          lastErrorAt: iso(connection.last_error_at),
          nextFetchFrom: settings.fetchFrom === undefined ? null : new Date(settings.fetchFrom).toISOString(),
        }
      : null,
    kinds: [...kinds.values()].sort((a, b) => a.kind.localeCompare(b.kind)),
    openGroups: rows
      .filter((r) => kindOf(r) === 'open-event-group')
      .map((r) => ({ groupId: r.settlement_id.slice(OPEN_PREFIX.length), settlementKey: r.settlement_key, startDate: day(r.start_at), endDate: day(r.end_at), lineCount: r.line_count, fetchedAt: iso(r.created_at)! })),
    historyRequests: (settings.historyRequests ?? []).map((h) => ({ requestId: h.requestId, fromDate: h.fromDate, toDate: h.toDate, status: h.status, requestedAt: h.requestedAt, finishedAt: h.finishedAt, message: h.message })),
    gaps: gaps.sort((a, b) => a.fromAt.localeCompare(b.fromAt)),
  };
}
