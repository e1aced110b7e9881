/**
 * NetSuite REST record API v1 and SuiteQL. A journal entry is upserted by externalId
 * (PUT /record/v1/journalentry/eid:<key>), so a repeated send updates the same record instead of
 * making a second one; it is read first so a replay is recognised and left untouched.
 */
import { AccountingError, periodLockOf, type AccountingPort, type AccountingReferenceData, type PeriodLock, type PostingDocument, type RemoteDocumentRef } from '@ledgerport/core/posting';
import type { AccountKind, LedgerAccount } from '@ledgerport/core/mapping';
import { boundedKey } from '../shared/bounded-key';
import { decimal } from '../shared/json-decimal';
import { expandUrl, type ConnectionSettings, type PortContext } from '../shared/system-definition';
import { createVendorHttp } from '../shared/vendor-http';
import { describeNetSuiteError, describeNetSuiteQueryError } from './netsuite-errors';

const KIND: Record<string, AccountKind> = {
  Bank: 'asset', AcctRec: 'asset', OthCurrAsset: 'asset', FixedAsset: 'asset', OthAsset: 'asset', DeferExpense: 'asset', UnbilledRec: 'asset',
  AcctPay: 'liability', CredCard: 'liability', OthCurrLiab: 'liability', LongTermLiab: 'liability', DeferRevenue: 'liability',
  Equity: 'equity', Income: 'income', OthIncome: 'income', COGS: 'expense', Expense: 'expense', OthExpense: 'expense',
};

/** The classification records a journal entry is booked with (Account Settings > NetSuite Configuration). */
export type NetSuiteRefs = Pick<ConnectionSettings, 'subsidiaryId' | 'departmentId' | 'classId' | 'locationId'>;

/** One record of a NetSuite list to choose from; `name` is its full name ("Parent : Child"). */
export interface NetSuiteRecordChoice {
  id: string;
  name: string;
}
export interface NetSuiteSegments {
  subsidiaries: NetSuiteRecordChoice[];
  departments: NetSuiteRecordChoice[];
  classes: NetSuiteRecordChoice[];
  locations: NetSuiteRecordChoice[];
}

const refOf = (id: string | undefined) => (id ? { id } : undefined);

export function toNetSuiteJournalEntry(document: PostingDocument, externalId: string, refs: NetSuiteRefs) {
  // Department, class and location go on the body and on every line: accounts that classify per line
  // ("Allow per-line departments/classes/locations") read the lines, the others the body.
  const segments = { department: refOf(refs.departmentId), class: refOf(refs.classId), location: refOf(refs.locationId) };
  const present = Object.fromEntries(Object.entries(segments).filter(([, ref]) => ref !== undefined));
  return {
    externalId,
    tranId: document.number,
    tranDate: document.date,
    memo: document.description.slice(0, 999),
    currency: { refName: document.currency },
    ...(refs.subsidiaryId ? { subsidiary: { id: refs.subsidiaryId } } : {}),
    ...present,
    line: {
      items: document.lines.map((l) => ({
        account: { id: l.account.code },
        ...(l.side === 'debit' ? { debit: decimal(l.amount) } : { credit: decimal(l.amount) }),
        memo: (l.description || l.account.name).slice(0, 999),
        ...present,
      })),
    },
  };
}

/** One page of a SuiteQL answer (`items`, `hasMore`, `count`, `offset`, `totalResults`). */
export interface SuiteQlAnswer {
  items: Record<string, unknown>[];
  hasMore: boolean;
  count: number | null;
  offset: number;
  totalResults: number | null;
}

/**
 * The NetSuite port with its reads beyond posting: the lists journal entries can be classified by
 * (Account Settings > NetSuite Configuration), and the backend console's SuiteQL page and record read.
 */
export interface NetSuitePort extends AccountingPort {
  fetchSegments(): Promise<NetSuiteSegments>;
  suiteQlPage(q: string, limit: number, offset: number): Promise<SuiteQlAnswer>;
  /** GET /record/v1/{type}/{id}: the record as NetSuite answers it. */
  getRecord(recordType: string, id: string): Promise<Record<string, unknown>>;
}

export const isNetSuitePort = (port: AccountingPort): port is NetSuitePort => port.system === 'NETSUITE' && 'suiteQlPage' in port && 'fetchSegments' in port;

