// Type-checks every workspace with its own tsconfig (the web app has DOM types, the rest do not).
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
let failed = 0;
for (const ws of root.workspaces) {
  // A workspace with no TypeScript yet (tsc would fail with 'No inputs were found') has nothing to check.
  const hasSources = ['src', 'test', '.'].some((d) => existsSync(`${ws}/${d}`) && readdirSync(`${ws}/${d}`, { recursive: true }).some((f) => String(f).endsWith('.ts') && !String(f).includes('node_modules')));
  if (!hasSources) continue;
  const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', `${ws}/tsconfig.json`], { stdio: 'inherit' });
  if (r.status !== 0) { failed++; console.error(`typecheck failed: ${ws}`); }
}
process.exit(failed ? 1 : 0);
