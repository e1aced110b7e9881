/**
 * `npm run bench [-- name...]`: runs the named benchmarks (all when none is named). Each prints its
 * figures beside a baseline measured in the same process; benchmarks never fail on time.
 * Each benchmark lives in <name>.ts and exports `run(args: string[]): Promise<void>`.
 */
export {};

const BENCHES: Record<string, () => Promise<{ run(args: string[]): Promise<void> }>> = {
  parse: () => import('./parse'),
  post: () => import('./post'),
  api: () => import('./api'),
  isolation: () => import('./isolation'),
  web: () => import('./web'),
  reports: () => import('./reports'),
  cogs: () => import('./cogs'),
  load: () => import('./load'),
};

const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const selected = names.length > 0 ? names : Object.keys(BENCHES);
for (const name of selected) {
  const load = BENCHES[name];
  if (!load) {
    console.error(`unknown benchmark '${name}'; known: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
  let mod;
  try {
    mod = await load();
  } catch (e) {
    console.error(`benchmark '${name}' is not available in this build: ${(e as Error).message}`);
    continue;
  }
  console.log(`\n== bench ${name}`);
  await mod.run(flags);
}
