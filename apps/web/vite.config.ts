import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress';

/**
 * file-selector (react-dropzone 14's, the settlement upload's) gets a tslib module of its own: sharing
 * the one react-remove-scroll uses put its __awaiter into the first load's Mantine chunk (decision 0055).
 */
function ownTslibForFileSelector(): Plugin {
  const copy = fileURLToPath(new URL('../../node_modules/tslib/tslib.es6.js', import.meta.url));
  return { name: 'ledgerport-file-selector-tslib', enforce: 'pre', resolveId: (source, importer) => (source === 'tslib' && importer?.includes('file-selector') ? copy : null) };
}

const SHELL = /[\\/](apps[\\/]web[\\/]src[\\/](app|lib)|packages[\\/]core[\\/]src[\\/](rules|money))[\\/]/;
// Two tiny modules most pages and the first load use: each alone was a file of under 200 bytes
// gzipped, most of it the file's own import lines and gzip header.
const SHELL_SMALL = /[\\/]apps[\\/]web[\\/]src[\\/](ui[\\/]money-text\.tsx|features[\\/]settlements[\\/]settlement-path\.ts)$/;
const SHELL_ON_DEMAND = /[\\/]app[\\/](side-layouts|newcomer-frame|nav-menus)\.tsx$/;
// The Mantine components the frame and the settlements list render (the first load of the app). They
// form one chunk: the entries-aware group below would spread them over a dozen files and merge
// neighbours' components into them (decision 0026). A component missing here still works; it only
// lands in a smaller chunk.
const FIRST_LOAD_MANTINE = new RegExp(
  `[\\\\/]node_modules[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/](core|utils|components[\\\\/](${[
    'ActionIcon', 'Alert', 'Anchor', 'AppShell', 'Avatar', 'Badge', 'Box', 'Burger', 'Button', 'Center', 'Checkbox', 'CloseButton', 'Collapse',
    'Combobox', 'Container', 'EmptyState', 'FocusTrap', 'Group', 'Indicator', 'Input', 'InputBase', 'Loader', 'MultiSelect',
    'NativeSelect', 'NavLink', 'Overlay', 'Paper', 'Pill', 'PillsInput', 'Popover', 'Portal', 'Progress', 'ScrollArea', 'Select', 'Skeleton',
    'Stack', 'Table', 'Text', 'TextInput', 'Title', 'Tooltip', 'Transition', 'UnstyledButton', 'VisuallyHidden',
  ].join('|')}))[\\\\/]`,
);
const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

// Served by the server at /app/ (history navigation); the API lives at the server root, same origin.
// Every feature page is its own chunk (each route-table entry's lazyPage, app/routes-*.ts). The manifest (dist/.vite/manifest.json,
// never served: the server ignores dot folders) lets the bundle-budget journey and `npm run bench
// -- web` sum what a route loads (decision 0026).
export default defineConfig({
  base: '/app/',
  // The release the browser's js_error reports carry (features/error-reports/error-reporter.ts): LEDGERPORT_RELEASE, else the web package's version.
  define: { __LEDGERPORT_RELEASE__: JSON.stringify(process.env.LEDGERPORT_RELEASE ?? (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version) },
  plugins: [ownTslibForFileSelector(), react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Rolldown's replacement for manualChunks. Without groups, the Mantine components that two
        // pages share become dozens of sub-kilobyte chunks (a request and a gzip header each).
        // An entries-aware group's name lists its pages ('mantine~index~logout-page~…'); the hash is enough.
        chunkFileNames: (chunk) => (chunk.name.includes('~') ? `assets/${chunk.name.split('~')[0]}-[hash].js` : 'assets/[name]-[hash].js'),
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: pkg('react|react-dom|scheduler|react-router|@tanstack/react-query|@tanstack/query-core'), priority: 50 },
            // Mantine's components, grouped by the set of pages that use them (the shell counts as a
            // page), groups under 12 kB merged into their nearest neighbour: a page loads a few
            // Mantine chunks, not dozens of sub-kilobyte ones (44 files instead of 80 on the first
            // load of /app/settlements, 10 kB less gzipped).
            { name: 'mantine', test: pkg('@mantine/core|@mantine/hooks|@floating-ui/[^\\\\/]+|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|clsx|tslib|get-nonce|@tabler/icons-react'), entriesAware: true, entriesAwareMergeThreshold: 12_000, priority: 30 },
            { name: 'mantine-first', test: FIRST_LOAD_MANTINE, priority: 35 },
            // SimpleGrid on its own: merged into its nearest small neighbour it landed in a chunk of
            // the first load once @mantine/dropzone was gone (issue 26), for pages that are not the list.
            { name: 'mantine-grid', test: /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]SimpleGrid[\\/]/, priority: 34 },
            // Icons grouped among themselves: merged into Mantine's small groups they pulled unrelated
            // components (Textarea, LoadingOverlay) into the first load.
            { name: 'icons', test: pkg('@tabler/icons-react'), entriesAware: true, entriesAwareMergeThreshold: 4_000, priority: 32 },
            // Our own frame code and the core rules it runs, one file instead of a dozen small ones
            // (each gzipped alone compresses worse). Files of src/app that load on demand stay out: a
            // group captures its modules' dependencies too.
            { name: 'shell', test: (id: string) => (SHELL.test(id) || SHELL_SMALL.test(id)) && !SHELL_ON_DEMAND.test(id), priority: 20 },
            // Only some pages: data tables.
            { name: 'vendor-table', test: pkg('@tanstack/react-table|@tanstack/table-core|@tanstack/store|@tanstack/react-store|use-sync-external-store'), priority: 40 },
          ],
        },
      },
    },
  },
});
