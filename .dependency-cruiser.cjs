/**
 * Import boundaries of ../shared/conventions.md ("What may import what"), checked by
 * dependency-cruiser in `npm run lint`, so that a wrong arrow fails CI. Also forbids cycles.
 * (docs/decisions/0007-import-boundaries-with-dependency-cruiser.md)
 */
/**
 * The sandbox's features, lowest first: a feature may import those before it, never one after it
 * (docs/decisions/0015-sandbox-feature-dependency-direction.md).
 */
const sandboxFeatureOrder = [
  'merchants',
  'webhooks',
  'transactions',
  'virtual-accounts',
  'payments',
  'subscriptions',
  'direct-debit',
  'checkout',
  'payouts',
  'sandbox-controls',
  // Reads about every other feature (the route table; the log of every request).
  'request-log',
  'openapi',
];

/** One rule per feature: it never imports a feature after it in {@link sandboxFeatureOrder}. */
const sandboxFeatureDirection = sandboxFeatureOrder.slice(0, -1).map((feature, index) => ({
  name: `sandbox-feature-direction-${feature}`,
  comment:
    `sandbox/features/${feature} may import only features before it in ` +
    `${sandboxFeatureOrder.join(' < ')} (docs/decisions/0015).`,
  severity: 'error',
  from: { path: `^sandbox/features/${feature}/` },
  to: { path: `^sandbox/features/(${sandboxFeatureOrder.slice(index + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...sandboxFeatureDirection,
    {
      name: 'sandbox-features-are-listed',
      comment: 'Every folder of sandbox/features has its place in sandboxFeatureOrder.',
      severity: 'error',
      from: {},
      to: {
        path: '^sandbox/features/',
        pathNot: `^sandbox/features/(${sandboxFeatureOrder.join('|')})/`,
      },
    },
    {
      name: 'sandbox-foundation-never-imports-features',
      comment:
        'sandbox/core and sandbox/db are the foundation every feature stands on: they never ' +
        'import a feature, the composition or the process around it. What wires features ' +
        'together lives in sandbox/composition (docs/decisions/0037). Their test files may ' +
        'start a whole sandbox through sandbox/testing, never reach a feature directly.',
      severity: 'error',
      from: { path: '^sandbox/(core|db)/' },
      to: {
        path: '^sandbox/',
        pathNot: ['^sandbox/(core|db)/', '^sandbox/testing/'],
      },
    },
    {
      name: 'sandbox-foundation-code-never-imports-testing',
      comment: 'Only test files of sandbox/core and sandbox/db may use sandbox/testing.',
      severity: 'error',
      from: { path: '^sandbox/(core|db)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^sandbox/testing/' },
    },
    {
      name: 'sandbox-features-never-import-the-composition',
      comment:
        'A feature never reaches up into sandbox/composition (the app, its route registry and ' +
        'request pipeline); only its tests may start a whole sandbox.',
      severity: 'error',
      from: { path: '^sandbox/features/', pathNot: '\\.test\\.ts$' },
      to: { path: '^sandbox/composition/' },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      comment: 'contract/ imports nothing of ours: it is shared by the SPA and the sandbox.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(sandbox|src|e2e|scripts|merchant-kit)/' },
    },
    {
      name: 'sandbox-never-imports-the-spa',
      comment: 'sandbox/ may import contract/, never the SPA or the end-to-end tests.',
      severity: 'error',
      from: { path: '^sandbox/' },
      to: { path: '^(src|e2e)/' },
    },
    {
      name: 'spa-never-imports-the-sandbox',
      comment:
        'The SPA runs in the browser: it may import contract/, never the sandbox. Only its ' +
        'test files may import sandbox/testing (component tests run against the handler core).',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(sandbox|e2e|scripts)/' },
    },
    {
      name: 'spa-tests-import-only-sandbox-testing',
      comment: 'SPA test files may reach the sandbox only through sandbox/testing.',
      severity: 'error',
      from: { path: '^src/.+\\.test\\.tsx?$' },
      to: { path: '^(sandbox|e2e|scripts)/', pathNot: '^sandbox/testing/' },
    },
    {
      name: 'shared-folders-never-import-features',
      comment: 'src/components, src/lib and src/messages never import features or the app.',
      severity: 'error',
      from: { path: '^src/(components|lib|messages)/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'features-never-import-each-other',
      comment: 'A feature never imports another feature; features meet only in src/app.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'features-never-import-the-app',
      comment:
        'src/app composes features; a feature never reaches back into it (its router, ' +
        'providers, entry). Only page tests may render the whole app, as a customer meets it.',
      severity: 'error',
      from: { path: '^src/features/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/app/' },
    },
    {
      name: 'no-circular',
      comment: 'Cycles hide the architecture and break lazy loading.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist[^/]*|test-results|\\.sandbox)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
