// `npm test`: every test of the repository. Unit, component and server suites (Vitest; the server
// suite runs on PGlite, and on PostgreSQL too when DATABASE_URL is set), then the end-to-end journeys
// in Debian's Chromium (Playwright) against the built web app and the real server. Ends with one
// plain line 'tests: N passed, N failed' summing both runners.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const only = process.argv[2]; // 'unit' | 'e2e' | undefined (both)
mkdirSync('.tmp', { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

let passed = 0;
let failed = 0;
let status = 0;

if (only !== 'e2e') {
  rmSync('.tmp/vitest.json', { force: true });
  const code = run(process.execPath, [
    'node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json',
  ]);
  const report = read('.tmp/vitest.json');
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  if (code !== 0) status = code;
}

if (only !== 'unit') {
  const build = run('npm', ['run', 'build']);
  if (build !== 0) status = build;
  else {
    rmSync('.tmp/playwright.json', { force: true });
    const code = run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      // Absolute: Playwright resolves a relative name against the config's folder (e2e/), not the cwd.
      PLAYWRIGHT_JSON_OUTPUT_NAME: resolve('.tmp/playwright.json'),
    });
    const report = read('.tmp/playwright.json');
    if (report?.stats) {
      passed += report.stats.expected + (report.stats.flaky ?? 0);
      failed += report.stats.unexpected;
    }
    if (code !== 0) status = code;
  }
}

console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(status);
