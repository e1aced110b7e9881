// Type-checks every workspace with its own tsconfig (the web app has DOM types, the rest do not).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
let failed = 0;
for (const ws of root.workspaces) {
  const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', `${ws}/tsconfig.json`], { stdio: 'inherit' });
  if (r.status !== 0) { failed++; console.error(`typecheck failed: ${ws}`); }
}
process.exit(failed ? 1 : 0);
