/**
 * Closed periods at the local vendors (issue 28, decision 0061): each plays its documented lock field
 * (Xero Organisation PeriodLockDate / EndOfYearLockDate, QuickBooks Preferences BookCloseDate, Sage
 * financial_settings year_end_lockdown_date, NetSuite accountingperiod closed), set in process or over
 * HTTP; each adapter reads it; each system refuses a document dated on or before it, as the real ones do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountingError, type DocumentKind } from '@ledgerport/core/posting';
import { connectForTest, type TestConnection } from '../testing/connect-for-test';
import { sampleDocument } from '../testing/sample-document';
import { netSuiteSystem } from '../netsuite/netsuite-system';
import { qboSystem } from '../qbo/qbo-system';
import { sageSystem } from '../sage/sage-system';
import { xeroSystem } from '../xero/xero-system';
import { xeroDay } from '../xero/xero-port';
import { localEndpoints, startVendorServer, type PeriodLockSetting, type VendorServer } from './vendor-server';

const clock = { now: () => Date.now(), sleep: () => Promise.resolve() };
let vendors: VendorServer;
const connections: Record<string, TestConnection> = {};

beforeAll(async () => {
  vendors = await startVendorServer();
  const e = localEndpoints(vendors.url);
  connections.xero = await connectForTest(xeroSystem, e.XERO, { clock, timeoutMs: 2000 });
  connections.qbo = await connectForTest(qboSystem, e.QBO, { clock });
  connections.sage = await connectForTest(sageSystem, e.SAGE, { clock });
  connections.netsuite = await connectForTest(netSuiteSystem, e.NETSUITE, { settings: { accountId: 'TSTDRV123', subsidiaryId: '1' }, clock });
});
afterAll(() => vendors.close());

const systems: { name: 'xero' | 'qbo' | 'sage' | 'netsuite'; lock: (day: string | null) => PeriodLockSetting; source: string; kind: DocumentKind; codes: { sales: string; fees: string; clearing: string } }[] = [
  { name: 'xero', lock: (day) => ({ system: 'xero', PeriodLockDate: day }), source: 'PeriodLockDate', kind: 'manual-journal', codes: { sales: '201', fees: '404', clearing: '610' } },
  { name: 'qbo', lock: (day) => ({ system: 'qbo', BookCloseDate: day }), source: 'BookCloseDate', kind: 'qbo-journal-entry', codes: { sales: '79', fees: '80', clearing: '90' } },
  { name: 'sage', lock: (day) => ({ system: 'sage', year_end_lockdown_date: day }), source: 'year_end_lockdown_date', kind: 'manual-journal', codes: { sales: 'la-4000', fees: 'la-7500', clearing: 'la-1210' } },
  { name: 'netsuite', lock: (day) => ({ system: 'netsuite', closedThrough: day }), source: 'accountingperiod', kind: 'netsuite-journal-entry', codes: { sales: '54', fees: '67', clearing: '120' } },
];

describe.each(systems)('$name', ({ name, lock, source, kind, codes }) => {
  it('has no lock until one is set, then reads it in its documented field (set over HTTP)', async () => {
    const port = connections[name]!.port;
    expect(await port.fetchPeriodLock()).toBeNull();
    const res = await fetch(`${vendors.url}/_fake/period-locks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(lock('2026-05-31')) });
    expect(res.status).toBe(204);
    expect(await port.fetchPeriodLock()).toEqual({ closedThrough: '2026-05-31', source });
    expect((await port.fetchReferenceData()).periodLock).toEqual({ closedThrough: '2026-05-31', source });
  });

  it('refuses a document dated on the lock date, and takes one dated the day after', async () => {
    const port = connections[name]!.port;
    vendors.setPeriodLock(lock('2026-05-31'));
    const refused = await port.postDocument(sampleDocument(kind, codes, `LCK-${name}-1`), { idempotencyKey: `lock-${name}-1` }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AccountingError);
    expect((refused as AccountingError).failure.kind).toBe('validation');
    const open = { ...sampleDocument(kind, codes, `LCK-${name}-2`), date: '2026-06-01' };
    await expect(port.postDocument(open, { idempotencyKey: `lock-${name}-2` })).resolves.toMatchObject({ isReplay: false });
    vendors.setPeriodLock(lock(null));
    expect(await port.fetchPeriodLock()).toBeNull();
  });
});

describe('the control of the local locks', () => {
  it('refuses a lock that is not a day, naming the field', async () => {
    const res = await fetch(`${vendors.url}/_fake/period-locks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ system: 'qbo', BookCloseDate: '31/05/2026' }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('BookCloseDate must be a day');
  });

  it('reads Xero dates as Xero writes them', () => {
    expect(xeroDay('/Date(1546214400000+0000)/')).toBe('2018-12-31');
    expect(xeroDay('2026-03-31T00:00:00')).toBe('2026-03-31');
    expect(xeroDay(undefined)).toBeNull();
  });

  it('closes NetSuite periods by month: a day inside a closed month is refused, whatever day the lock names', async () => {
    vendors.setPeriodLock({ system: 'netsuite', closedThrough: '2026-05-31' });
    expect(await connections.netsuite!.port.fetchPeriodLock()).toEqual({ closedThrough: '2026-05-31', source: 'accountingperiod' });
    vendors.setPeriodLock({ system: 'netsuite', closedThrough: '2026-06-15' });
    // June is not closed yet (its end is after the day): the lock stays at the end of May.
    expect(await connections.netsuite!.port.fetchPeriodLock()).toEqual({ closedThrough: '2026-05-31', source: 'accountingperiod' });
    vendors.setPeriodLock({ system: 'netsuite', closedThrough: null });
  });
});
