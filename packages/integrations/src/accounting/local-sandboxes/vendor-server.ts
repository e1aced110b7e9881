/**
 * One local HTTP server playing Xero (/xero), QuickBooks Online (/qbo), Sage (/sage) and NetSuite
 * (/netsuite), for tests and for the e2e journeys. Faults can be queued per system (a status with
 * body and headers such as 429 + Retry-After, a delay longer than the client's timeout, or "drop":
 * do the work, then close the socket unanswered, i.e. a crash between the call and the record; or
 * "answerDelayMs": do the work, then hold the answer, so a test can kill the caller in between), in
 * process or over HTTP (POST /_fake/faults). POST /_fake/period-locks sets a system's lock in its own
 * field (`setPeriodLock`). GET /_fake/documents lists what each system created, and
 * GET /_sandbox/documents/{id} shows one as a page (the demo's posted documents link there, decision 0056).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { json, type CreatedDocument, type FakeRequest, type FakeResponse, type SandboxCharts } from './fake-types';
import { LOCAL_VENDOR_CLIENT, localVendorEndpoints } from '../shared/default-endpoints';
import { createNetSuiteFake } from './netsuite-fake';
import { createQboFake } from './qbo-fake';
import { createSageFake } from './sage-fake';
import { createXeroFake } from './xero-fake';
import { sandboxDocumentPage } from './sandbox-document-page';

export const FAKE_CLIENT = LOCAL_VENDOR_CLIENT;

type SystemPrefix = 'xero' | 'qbo' | 'sage' | 'netsuite';

export interface Fault {
  system: SystemPrefix;
  /** Only requests whose method and path (below the prefix) match, e.g. /PUT .*Invoices/. */
  match?: string;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Let the request through, then drop the answer. */
  drop?: boolean;
  /** Let the request through, then wait this long before answering (the work is already done). */
  answerDelayMs?: number;
  times?: number;
}

/**
 * A system's closed books, in the field the vendor documents: Xero's Organisation PeriodLockDate and
 * EndOfYearLockDate, QuickBooks' Preferences BookCloseDate, Sage's financial settings
 * year_end_lockdown_date, NetSuite's accounting periods closed through a day. null clears.
 */
export type PeriodLockSetting =
  | { system: 'xero'; PeriodLockDate?: string | null; EndOfYearLockDate?: string | null }
  | { system: 'qbo'; BookCloseDate: string | null }
  | { system: 'sage'; year_end_lockdown_date: string | null }
  | { system: 'netsuite'; closedThrough: string | null };

export interface VendorServer {
  url: string;
  xero: Awaited<ReturnType<typeof createXeroFake>>;
  qbo: ReturnType<typeof createQboFake>;
  sage: ReturnType<typeof createSageFake>;
  netsuite: ReturnType<typeof createNetSuiteFake>;
  addFault(fault: Fault): void;
  setPeriodLock(setting: PeriodLockSetting): void;
  documents(): CreatedDocument[];
  violations(): string[];
  close(): Promise<void>;
}

async function readRequest(req: http.IncomingMessage, prefixLength: number, url: URL): Promise<FakeRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const type = req.headers['content-type'] ?? '';
  let body: unknown;
  if (raw && type.includes('json')) body = JSON.parse(raw);
  else if (raw && type.includes('x-www-form-urlencoded')) body = new URLSearchParams(raw);
  else if (raw) body = raw;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
  return { method: req.method ?? 'GET', path: url.pathname.slice(prefixLength), query: url.searchParams, headers, body };
}

