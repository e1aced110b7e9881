// Counts the server's folders that sit in an import cycle (issue 27; `npm run cycles`): each
// features/* folder and each other top folder or top file of apps/server/src is one node, an import
// from a file of one node to a file of another is an edge, tests are left out. Prints the count and
// each cycle (strongly connected component); `npm run cycles -- edges` also prints every edge.
// `npm run lint` (dependency-cruiser, .dependency-cruiser.cjs) is the check that fails on a cycle;
// this is the quick count of how many folders one would touch.
import fs from 'node:fs';
import path from 'node:path';

const root = 'apps/server/src';

function walk(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

function nodeOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'features') return `features/${rel[1]}`;
  if (rel.length === 1) return rel[0].replace(/\.tsx?$/, '');
  return rel[0];
}

function resolveImport(from, spec) {
  const t = path.resolve(path.dirname(from), spec).replace(/\.js$/, '.ts');
  for (const c of [t, `${t}.ts`, `${t}.tsx`, path.join(t, 'index.ts')]) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

const files = walk(root);
const nodes = new Set(files.map(nodeOf));
const edges = new Map([...nodes].map((n) => [n, new Set()]));
// `import … from './x'`, `export … from './x'`, `import('./x')`, and a bare `import './x'` (run for its effects).
const importPattern = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|^\s*import\s+['"](\.[^'"]+)['"]/gm;
for (const f of files) {
  const src = fs.readFileSync(f, 'utf8');
  for (const m of src.matchAll(importPattern)) {
    const target = resolveImport(f, m[1] ?? m[2] ?? m[3]);
    if (!target || path.relative(root, target).startsWith('..')) continue;
    const a = nodeOf(f);
    const b = nodeOf(target);
    if (a !== b) edges.get(a).add(b);
  }
}

// Tarjan's strongly connected components.
let index = 0;
const stack = [];
const onStack = new Set();
const indexOf = new Map();
const lowOf = new Map();
const components = [];
function connect(v) {
  indexOf.set(v, index);
  lowOf.set(v, index);
  index++;
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v)) {
    if (!indexOf.has(w)) {
      connect(w);
      lowOf.set(v, Math.min(lowOf.get(v), lowOf.get(w)));
    } else if (onStack.has(w)) lowOf.set(v, Math.min(lowOf.get(v), indexOf.get(w)));
  }
  if (lowOf.get(v) === indexOf.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    components.push(component);
  }
}
for (const v of nodes) if (!indexOf.has(v)) connect(v);

const cycles = components.filter((c) => c.length > 1);
console.log(`${cycles.reduce((n, c) => n + c.length, 0)} of ${nodes.size} folders of ${root} are in an import cycle`);
for (const c of cycles) console.log(`  cycle: ${c.sort().join(', ')}`);
if (process.argv[2] === 'edges') for (const [a, bs] of [...edges].sort()) console.log(`${a} -> ${[...bs].sort().join(', ')}`);
process.exitCode = cycles.length > 0 ? 1 : 0;
