/**
 * What the built web app (apps/web/dist) makes a browser download on the first load of a route: the
 * entry chunk, every chunk it imports statically (transitively), and the route's page chunk with its
 * own static imports. Read from Vite's manifest; sizes are gzip level 9 of each file (the server
 * sends them uncompressed today; a CDN or proxy in front would gzip them). Used by the bundle-budget
 * journey and `npm run bench -- web` (decision 0026).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
/** The page modules of the routes measured, as the manifest names them (source path from apps/web). */
export const SETTLEMENTS_PAGE_SOURCE = 'src/features/settlements/settlements-page.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface JsFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface FirstLoadJs {
  files: JsFile[];
  bytes: number;
  gzipBytes: number;
}

export function isWebBuilt(distDir = WEB_DIST_DIR): boolean {
  return fs.existsSync(path.join(distDir, '.vite', 'manifest.json'));
}

function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the web app first (npm run build).`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

function measureFile(distDir: string, file: string): JsFile {
  const bytes = fs.readFileSync(path.join(distDir, file));
  return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

function sum(files: JsFile[]): FirstLoadJs {
  return { files, bytes: files.reduce((n, f) => n + f.bytes, 0), gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0) };
}

/** The chunks `keys` load before running: themselves and their static imports, each once. */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk '${key}'`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  return entries[0] as string;
}

/** The JavaScript of a first load of the route whose page module is `pageSource`. */
export function measureFirstLoadJs(pageSource: string, distDir = WEB_DIST_DIR): FirstLoadJs {
  const manifest = readManifest(distDir);
  const keys = staticClosure(manifest, [entryKey(manifest), pageSource]);
  return sum(keys.map((k) => measureFile(distDir, (manifest[k] as ManifestChunk).file)));
}

/** The entry chunk and its static imports alone: what every route loads before its page. */
export function measureEntryJs(distDir = WEB_DIST_DIR): FirstLoadJs {
  const manifest = readManifest(distDir);
  return sum(staticClosure(manifest, [entryKey(manifest)]).map((k) => measureFile(distDir, (manifest[k] as ManifestChunk).file)));
}

/** Every JavaScript file of the build: what one bundle for every page would weigh. */
export function measureAllJs(distDir = WEB_DIST_DIR): FirstLoadJs {
  const assets = path.join(distDir, 'assets');
  return sum(fs.readdirSync(assets).filter((f) => f.endsWith('.js')).sort().map((f) => measureFile(distDir, `assets/${f}`)));
}
