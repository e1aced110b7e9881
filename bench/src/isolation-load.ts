/**
 * The isolation benchmark's clients, run as their own process (forked by isolation.ts) so they never
 * share the server's event loop. Light clients send the other account's list request and GET /health
 * one after another without pause; each answer's latency is recorded under the phase running when it
 * was sent. The heavy account's steps (upload, detail, lines, order search, export, send) run here too,
 * one after another, when the parent says so; the parent is told each phase as it starts.
 */
import http from 'node:http';
import { uploadFile } from './upload-file';

export interface IsolationPlan {
  port: number;
  token: string;
  lightAccount: string;
  heavyAccount: string;
  filePath: string;
  fileBytes: number;
  fileName: string;
  baselineSeconds: number;
  listClients: number;
}

export interface LatencyFigures {
  count: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

export type IsolationMessage =
  | { kind: 'phase'; phase: string }
  | { kind: 'step'; step: string; ms: number; note: string }
  | { kind: 'done'; figures: Record<string, { list: LatencyFigures; health: LatencyFigures }> };

interface Answer {
  status: number;
  body: string;
}

const plan = JSON.parse(process.argv[2] ?? '{}') as IsolationPlan;
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.listClients + 4 });
const auth = { authorization: `Bearer ${plan.token}` };
let phase = 'baseline';
let isRunning = true;
const samples = new Map<string, { list: number[]; health: number[]; listErrors: number; healthErrors: number }>();

function tell(message: IsolationMessage): void {
  process.send?.(message);
}

function request(method: string, path: string, body?: string, headers: Record<string, string | number> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: plan.port, method, path, agent, headers: { ...auth, ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

function listOf(accountKey: string, criteria: unknown[][] = []): Promise<Answer> {
  const { body, headers } = json({ paginatedSearchCriteriaClause: [[{ filterKey: 'accountKey', operation: 'eq', value: accountKey }], ...criteria] });
  return request('POST', '/spanner-settlements-with-pagination?page=0&size=10&sort=total,desc', body, headers);
}

async function lightClient(kind: 'list' | 'health'): Promise<void> {
  while (isRunning) {
    const sentIn = phase;
    const started = performance.now();
    let isOk: boolean;
    try {
      const answer = kind === 'list' ? await listOf(plan.lightAccount) : await request('GET', '/health');
      isOk = answer.status === 200;
    } catch {
      isOk = false;
    }
    const ms = performance.now() - started;
    let s = samples.get(sentIn);
    if (!s) samples.set(sentIn, (s = { list: [], health: [], listErrors: 0, healthErrors: 0 }));
    s[kind].push(ms);
    if (!isOk) s[kind === 'list' ? 'listErrors' : 'healthErrors']++;
  }
}

function figuresOf(values: number[], errors: number): LatencyFigures {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, errors, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
}

async function step<T>(name: string, work: () => Promise<T>, note: (value: T) => string): Promise<T> {
  phase = name;
  tell({ kind: 'phase', phase: name });
  const started = performance.now();
  const value = await work();
  tell({ kind: 'step', step: name, ms: performance.now() - started, note: note(value) });
  return value;
}

function upload(): Promise<Answer> {
  return uploadFile({ port: plan.port, agent, auth, accountKey: plan.heavyAccount, filePath: plan.filePath, fileName: plan.fileName, fileBytes: plan.fileBytes });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function heavyFlow(): Promise<void> {
  const { settlementKey, settlementId } = await step('upload to listed', async () => {
    const answer = await upload();
    if (answer.status !== 200) throw new Error(`upload answered ${answer.status}: ${answer.body}`);
    const importId = (JSON.parse(answer.body) as { importId: string }).importId;
    for (;;) {
      const imp = JSON.parse((await request('GET', `/settlement-import?importId=${importId}`)).body) as { status: string; files: { status: string; message: string | null; settlements: { settlementKey: string; settlementId: string }[] }[] };
      if (imp.status === 'DONE') {
        if (imp.files[0]?.status !== 'LOADED') throw new Error(`the upload did not load: ${imp.files[0]?.message ?? ''}`);
        const stored = imp.files[0].settlements[0];
        if (!stored) throw new Error('the upload stored no settlement');
        // Listed: the account's own list finds it.
        const listed = JSON.parse((await listOf(plan.heavyAccount, [[{ filterKey: 'settlementId', operation: 'eq', value: stored.settlementId }]])).body) as { settlements: unknown[] };
        if (listed.settlements.length === 0) throw new Error('the stored settlement is not listed');
        return stored;
      }
      await sleep(200);
    }
  }, (s) => s.settlementKey);
  await step('detail', () => request('GET', `/settlement/detail?settlementKey=${settlementKey}`), (a) => `HTTP ${a.status}, ${(a.body.length / 1024).toFixed(0)} KB${a.status === 200 ? '' : `: ${a.body.slice(0, 200)}`}`);
  await step('lines page 100 of 50', () => request('GET', `/settlement/lines?settlementKey=${settlementKey}&page=100&size=50`), (a) => `HTTP ${a.status}`);
  await step("search 'order like 4567'", () => listOf(plan.heavyAccount, [[{ filterKey: 'order', operation: 'like', value: '4567' }]]), (a) => `HTTP ${a.status}${a.status === 200 ? '' : `: ${a.body.slice(0, 200)}`}`);
  await step('export transactions csv', () => request('GET', `/spanner/settlements/export?accountKey=${plan.heavyAccount}&start=2026-01-01&end=2026-12-31&report=transactions&settlementKeys=${settlementKey}`), (a) => `HTTP ${a.status}, ${a.body.length} bytes`);
  await step('send to posted', async () => {
    const form = `settlementKey=${encodeURIComponent(settlementKey)}&action=send`;
    const sent = await request('POST', '/settlementSend', form, { 'content-type': 'application/x-www-form-urlencoded' });
    if (sent.status !== 200) return `send answered ${sent.status}: ${sent.body.slice(0, 200)}`;
    for (;;) {
      const detail = JSON.parse((await listOf(plan.heavyAccount, [[{ filterKey: 'settlementId', operation: 'eq', value: settlementId }]])).body) as { settlements: { postingStatus: string; sendState: string; postingError?: string | null }[] };
      const s = detail.settlements[0];
      if (!s) return 'not listed';
      if (s.postingStatus === 'POSTED') return 'POSTED';
      if (s.sendState === 'FAILED' || (s.sendState === 'IDLE' && s.postingStatus !== 'POSTED')) return `${s.sendState} ${s.postingStatus} ${s.postingError ?? ''}`;
      await sleep(250);
    }
  }, (note) => note);
  phase = 'after';
}

async function main(): Promise<void> {
  const clients = [lightClient('health'), ...Array.from({ length: plan.listClients }, () => lightClient('list'))];
  tell({ kind: 'phase', phase: 'baseline' });
  await sleep(plan.baselineSeconds * 1000);
  try {
    await heavyFlow();
  } finally {
    isRunning = false;
    await Promise.all(clients);
    const figures: Record<string, { list: LatencyFigures; health: LatencyFigures }> = {};
    for (const [name, s] of samples) figures[name] = { list: figuresOf(s.list, s.listErrors), health: figuresOf(s.health, s.healthErrors) };
    tell({ kind: 'done', figures });
    agent.destroy();
    process.disconnect?.();
  }
}

void main();
