import { describe, expect, it } from 'vitest';
import { loadProcessConfig, planProcesses } from './process-config';

describe('LEDGERPORT_ROLE, LEDGERPORT_WORKERS and LEDGERPORT_METRICS_TOKEN', () => {
  it('defaults to a cluster on PostgreSQL and one process on the embedded database, /metrics off', () => {
    expect(loadProcessConfig({}, true)).toEqual({ role: 'all', workers: 'auto', metricsToken: undefined });
    expect(loadProcessConfig({}, false)).toEqual({ role: 'all', workers: 1, metricsToken: undefined });
    expect(loadProcessConfig({ LEDGERPORT_WORKERS: 'auto' }, false).workers).toBe(1);
  });

  it('refuses what the embedded database cannot do, saying why', () => {
    expect(() => loadProcessConfig({ LEDGERPORT_ROLE: 'worker' }, false)).toThrow('LEDGERPORT_ROLE=worker needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process, which both serves and runs the jobs.');
    expect(() => loadProcessConfig({ LEDGERPORT_WORKERS: '3' }, false)).toThrow('LEDGERPORT_WORKERS=3 needs PostgreSQL (DATABASE_URL)');
  });

  it('refuses an unknown role, a count that is not a whole number and a short token', () => {
    expect(() => loadProcessConfig({ LEDGERPORT_ROLE: 'api' }, true)).toThrow('LEDGERPORT_ROLE must be web, worker or all, got "api".');
    for (const text of ['0', '2.5', 'two', '65']) expect(() => loadProcessConfig({ LEDGERPORT_WORKERS: text }, true)).toThrow(`got "${text}"`);
    expect(() => loadProcessConfig({ LEDGERPORT_METRICS_TOKEN: 'short' }, true)).toThrow('LEDGERPORT_METRICS_TOKEN must be at least 16 characters');
    expect(loadProcessConfig({ LEDGERPORT_METRICS_TOKEN: 'a-token-of-sixteen' }, true).metricsToken).toBe('a-token-of-sixteen');
  });

  it('plans one HTTP process per core and a job process, or one process when asked or for a worker', () => {
    expect(planProcesses({ role: 'all', workers: 'auto', metricsToken: undefined }, 2)).toEqual({ httpProcesses: 2, hasJobProcess: true });
    expect(planProcesses({ role: 'web', workers: 3, metricsToken: undefined }, 2)).toEqual({ httpProcesses: 3, hasJobProcess: false });
    expect(planProcesses({ role: 'all', workers: 1, metricsToken: undefined }, 8)).toBeNull();
    expect(planProcesses({ role: 'worker', workers: 'auto', metricsToken: undefined }, 8)).toBeNull();
  });
});
