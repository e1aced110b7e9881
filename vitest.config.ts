import { defineConfig } from 'vitest/config';

// One runner, several projects. The server suite runs on the embedded database (PGlite) always, and
// a second time on real PostgreSQL when DATABASE_URL is set (CI sets it): see apps/server/test/test-db.ts.
const node = (name: string, include: string[], env: Record<string, string> = {}, setupFiles: string[] = []) => ({
  test: { name, include, environment: 'node' as const, env, setupFiles, testTimeout: 30_000, hookTimeout: 120_000 },
});
// The server's tests get the composition's event wiring, as buildApp gives the server (decision 0051).
const serverSetup = ['apps/server/test/wire-events-setup.ts'];

export default defineConfig({
  test: {
    projects: [
      node('core', ['packages/core/src/**/*.test.ts']),
      node('contract', ['packages/contract/src/**/*.test.ts']),
      node('integrations', ['packages/integrations/src/**/*.test.ts']),
      node('db', ['packages/db/src/**/*.test.ts']),
      node('cli', ['apps/cli/src/**/*.test.ts']),
      node('server-pglite', ['apps/server/src/**/*.test.ts'], { LEDGERPORT_TEST_DB: 'pglite' }, serverSetup),
      ...(process.env.DATABASE_URL
        ? [node('server-postgres', ['apps/server/src/**/*.test.ts'], { LEDGERPORT_TEST_DB: 'postgres' }, serverSetup)]
        : []),
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          // A render-click-wait test takes well under a second alone; under a busy 2-core machine it
          // can take several, which is not a failure of the behaviour it checks.
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
