// ESLint flat config: typescript-eslint (type-checked) and the import-boundary rule of
// docs/ARCHITECTURE.md: core imports nothing of ours; contract, db, integrations -> core;
// server -> all packages; web -> contract and core; cli -> core.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Node's globals for the plain .js/.mjs scripts (the TypeScript sources get them from @types/node).
const nodeGlobals = Object.fromEntries(['process', 'console', 'URL', 'setTimeout', 'clearTimeout', 'Buffer'].map((n) => [n, 'readonly']));

const ours = ['@ledgerport/core', '@ledgerport/contract', '@ledgerport/db', '@ledgerport/integrations', '@ledgerport/server'];
const boundary = (files, allowed, extra = [], ignores = []) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...ours
            .filter((p) => !allowed.includes(p))
            .map((p) => ({ group: [p, `${p}/*`], message: `This layer may not import ${p} (see docs/ARCHITECTURE.md).` })),
          ...extra,
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/__fixtures__/**', 'e2e/artifacts/**', 'test-results/**', '.ledgerport/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', '*.cjs', '*.ts', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      'no-restricted-globals': ['error', { name: 'parseFloat', message: 'Money is never a float: use @ledgerport/core/money.' }],
    },
  },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], extends: [tseslint.configs.disableTypeChecked], languageOptions: { globals: nodeGlobals } },
  // CommonJS config files (.dependency-cruiser.cjs).
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  boundary(['packages/core/**'], [], [{ group: ['node:*', 'fs', 'path', 'http', 'https'], message: 'core is pure: no I/O.' }], ['**/*.test.ts', '**/test-support/**']),
  boundary(['packages/contract/**'], ['@ledgerport/core']),
  boundary(['packages/db/**'], ['@ledgerport/core']),
  boundary(['packages/integrations/**'], ['@ledgerport/core']),
  boundary(['apps/web/**'], ['@ledgerport/core', '@ledgerport/contract']),
  boundary(['apps/cli/**'], ['@ledgerport/core']),
);
