/**
 * One account's channel data for the support backend (decision 0046): the PayPal transactions its
 * fetches received (paypal_transactions, read through its (account_key, initiated_at) index), and the
 * settlements Ledgerport holds for Amazon's financial event groups. Every query names the account.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { AmazonEventGroup, BackendChannelConnection, PayPalRawTransaction } from '@ledgerport/contract';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { decimalText, paypalTypeName, type FinancialEventGroup } from '@ledgerport/integrations/channels';
import { AppError } from '../../http/app-error';
import { stateOfConnectionRow } from '../accounts/connection-states';
import type { ConnectionRow } from '../channel-connections/channel-connection-repository';

const DAY_MS = 24 * 3600 * 1000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The account and its connection of the channel; 404 for an unknown account, a plain sentence when it has no such connection. */
export async function findBackendConnection(db: Kysely<Database>, accountKey: string, system: 'PAYPAL' | 'AMAZON', now: Date): Promise<{ connection: BackendChannelConnection; row: ConnectionRow }> {
  const account = await db.selectFrom('accounts').select(['account_name']).where('account_key', '=', accountKey).executeTakeFirst();
  if (!account) throw new AppError('account.not-found', `There is no account ${accountKey}.`, { accountKey });
  const row = await db
    .selectFrom('connections')
    .selectAll()
    .where('account_key', '=', accountKey)
    .where('role', '=', system === 'PAYPAL' ? 'sales-source' : 'sales-channel')
    .where('system', '=', system)
    .executeTakeFirst();
  const name = system === 'PAYPAL' ? 'PayPal' : 'Amazon';
  if (!row) throw new AppError('channel.not-connected', `${account.account_name} (${accountKey}) has no ${name} connection, so there is nothing from ${name} to show.`, { accountKey });
  return {
    row,
    connection: { accountKey, accountName: account.account_name, badge: stateOfConnectionRow(row, now).badge, storeName: row.remote_name, lastSyncedAt: iso(row.last_synced_at), lastError: row.last_error },
  };
}

export interface RawTransactionQuery {
  fromDate?: string | undefined;
  toDate?: string | undefined;
  eventCode?: string | undefined;
  sort: 'initiatedAt' | 'gross' | 'eventCode' | 'status' | 'transactionId';
  desc: 'true' | 'false';
  limit: number;
  offset: number;
}

const SORT_COLUMNS = { initiatedAt: 'initiated_at', gross: 'gross', eventCode: 'event_code', status: 'status', transactionId: 'transaction_id' } as const;

type RawRow = { transaction_id: string; initiated_at: Date; event_code: string; status: string; currency: string; gross: string | null; fee: string | null; fetched_at: Date };
const viewOf = (r: RawRow): PayPalRawTransaction => ({
  transactionId: r.transaction_id,
  initiatedAt: r.initiated_at.toISOString(),
  eventCode: r.event_code,
  typeName: paypalTypeName(r.event_code),
  status: r.status,
  currency: r.currency,
  gross: r.gross,
  fee: r.fee,
  fetchedAt: r.fetched_at.toISOString(),
});
const COLUMNS = ['transaction_id', 'initiated_at', 'event_code', 'status', 'currency', 'gross', 'fee', 'fetched_at'] as const;

export async function listRawTransactions(db: Kysely<Database>, accountKey: string, q: RawTransactionQuery): Promise<{ transactions: PayPalRawTransaction[]; total: number; types: { eventCode: string; typeName: string }[] }> {
  let base = db.selectFrom('paypal_transactions').where('account_key', '=', accountKey);
  // Dates are UTC days: from the start of fromDate to the end of toDate.
  if (q.fromDate) base = base.where('initiated_at', '>=', new Date(`${q.fromDate}T00:00:00Z`));
  if (q.toDate) base = base.where('initiated_at', '<', new Date(Date.parse(`${q.toDate}T00:00:00Z`) + DAY_MS));
  if (q.eventCode) base = base.where('event_code', '=', q.eventCode);
  const direction = q.desc === 'true' ? 'desc' : 'asc';
  const [rows, count, types] = await Promise.all([
    base
      .select(COLUMNS)
      .orderBy(SORT_COLUMNS[q.sort], (o) => (direction === 'desc' ? o.desc() : o.asc()).nullsLast())
      .orderBy('transaction_id', direction)
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('paypal_transactions').select('event_code').distinct().where('account_key', '=', accountKey).orderBy('event_code').execute(),
  ]);
  return { transactions: rows.map(viewOf), total: Number(count.n), types: types.map((t) => ({ eventCode: t.event_code, typeName: paypalTypeName(t.event_code) })) };
}

