/**
 * The load benchmark's client, run as its own process: open loop at a fixed rate (the i-th request
 * leaves at start + i / rate whether or not earlier answers came back), so a slow server shows as
 * latency instead of as fewer requests. Latency counts from the planned send time (no coordinated
 * omission). Reads its plan (LoadClientPlan) as JSON on stdin; prints one JSON line of LoadResult after the warm-up (not counted) and the measured seconds.
 */
import http from 'node:http';

export type LoadKind = 'health' | 'list' | 'detail' | 'accounts' | 'imports' | 'postings';

export interface LoadClientPlan {
  port: number;
  /** One bearer token per user, with the accounts each may open. */
  users: { token: string; accounts: string[]; settlements: string[] }[];
  kinds: LoadKind[];
  rate: number;
  seconds: number;
  warmupSeconds: number;
}

export interface Quantiles {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadResult {
  overall: Quantiles;
  byKind: Partial<Record<LoadKind, Quantiles>>;
  /** Requests sent per second in the measured part (the plan's rate unless the client fell behind). */
  sentPerSecond: number;
  /** The first few error answers, for the report. */
  errorSamples: string[];
}

const TIMEOUT_MS = 10_000;

function callOf(plan: LoadClientPlan, kind: LoadKind, i: number): { method: string; path: string; token: string; payload?: string } {
  const user = plan.users[i % plan.users.length]!;
  const account = user.accounts[Math.floor(i / plan.users.length) % user.accounts.length]!;
  const settlement = user.settlements[(i * 7919) % user.settlements.length]!;
  switch (kind) {
    case 'health':
      return { method: 'GET', path: '/health', token: user.token };
    case 'detail':
      return { method: 'GET', path: `/settlement/detail?settlementKey=${settlement}`, token: user.token };
    case 'accounts':
      return { method: 'GET', path: '/account-list', token: user.token };
    case 'imports':
      return { method: 'GET', path: `/settlement-imports?accountKey=${account}`, token: user.token };
    case 'postings':
      return { method: 'GET', path: `/postings?accountKey=${account}`, token: user.token };
    case 'list':
      return {
        method: 'POST',
        path: '/spanner-settlements-with-pagination?page=0&size=10&sort=total,desc',
        token: user.token,
        payload: JSON.stringify({ paginatedSearchCriteriaClause: [[{ filterKey: 'accountKey', operation: 'eq', value: account }], [{ filterKey: 'postingStatus', operation: 'eq', value: 'NOT_POSTED' }]] }),
      };
  }
}

function send(agent: http.Agent, port: number, call: ReturnType<typeof callOf>): Promise<string | null> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { authorization: `Bearer ${call.token}` };
    if (call.payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(call.payload);
    }
    const req = http.request({ host: '127.0.0.1', port, method: call.method, path: call.path, agent, headers, timeout: TIMEOUT_MS }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => (res.statusCode === 200 ? undefined : parts.push(c)));
      res.on('end', () => resolve(res.statusCode === 200 ? null : `${call.method} ${call.path}: ${res.statusCode} ${Buffer.concat(parts).toString('utf8').slice(0, 200)}`));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
    req.on('error', (e) => resolve(`${call.method} ${call.path}: ${e.message}`));
    req.end(call.payload);
  });
}

function quantiles(latencies: number[], errors: number): Quantiles {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, errors, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
}

export async function runOpenLoop(plan: LoadClientPlan): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const intervalNs = 1e9 / plan.rate;
  const total = Math.round((plan.warmupSeconds + plan.seconds) * plan.rate);
  const warmup = Math.round(plan.warmupSeconds * plan.rate);
  const latencies = new Map<LoadKind, number[]>();
  const errors = new Map<LoadKind, number>();
  const errorSamples: string[] = [];
  const pending: Promise<void>[] = [];
  const start = process.hrtime.bigint();
  let i = 0;
  let measuredFrom = 0n;
  while (i < total) {
    const now = process.hrtime.bigint();
    // Every request due by now leaves now, with its planned time.
    while (i < total && start + BigInt(Math.round(i * intervalNs)) <= now) {
      const planned = start + BigInt(Math.round(i * intervalNs));
      if (i === warmup) measuredFrom = planned;
      const kind = plan.kinds[i % plan.kinds.length]!;
      const isMeasured = i >= warmup;
      const index = i;
      pending.push(
        send(agent, plan.port, callOf(plan, kind, index)).then((error) => {
          if (!isMeasured) return;
          const ms = Number(process.hrtime.bigint() - planned) / 1e6;
          if (error !== null) {
            errors.set(kind, (errors.get(kind) ?? 0) + 1);
            if (errorSamples.length < 5) errorSamples.push(error);
          }
          let list = latencies.get(kind);
          if (!list) latencies.set(kind, (list = []));
          list.push(ms);
        }),
      );
      i++;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  const sentSeconds = Number(process.hrtime.bigint() - measuredFrom) / 1e9;
  await Promise.all(pending);
  agent.destroy();
  const byKind: Partial<Record<LoadKind, Quantiles>> = {};
  for (const [kind, list] of latencies) byKind[kind] = quantiles(list, errors.get(kind) ?? 0);
  const all = [...latencies.values()].flat();
  const allErrors = [...errors.values()].reduce((a, b) => a + b, 0);
  return { overall: quantiles(all, allErrors), byKind, sentPerSecond: (total - warmup) / Math.max(sentSeconds, 1e-9), errorSamples };
}

// Run as a script by load.ts (which imports only the types), with the plan as JSON on stdin (too long for an argument).
if (process.argv[1]?.endsWith('load-client.ts')) {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const plan = JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoadClientPlan;
  process.stdout.write(`${JSON.stringify(await runOpenLoop(plan))}\n`);
}
