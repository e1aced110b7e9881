/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, so the server
 * sends compressed files without compressing on each request (@fastify/static's `preCompressed`;
 * decision 0026). Files under 1 kB are left alone: compressing them saves nothing worth a lookup.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const SIZE_MIN_BYTES = 1024;

export function precompress(): Plugin {
  return {
    name: 'ledgerport-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = join(dir, fileName);
        const content = readFileSync(file);
        if (content.length < SIZE_MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
      }
    },
  };
}