export async function findRawTransaction(db: Kysely<Database>, accountKey: string, transactionId: string): Promise<{ transaction: PayPalRawTransaction; raw: Record<string, unknown> } | null> {
  const row = await db.selectFrom('paypal_transactions').select([...COLUMNS, 'raw']).where('account_key', '=', accountKey).where('transaction_id', '=', transactionId).executeTakeFirst();
  return row ? { transaction: viewOf(row), raw: row.raw } : null;
}

type Money = FinancialEventGroup['OriginalTotal'];
const moneyOf = (m: Money) => {
  const units = parseDecimalUnits(decimalText(m?.CurrencyAmount));
  return m?.CurrencyCode && units !== undefined ? { currency: m.CurrencyCode, amount: formatUnits(units) } : null;
};
const at = (text: unknown) => (typeof text === 'string' && !Number.isNaN(Date.parse(text)) ? new Date(Date.parse(text)).toISOString() : null);
/** A settlement period's dates as Amazon's report and its event group give them agree to the hour; a period lasts days. */
const SAME_PERIOD_MS = 12 * 3600 * 1000;

/**
 * The groups with the settlement Ledgerport holds for each: an open one stored under 'open:<group id>'
 * (amazon-finances.ts), else the Amazon settlement of the same currency whose period starts and ends
 * when the group does (Amazon's settlement report and its event group cover the same period).
 */
export async function withSettlements(db: Kysely<Database>, accountKey: string, groups: (FinancialEventGroup & { FundTransferStatus?: string; FundTransferDate?: string; BeginningBalance?: Money })[]): Promise<AmazonEventGroup[]> {
  const starts = groups.map((g) => Date.parse(g.FinancialEventGroupStart ?? '')).filter((n) => !Number.isNaN(n));
  const stored =
    groups.length === 0
      ? []
      : await db
          .selectFrom('settlements')
          .select(['settlement_key', 'settlement_id', 'currency', 'start_at', 'end_at', 'status', 'posting_status'])
          .where('account_key', '=', accountKey)
          .where('sales_source', '=', 'AMAZON')
          .where('duplicate_of', 'is', null)
          .where((eb) =>
            eb.or([
              eb('settlement_id', 'in', groups.map((g) => `open:${g.FinancialEventGroupId ?? ''}`)),
              ...(starts.length > 0 ? [eb.and([eb('start_at', '>=', new Date(Math.min(...starts) - SAME_PERIOD_MS)), eb('start_at', '<=', new Date(Math.max(...starts) + SAME_PERIOD_MS))])] : []),
            ]),
          )
          .execute();
  const near = (d: Date | null, text: string | undefined) => d !== null && text !== undefined && Math.abs(d.getTime() - Date.parse(text)) <= SAME_PERIOD_MS;
  return groups
    .map((g) => {
      const currency = g.OriginalTotal?.CurrencyCode;
      const s =
        stored.find((x) => x.settlement_id === `open:${g.FinancialEventGroupId ?? ''}`) ??
        stored.find((x) => x.currency === currency && near(x.start_at, g.FinancialEventGroupStart) && (g.FinancialEventGroupEnd === undefined ? x.status === 'open' : near(x.end_at, g.FinancialEventGroupEnd)));
      return {
        groupId: g.FinancialEventGroupId ?? '',
        processingStatus: g.ProcessingStatus ?? null,
        fundTransferStatus: g.FundTransferStatus ?? null,
        startAt: at(g.FinancialEventGroupStart),
        endAt: at(g.FinancialEventGroupEnd),
        fundTransferAt: at(g.FundTransferDate),
        originalTotal: moneyOf(g.OriginalTotal),
        beginningBalance: moneyOf(g.BeginningBalance),
        settlement: s ? { settlementKey: s.settlement_key, settlementId: s.settlement_id, status: s.status, postingStatus: s.posting_status } : null,
      };
    })
    .filter((g) => g.groupId !== '')
    .sort((a, b) => (b.startAt ?? '').localeCompare(a.startAt ?? ''));
}
