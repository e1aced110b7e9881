// The import rules `npm run lint` checks with dependency-cruiser (decision 0051, docs/ARCHITECTURE.md
// "The server's layers"). ESLint's no-restricted-imports keeps the packages' boundaries (eslint.config.js).
const SERVER = '^apps/server/src/';
// The machinery at the bottom of the server: knows no feature, no composition.
const MACHINERY = `${SERVER}(http|jobs|mail|audit|security|config|clock|events|telemetry)/`;
// The composition at the top: the only code that knows every feature.
const COMPOSITION = `${SERVER}([^/]+\\.ts$|seed/|cli/)`;

// The features' layers, bottom first (docs/ARCHITECTURE.md keeps the same list with what each holds).
// A feature imports only features of its own layer or below; within a layer, the folder rule below
// forbids cycles. A new feature folder joins a layer here.
const LAYERS = [
  ['accounts', 'notifications', 'partner', 'one-time-links', 'feature-flags', 'whats-new', 'client-events'],
  ['auth', 'account-users', 'users', 'teams', 'organizations', 'sign-up', 'identity-providers'],
  ['billing', 'accounting-connections', 'netsuite-configuration'],
  ['stored-settlements', 'mappings', 'tax-settings', 'payment-source-settings', 'posting-settings', 'shopify-order-modes', 'shopify-reports', 'reconciliation'],
  ['imports', 'posting', 'ledger'],
  ['automation', 'cogs', 'redaction', 'shopify-order-settings', 'onboarding-questionnaire'],
  ['channel-connections', 'settlements', 'inventory', 'postings'],
  ['reports', 'clarity'],
  ['backend', 'account-management', 'account-archive'],
];
const folders = (names) => `${SERVER}features/(${names.join('|')})/`;
const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `feature-layer-${i + 1}-imports-only-below`,
  severity: 'error',
  comment: `Layer ${i + 1} (${layer.join(', ')}) imports no feature of a higher layer: move the shared piece down, or raise an event that the composition (wire-events.ts) subscribes.`,
  from: { path: folders(layer) },
  to: { path: folders(LAYERS.slice(i + 1).flat()) },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'feature-in-a-layer',
      severity: 'error',
      comment: 'Every feature folder has a place in LAYERS (.dependency-cruiser.cjs) and in docs/ARCHITECTURE.md.',
      from: { path: SERVER },
      to: { path: `${SERVER}features/`, pathNot: folders(LAYERS.flat()) },
    },
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment: 'No file may reach itself through its imports, anywhere in the repository.',
      from: {},
      to: {
        circular: true,
      },
    },
    {
      name: 'no-server-folder-cycle',
      severity: 'error',
      comment: "No cycle among the server's folders: each feature imports only features below it in the layer list of docs/ARCHITECTURE.md.",
      scope: 'folder',
      from: { path: SERVER },
      to: { circular: true },
    },
    {
      name: 'machinery-knows-no-feature',
      severity: 'error',
      comment: 'http, jobs, mail, audit, security, config, clock and events import no feature and no composition: declare an interface or hook, and let the composition pass it in.',
      from: { path: MACHINERY },
      to: { path: `${SERVER}features/|${COMPOSITION}` },
    },
    {
      name: 'features-know-no-composition',
      severity: 'error',
      comment: 'A feature never imports the composition (app.ts, main.ts, wire-events.ts, job-registry.ts, seed/, cli/): raise an event or take a hook instead.',
      from: { path: `${SERVER}features/` },
      to: { path: COMPOSITION },
    },
    {
      name: 'no-test-support-in-src',
      severity: 'error',
      comment: 'Server code does not import test support (apps/server/test/); only tests do.',
      from: { path: SERVER, pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/server/test/' },
    },
  ],
  options: {
    // Tests import what they test and test support; nothing imports a test, so they close no cycle.
    exclude: { path: ['node_modules', '(^|/)dist/', '\\.test\\.tsx?$', '__fixtures__', 'e2e/artifacts'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
