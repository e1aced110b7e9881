/**
 * How many processes serve and which do what (issue 29 "Both cores", issue 31 "Several processes").
 *
 * LEDGERPORT_ROLE: web (serves HTTP and queues jobs), worker (only runs jobs), all (both; default).
 * LEDGERPORT_WORKERS: auto (default on PostgreSQL: one HTTP process per core, plus one job process),
 * a number of HTTP processes, or 1 (one process doing everything). The embedded database (PGlite)
 * lives in one process's memory, so there it is always one process of role all.
 */
export type ProcessRole = 'web' | 'worker' | 'all';

export interface ProcessConfig {
  role: ProcessRole;
  /** HTTP processes to run: 'auto' (one per core) or a number. */
  workers: 'auto' | number;
  /** Bearer token of GET /metrics (LEDGERPORT_METRICS_TOKEN); undefined: /metrics is off. */
  metricsToken: string | undefined;
}

const ROLES: readonly ProcessRole[] = ['web', 'worker', 'all'];
const WORKERS_MAX = 64;
/** Long enough that it cannot be guessed by trying. */
const METRICS_TOKEN_LENGTH_MIN = 16;

export function loadProcessConfig(env: NodeJS.ProcessEnv, isPostgres: boolean): ProcessConfig {
  const roleText = env.LEDGERPORT_ROLE || 'all';
  if (!ROLES.includes(roleText as ProcessRole)) throw new Error(`LEDGERPORT_ROLE must be web, worker or all, got "${roleText}".`);
  const role = roleText as ProcessRole;
  const workers = readWorkers(env.LEDGERPORT_WORKERS, isPostgres);
  if (!isPostgres && role !== 'all') {
    throw new Error(`LEDGERPORT_ROLE=${role} needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process, which both serves and runs the jobs.`);
  }
  if (!isPostgres && workers !== 1) {
    throw new Error(`LEDGERPORT_WORKERS=${String(workers)} needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process. Leave it unset, or set it to 1 or auto.`);
  }
  const metricsToken = env.LEDGERPORT_METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && metricsToken.length < METRICS_TOKEN_LENGTH_MIN) {
    throw new Error(`LEDGERPORT_METRICS_TOKEN must be at least ${METRICS_TOKEN_LENGTH_MIN} characters (for example: openssl rand -hex 32).`);
  }
  return { role, workers, metricsToken };
}

function readWorkers(text: string | undefined, isPostgres: boolean): 'auto' | number {
  // auto on the embedded database means its one process.
  if (!text || text === 'auto') return isPostgres ? 'auto' : 1;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > WORKERS_MAX || String(count) !== text.trim()) {
    throw new Error(`LEDGERPORT_WORKERS must be auto or a whole number of HTTP processes from 1 to ${WORKERS_MAX}, got "${text}".`);
  }
  return count;
}

/** What npm start runs: the HTTP processes and whether a separate job process runs beside them. */
export interface ProcessPlan {
  /** HTTP processes (role web when a job process runs beside them or role is web; else all). */
  httpProcesses: number;
  /** One process that only runs jobs, beside the HTTP processes. */
  hasJobProcess: boolean;
}

/**
 * One process when one is asked for or the role is worker; else `workers` HTTP processes (auto: one per
 * core), and for role all one more that runs the jobs, so a long import never takes a request's core.
 */
export function planProcesses(config: ProcessConfig, cores: number): ProcessPlan | null {
  const count = config.workers === 'auto' ? Math.max(1, cores) : config.workers;
  if (config.role === 'worker' || (count === 1 && config.workers !== 'auto')) return null;
  return { httpProcesses: count, hasJobProcess: config.role === 'all' };
}
