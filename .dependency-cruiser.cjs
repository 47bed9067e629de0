/**
 * Import boundaries of ../shared/conventions.md ("What may import what"), checked by
 * dependency-cruiser in `npm run lint`, so that a wrong arrow fails CI. Also forbids cycles.
 * (docs/decisions/0007-import-boundaries-with-dependency-cruiser.md)
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
      to: { path: '^(e2e|scripts)/' },
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