/** `charts`: accounts each sandbox company holds besides its own (the demo's default charts). */
export async function startVendorServer(options: { port?: number; host?: string; charts?: SandboxCharts } = {}): Promise<VendorServer> {
  const charts = options.charts ?? {};
  const xero = await createXeroFake({ ...FAKE_CLIENT, extraAccounts: charts.XERO });
  const qbo = createQboFake({ ...FAKE_CLIENT, extraAccounts: charts.QBO });
  const sage = createSageFake({ ...FAKE_CLIENT, extraAccounts: charts.SAGE });
  const netsuite = createNetSuiteFake({ ...FAKE_CLIENT, extraAccounts: charts.NETSUITE });
  const fakes = { xero, qbo, sage, netsuite };
  const faults: Fault[] = [];
  const documents = () => [...xero.documents, ...qbo.documents, ...sage.documents, ...netsuite.documents];
  const violations = () => [...xero.violations, ...qbo.violations, ...sage.violations, ...netsuite.violations];

  const setPeriodLock = (setting: PeriodLockSetting) => {
    const day = (value: unknown, field: string): string | null => {
      if (value === null) return null;
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
      throw new Error(`${field} must be a day (YYYY-MM-DD) or null, got ${JSON.stringify(value)}`);
    };
    if (setting.system === 'xero') {
      xero.setLockDates({
        ...(setting.PeriodLockDate !== undefined ? { PeriodLockDate: day(setting.PeriodLockDate, 'PeriodLockDate') } : {}),
        ...(setting.EndOfYearLockDate !== undefined ? { EndOfYearLockDate: day(setting.EndOfYearLockDate, 'EndOfYearLockDate') } : {}),
      });
    } else if (setting.system === 'qbo') qbo.setBookCloseDate(day(setting.BookCloseDate, 'BookCloseDate'));
    else if (setting.system === 'sage') sage.setLockdownDate(day(setting.year_end_lockdown_date, 'year_end_lockdown_date'));
    else if (setting.system === 'netsuite') netsuite.closePeriodsThrough(day(setting.closedThrough, 'closedThrough'));
    else throw new Error(`No system ${JSON.stringify((setting as { system?: unknown }).system)}: choose xero, qbo, sage or netsuite`);
  };

  const send = (res: http.ServerResponse, answer: FakeResponse) => {
    if (answer.drop) {
      res.socket?.destroy();
      return;
    }
    if (answer.html !== undefined) {
      res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', ...answer.headers });
      res.end(answer.html);
      return;
    }
    const hasBody = answer.body !== undefined && answer.status !== 204;
    res.writeHead(answer.status, { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...answer.headers });
    res.end(hasBody ? JSON.stringify(answer.body) : undefined);
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://local');
      if (url.pathname === '/_fake/documents') return send(res, json(200, { documents: documents(), violations: violations() }));
      const shown = /^\/_sandbox\/documents(?:\/([^/]+))?\/?$/.exec(url.pathname);
      if (shown && req.method === 'GET') return send(res, sandboxDocumentPage(documents(), shown[1] === undefined ? null : decodeURIComponent(shown[1])));
      if (url.pathname === '/_fake/faults' && req.method === 'POST') {
        const r = await readRequest(req, 0, url);
        faults.push(r.body as Fault);
        return send(res, json(204, undefined));
      }
      if (url.pathname === '/_fake/period-locks' && req.method === 'POST') {
        const r = await readRequest(req, 0, url);
        try {
          setPeriodLock(r.body as PeriodLockSetting);
        } catch (error) {
          return send(res, json(400, { message: (error as Error).message }));
        }
        return send(res, json(204, undefined));
      }
      const prefix = /^\/(xero|qbo|sage|netsuite)(\/|$)/.exec(url.pathname)?.[1] as SystemPrefix | undefined;
      if (!prefix) return send(res, json(404, { message: `nothing at ${url.pathname}` }));
      const request = await readRequest(req, prefix.length + 1, url);
      const i = faults.findIndex((f) => f.system === prefix && (!f.match || new RegExp(f.match).test(`${request.method} ${request.path}`)));
      const fault = i >= 0 ? faults[i] : undefined;
      if (fault) {
        fault.times = (fault.times ?? 1) - 1;
        if (fault.times <= 0) faults.splice(i, 1);
        if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
        if (fault.status) return send(res, { status: fault.status, body: fault.body, headers: fault.headers });
      }
      const answer = await fakes[prefix].handle(request);
      if (fault?.answerDelayMs) await new Promise((r) => setTimeout(r, fault.answerDelayMs));
      send(res, fault?.drop ? { ...answer, drop: true } : answer);
    })().catch((error: unknown) => send(res, json(500, { message: String(error) })));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    xero,
    qbo,
    sage,
    netsuite,
    addFault: (f) => faults.push(f),
    setPeriodLock,
    documents,
    violations,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The endpoints of every system on a vendor server at `url`, with the client it accepts. */
export function localEndpoints(url: string) {
  const e = localVendorEndpoints(url);
  return {
    XERO: { ...e.XERO, ...FAKE_CLIENT },
    QBO: { ...e.QBO, ...FAKE_CLIENT },
    SAGE: { ...e.SAGE, ...FAKE_CLIENT },
    NETSUITE: { ...e.NETSUITE, ...FAKE_CLIENT },
  };
}
