/**
 * The api benchmark's load generator, run as its own process (`node --import tsx api-load.ts <json>`)
 * so the clients do not share the server's event loop. N clients with keep-alive each send one
 * request, wait for the whole answer, and send the next, for a warm-up (not counted) and then the
 * measured seconds. Prints `measuring` when the warm-up is over, then one JSON line: p50, p95,
 * requests/s, count, errors.
 */
import http from 'node:http';

export interface LoadPlan {
  port: number;
  token: string;
  kind: 'health' | 'list' | 'detail';
  clients: number;
  seconds: number;
  warmupSeconds: number;
  accounts: number;
  settlements: number;
}

export interface LoadFigures {
  p50: number;
  p95: number;
  perSecond: number;
  count: number;
  errors: number;
}

interface Call {
  method: string;
  path: string;
  payload?: string;
}

const account = (i: number, accounts: number) => `bench-${String((i % accounts) + 1).padStart(3, '0')}`;

/** The i-th request of a measure: a different account (list) or settlement (detail) each time. */
function callOf(plan: LoadPlan, i: number): Call {
  if (plan.kind === 'health') return { method: 'GET', path: '/health' };
  if (plan.kind === 'detail') return { method: 'GET', path: `/settlement/detail?settlementKey=bstl_${((i * 7919) % plan.settlements) + 1}` };
  return {
    method: 'POST',
    path: '/spanner-settlements-with-pagination?page=0&size=10&sort=total,desc',
    payload: JSON.stringify({
      paginatedSearchCriteriaClause: [
        [{ filterKey: 'accountKey', operation: 'eq', value: account(i, plan.accounts) }],
        [{ filterKey: 'currency', operation: 'eq', value: 'USD' }],
        [{ filterKey: 'postingStatus', operation: 'eq', value: 'NOT_POSTED' }],
      ],
    }),
  };
}

function send(agent: http.Agent, plan: LoadPlan, call: Call): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { authorization: `Bearer ${plan.token}` };
    if (call.payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(call.payload);
    }
    const req = http.request({ host: '127.0.0.1', port: plan.port, method: call.method, path: call.path, agent, headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(call.payload);
  });
}

async function load(agent: http.Agent, plan: LoadPlan, seconds: number, next: () => number): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: plan.clients }, async () => {
      while (Date.now() < end) {
        const t = process.hrtime.bigint();
        const status = await send(agent, plan, callOf(plan, next()));
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
        if (status !== 200) errors++;
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), perSecond: latencies.length / elapsed, count: latencies.length, errors };
}

async function runLoad(plan: LoadPlan): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.clients });
  let n = 0;
  try {
    await load(agent, plan, plan.warmupSeconds, () => n++);
    // Tells the parent the measured part starts (it reads CPU counters then).
    process.stdout.write('measuring\n');
    return await load(agent, plan, plan.seconds, () => n++);
  } finally {
    agent.destroy();
  }
}

// Only ever run as a script (api.ts imports its types alone).
const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;
process.stdout.write(`${JSON.stringify(await runLoad(plan))}\n`);