export function createNetSuitePort(context: PortContext): NetSuitePort {
  const base = expandUrl(context.endpoints.apiBaseUrl, context.settings).replace(/\/$/, '');
  const http = createVendorHttp({ systemName: 'NetSuite', describeError: describeNetSuiteError, ...context });
  const readHttp = createVendorHttp({ systemName: 'NetSuite', describeError: describeNetSuiteQueryError, ...context });
  const suiteql = async <T>(q: string): Promise<T[]> => {
    const items: T[] = [];
    for (let offset = 0; ; offset += 1000) {
      const res = await http.send({ method: 'POST', url: `${base}/query/v1/suiteql?limit=1000&offset=${offset}`, headers: { Prefer: 'transient' }, body: { q }, isRepeatable: true });
      const body = res.body as { items?: T[]; hasMore?: boolean };
      items.push(...(body.items ?? []));
      if (!body.hasMore) return items;
    }
  };
  const findByExternalId = async (externalId: string): Promise<{ id: string; tranId?: string } | undefined> => {
    try {
      const res = await http.send({ method: 'GET', url: `${base}/record/v1/journalentry/eid:${encodeURIComponent(externalId)}`, isRepeatable: true });
      return res.body as { id: string; tranId?: string };
    } catch (error) {
      if (error instanceof AccountingError && error.failure.kind === 'not-found') return undefined;
      throw error;
    }
  };

  /**
   * Closed accounting periods (SuiteQL table accountingperiod, closed = 'T'; years and quarters left out,
   * their months say it). NetSuite closes periods in order, so the last closed month's end is the lock.
   * Dates are asked as TO_CHAR: a plain date column answers in the user's own date format.
   */
  const fetchPeriodLock = async (): Promise<PeriodLock | null> => {
    const closed = await suiteql<{ enddate?: string }>(
      "SELECT id, TO_CHAR(enddate, 'YYYY-MM-DD') AS enddate FROM accountingperiod WHERE closed = 'T' AND isyear = 'F' AND isquarter = 'F'",
    );
    return periodLockOf(closed.map((p) => ({ source: 'accountingperiod', closedThrough: p.enddate })));
  };

  const choicesOf = async (table: string, extraFilter = ''): Promise<NetSuiteRecordChoice[]> => {
    const rows = await suiteql<{ id: string; name?: string; fullname?: string }>(`SELECT id, name, fullname FROM ${table} WHERE isinactive = 'F'${extraFilter} ORDER BY fullname`);
    return rows.map((r) => ({ id: String(r.id), name: r.fullname ?? r.name ?? String(r.id) }));
  };

  return {
    system: 'NETSUITE',
    fetchPeriodLock,
    async suiteQlPage(q, limit, offset) {
      const res = await readHttp.send({ method: 'POST', url: `${base}/query/v1/suiteql?limit=${limit}&offset=${offset}`, headers: { Prefer: 'transient' }, body: { q }, isRepeatable: true });
      const body = (res.body ?? {}) as { items?: Record<string, unknown>[]; hasMore?: boolean; count?: number; offset?: number; totalResults?: number };
      return { items: body.items ?? [], hasMore: body.hasMore === true, count: body.count ?? null, offset: body.offset ?? offset, totalResults: body.totalResults ?? null };
    },
    async getRecord(recordType, id) {
      const res = await readHttp.send({ method: 'GET', url: `${base}/record/v1/${encodeURIComponent(recordType)}/${encodeURIComponent(id)}`, isRepeatable: true });
      return (res.body && typeof res.body === 'object' ? res.body : {}) as Record<string, unknown>;
    },
    async fetchSegments(): Promise<NetSuiteSegments> {
      // Elimination subsidiaries only take consolidation entries: never a choice for postings.
      const subsidiaries = await choicesOf('subsidiary', " AND iselimination = 'F'");
      const departments = await choicesOf('department');
      const classes = await choicesOf('classification');
      const locations = await choicesOf('location');
      return { subsidiaries, departments, classes, locations };
    },

    async fetchReferenceData(): Promise<AccountingReferenceData> {
      const accounts = await suiteql<{ id: string; acctnumber?: string; accountsearchdisplayname?: string; accttype?: string }>(
        "SELECT id, acctnumber, accountsearchdisplayname, accttype FROM account WHERE isinactive = 'F'",
      );
      const classes = await suiteql<{ id: string; name?: string }>("SELECT id, name FROM classification WHERE isinactive = 'F'");
      const currencies = await suiteql<{ symbol?: string }>('SELECT symbol FROM currency');
      const toLedger = (a: (typeof accounts)[number]): LedgerAccount => {
        const kind = KIND[a.accttype ?? ''] ?? 'asset';
        const name = a.accountsearchdisplayname ?? a.acctnumber ?? a.id;
        return { code: a.id, name, kind, path: `${kind}:${name}` };
      };
      return {
        accounts: accounts.filter((a) => a.accttype !== 'Bank').map(toLedger),
        bankAccounts: accounts.filter((a) => a.accttype === 'Bank').map(toLedger),
        // Tax fields are not supported on REST journal entries: NetSuite postings carry no tax codes.
        taxRates: [],
        trackingCategories: classes.length > 0 ? [{ name: 'Class', options: classes.map((c) => c.name ?? c.id) }] : [],
        currencies: currencies.map((c) => c.symbol ?? '').filter(Boolean),
        periodLock: await fetchPeriodLock(),
      };
    },

    async postDocument(document, options): Promise<RemoteDocumentRef> {
      if (document.kind !== 'netsuite-journal-entry' && document.kind !== 'manual-journal') {
        throw new AccountingError({ kind: 'validation', message: `NetSuite cannot take a document of kind ${document.kind}; choose NetSuite mappings for this account.` });
      }
      const externalId = boundedKey(options.idempotencyKey, 100);
      const existing = await findByExternalId(externalId);
      if (existing) return { remoteId: existing.id, remoteNumber: existing.tranId ?? document.number, remoteType: 'journalEntry', isReplay: true };
      const res = await http.send({
        method: 'PUT',
        url: `${base}/record/v1/journalentry/eid:${encodeURIComponent(externalId)}`,
        body: toNetSuiteJournalEntry(document, externalId, context.settings),
        isRepeatable: true,
      });
      // 204 No Content: the record's URL (with its internal id) is in Location.
      const id = /\/journalentry\/(\d+)$/.exec(res.headers.get('location') ?? '')?.[1] ?? (await findByExternalId(externalId))?.id;
      if (!id) throw new AccountingError({ kind: 'unavailable', message: `NetSuite did not say which journal entry it created for ${document.number}.` });
      return { remoteId: id, remoteNumber: document.number, remoteType: 'journalEntry', isReplay: false };
    },

    async rollbackDocument(ref) {
      await http.send({ method: 'DELETE', url: `${base}/record/v1/journalentry/${encodeURIComponent(ref.remoteId)}`, isRepeatable: true });
    },
  };
}
